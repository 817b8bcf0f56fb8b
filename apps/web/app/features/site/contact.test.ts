import { contactRequest } from '@promptmarket/contracts/content';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import { firstContactError } from './contact';

function firstMessage(input: Record<string, string>) {
  const result = contactRequest.safeParse(input);
  if (result.success) return null;
  const failing = new Map(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const field = firstContactError((name) => failing.has(name));
  return field ? validationText(failing.get(field) ?? '', 'en') : null;
}

const complete = {
  first_name: 'Marie',
  last_name: 'Curie',
  email: 'marie@example.test',
  phone: '+33 1 23',
  address: 'Rue 1',
  city: 'Paris',
  post_code: '75005',
  country: 'FR',
};

describe('contact form order', () => {
  it('reports the first failing field only, in the spec’s order', () => {
    expect(firstMessage({})).toBe('First name is required');
    expect(firstMessage({ first_name: 'M' })).toBe('Last name is required');
    expect(firstMessage({ first_name: 'M', last_name: 'C' })).toBe('Email is required');
    expect(firstMessage({ first_name: 'M', last_name: 'C', email: 'nope' })).toBe(
      'Please enter a valid email',
    );
    expect(firstMessage({ ...complete, phone: '' })).toBe('Phone number is required');
    expect(firstMessage({ ...complete, address: '' })).toBe('Address is required');
    expect(firstMessage({ ...complete, city: '' })).toBe('City is required');
    expect(firstMessage({ ...complete, post_code: '' })).toBe('Post code is required');
    expect(firstMessage({ ...complete, country: '' })).toBe('Country is required');
    expect(firstMessage(complete)).toBeNull();
  });
});
