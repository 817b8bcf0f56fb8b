import { describe, expect, it } from 'vitest';
import { transportAction, transportActionPath } from './transport-rules';

describe('transportAction', () => {
  it('logs out and goes to login on 401 only while authenticated', () => {
    expect(transportAction(401, 'Unauthenticated.', true)).toEqual({ kind: 'login' });
    expect(transportAction(401, 'Unauthenticated.', false)).toEqual({ kind: 'none' });
  });

  it('reloads on 419', () => {
    expect(transportAction(419, 'CSRF token mismatch.', false)).toEqual({ kind: 'reload' });
  });

  it('sends an unverified user to verify-email, any other 403 to forbidden', () => {
    expect(transportAction(403, 'Your email address is not verified.', true)).toEqual({
      kind: 'verify-email',
    });
    expect(transportAction(403, 'This action is unauthorized.', true)).toEqual({ kind: 'forbidden' });
  });

  it('leaves other failures to the caller', () => {
    expect(transportAction(422, 'Validation error', true)).toEqual({ kind: 'none' });
    expect(transportAction(500, 'Server Error', true)).toEqual({ kind: 'none' });
  });
});

describe('transportActionPath', () => {
  it('keeps the full current path, query included, as the redirect after login', () => {
    expect(transportActionPath({ kind: 'login' }, 'de', '/de/cart?step=2')).toBe(
      '/de/login?redirect=%2Fde%2Fcart%3Fstep%3D2',
    );
    expect(transportActionPath({ kind: 'forbidden' }, 'en', '/en/x')).toBe('/en/forbidden');
    expect(transportActionPath({ kind: 'verify-email' }, 'fr', '/fr/x')).toBe('/fr/email/verify');
    expect(transportActionPath({ kind: 'reload' }, 'en', '/en')).toBeNull();
  });
});
