import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors } from './form-errors';

describe('applyServerErrors', () => {
  it('asks for the "Validation error" text when a 422 names no field', () => {
    const placed: string[] = [];
    const result = applyServerErrors(
      new ApiError(422, 'The given data was invalid.'),
      (field) => placed.push(field),
      ['email'],
    );
    expect(result.textKey).toBe('form.validationError');
    expect(placed).toEqual([]);
  });

  it('puts field errors on their fields and asks for no catalogue text', () => {
    const placed: string[] = [];
    const error = new ApiError(422, 'The email field is required.', {
      email: ['The email field is required.'],
    });
    const result = applyServerErrors(error, (field) => placed.push(field), ['email']);
    expect(placed).toEqual(['email']);
    expect(result).toEqual({ message: null, status: 422, textKey: null });
  });

  it('tells a guest refused with 401 that login is needed', () => {
    const result = applyServerErrors(new ApiError(401, 'Unauthenticated.'), () => {}, ['email']);
    expect(result.textKey).toBe('form.needLogin');
  });
});
