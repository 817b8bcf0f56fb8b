import { describe, expect, it } from 'vitest';
import { failureTextKey, transportAction, transportActionPath } from './transport-rules';

describe('transportAction', () => {
  it('logs out and goes to login on 401 only while authenticated', () => {
    expect(transportAction(401, 'UNAUTHENTICATED', true)).toEqual({ kind: 'login' });
    expect(transportAction(401, 'UNAUTHENTICATED', false)).toEqual({ kind: 'none' });
  });

  it('reloads on 419', () => {
    expect(transportAction(419, 'CSRF_TOKEN_MISMATCH', false)).toEqual({ kind: 'reload' });
  });

  it('sends an unverified user to verify-email, any other 403 to forbidden, by the code', () => {
    expect(transportAction(403, 'EMAIL_NOT_VERIFIED', true)).toEqual({ kind: 'verify-email' });
    expect(transportAction(403, 'FORBIDDEN', true)).toEqual({ kind: 'forbidden' });
    // A 403 from something other than the API (a proxy) carries no code.
    expect(transportAction(403, null, true)).toEqual({ kind: 'forbidden' });
    // An offer of 150 EUR or more before the identity is verified: the screen shows its dialog.
    expect(transportAction(403, 'VERIFICATION_REQUIRED', true)).toEqual({ kind: 'none' });
    expect(transportAction(403, 'NOT_A_BUYER', true)).toEqual({ kind: 'none' });
    // An admin without two-factor sign-in: the back office's security screen.
    expect(transportAction(403, 'TWO_FACTOR_SETUP_REQUIRED', true)).toEqual({ kind: 'two-factor-setup' });
  });

  it('leaves other failures to the caller', () => {
    expect(transportAction(422, 'VALIDATION_FAILED', true)).toEqual({ kind: 'none' });
    expect(transportAction(500, 'INTERNAL', true)).toEqual({ kind: 'none' });
  });
});

describe('transportActionPath', () => {
  it('keeps the full current path, query included, as the redirect after login', () => {
    expect(transportActionPath({ kind: 'login' }, 'de', '/de/cart?step=2')).toBe(
      '/de/login?redirect=%2Fde%2Fcart%3Fstep%3D2',
    );
    expect(transportActionPath({ kind: 'forbidden' }, 'en', '/en/x')).toBe('/en/forbidden');
    expect(transportActionPath({ kind: 'verify-email' }, 'fr', '/fr/x')).toBe('/fr/email/verify');
    expect(transportActionPath({ kind: 'two-factor-setup' }, 'it', '/it/admin/offers')).toBe(
      '/it/admin/security',
    );
    expect(transportActionPath({ kind: 'reload' }, 'en', '/en')).toBeNull();
  });
});

describe('failureTextKey', () => {
  it('reads "Validation error" for a 422 without field errors only', () => {
    expect(failureTextKey(422, false, false)).toBe('form.validationError');
    expect(failureTextKey(422, false, true)).toBe('form.validationError');
    expect(failureTextKey(422, true, false)).toBeNull();
  });

  it('tells a guest refused with 401 that login is needed', () => {
    expect(failureTextKey(401, false, false)).toBe('form.needLogin');
    // A signed-in user's 401 leads to login instead (transportAction).
    expect(failureTextKey(401, false, true)).toBeNull();
  });

  it('leaves other failures to their own message', () => {
    expect(failureTextKey(500, false, false)).toBeNull();
    expect(failureTextKey(429, false, false)).toBeNull();
  });

  it('has both texts in all six languages', async () => {
    const { allMessagesFor } = await import('./messages.server');
    const { messageAt } = await import('./seo');
    const english = allMessagesFor('en');
    for (const locale of ['de', 'fr', 'es', 'it', 'pl']) {
      for (const key of ['form.validationError', 'form.needLogin']) {
        const text = messageAt(allMessagesFor(locale), key);
        expect(text).not.toBe(key);
        expect(text).not.toBe(messageAt(english, key));
      }
    }
    expect(messageAt(english, 'form.validationError')).toBe('Validation error');
    expect(messageAt(english, 'form.needLogin')).toBe('You need to be logged in');
  });
});
