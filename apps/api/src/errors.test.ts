import { errorCodes } from '@promptmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, laravelValidationMessage, statusOf } from './errors';
import { parseInput } from './lib/validate';
import { createTestApp, startBrowserSession, type TestApp } from './test/app';

describe('statusOf', () => {
  it('maps every error code to its HTTP status', () => {
    const table = Object.fromEntries(errorCodes.map((code) => [code, statusOf(code)]));
    expect(table).toEqual({
      BAD_REQUEST: 400,
      VALIDATION_FAILED: 422,
      INSUFFICIENT_FUNDS: 422,
      ACCOUNT_IN_DEBT: 422,
      OFFER_ALREADY_ANSWERED: 422,
      OFFER_NOT_PRICED: 422,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      EMAIL_NOT_VERIFIED: 403,
      VERIFICATION_REQUIRED: 403,
      TWO_FACTOR_SETUP_REQUIRED: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      IDEMPOTENCY_KEY_REUSED: 409,
      ACCOUNT_HAS_BALANCE: 409,
      ACCOUNT_HAS_UNPAID_PAYOUT: 409,
      ACCOUNT_HAS_PENDING_DEPOSIT: 409,
      PRICE_CHANGED: 409,
      NOT_A_BUYER: 403,
      REVIEW_EXISTS: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      CSRF_TOKEN_MISMATCH: 419,
      TOO_MANY_REQUESTS: 429,
      INTERNAL: 500,
      SERVICE_UNAVAILABLE: 503,
      DATABASE_UNAVAILABLE: 503,
    });
  });
});

describe('laravelValidationMessage', () => {
  it('is the first message, with the count of the others', () => {
    expect(laravelValidationMessage({ email: ['Email is required'] })).toBe('Email is required');
    expect(laravelValidationMessage({ email: ['Email is required'], name: ['Name is required'] })).toBe(
      'Email is required (and 1 more error)',
    );
    expect(laravelValidationMessage({ a: ['A', 'B'], c: ['C'] })).toBe('A (and 2 more errors)');
  });
});

describe('error responses', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, (instance) => {
      instance.register(
        async (scope) => {
          scope.post('/validate', async (request) => {
            const body = parseInput(
              z.object({
                email: z.email('Please enter a valid email'),
                tags: z.array(z.string().min(1, 'Tag is required')),
              }),
              request.body,
            );
            return { status: 'OK', payload: body };
          });
          scope.get('/unauthenticated', async () => {
            throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
          });
          scope.get('/short', async () => {
            throw AppError.validation({ balance: ['funds.insufficient'] }, 'INSUFFICIENT_FUNDS');
          });
          scope.get('/unverified', async () => {
            throw new AppError('EMAIL_NOT_VERIFIED', 'Your email address is not verified.');
          });
          scope.get('/throttled', async () => {
            throw new AppError('TOO_MANY_REQUESTS', 'Too Many Attempts.', undefined, { 'retry-after': '42' });
          });
          scope.get('/empty-cart', async () => {
            throw new AppError('CONFLICT', 'cart.empty');
          });
          scope.get('/below-minimum', async () => {
            throw AppError.validation({ amount: ['amount.min'] }, 'VALIDATION_FAILED', { min: '10.00 EUR' });
          });
          scope.get('/other-details', async () => {
            throw AppError.conflict('request.other_details');
          });
          scope.get('/not-pending', async () => {
            throw AppError.conflict('offer.not_pending', { id: '7', status: 'approved' });
          });
          scope.get('/refused', async () => {
            throw new AppError(
              'INSUFFICIENT_FUNDS',
              'purchase.insufficient',
              undefined,
              undefined,
              {
                amount: '5.90 Credits',
              },
              { status: 'ERROR', missing: 5.9 },
            );
          });
          scope.get('/crash', async () => {
            throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
          });
        },
        { prefix: '/api/test' },
      );
    });
  });
  afterAll(() => app.close());

  it('answers 422 with the Laravel errors map, field names with dots, and the code', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: session.headers(),
      payload: { email: 'nope', tags: ['ok', ''] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Please enter a valid email (and 1 more error)',
      errors: { email: ['Please enter a valid email'], 'tags.1': ['Tag is required'] },
      code: 'VALIDATION_FAILED',
    });
  });

  it('keeps the 422 and its field errors for a failure with its own code', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/short',
      headers: { 'frontend-language': 'de' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Guthaben reicht nicht aus. Bitte lade dein Guthaben auf.',
      errors: { balance: ['Guthaben reicht nicht aus. Bitte lade dein Guthaben auf.'] },
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('answers 401, 403 and 429 with the message and the code, and Retry-After on 429', async () => {
    const unauthenticated = await app.inject({ method: 'GET', url: '/api/test/unauthenticated' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });

    const unverified = await app.inject({ method: 'GET', url: '/api/test/unverified' });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: 'Your email address is not verified.',
      code: 'EMAIL_NOT_VERIFIED',
    });

    const throttled = await app.inject({ method: 'GET', url: '/api/test/throttled' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('42');
    expect(throttled.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
  });

  it('translates a message key once, in the language of the request, with its placeholders filled', async () => {
    const german = { 'frontend-language': 'de' };
    const conflict = await app.inject({ method: 'GET', url: '/api/test/empty-cart', headers: german });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Dein Warenkorb ist leer.', code: 'CONFLICT' });
    const english = await app.inject({ method: 'GET', url: '/api/test/empty-cart' });
    expect(english.json()).toEqual({ message: 'Your cart is empty.', code: 'CONFLICT' });

    const minimum = await app.inject({ method: 'GET', url: '/api/test/below-minimum', headers: german });
    expect(minimum.statusCode).toBe(422);
    expect(minimum.json()).toEqual({
      message: 'Der Mindestbetrag ist 10.00 EUR.',
      errors: { amount: ['Der Mindestbetrag ist 10.00 EUR.'] },
      code: 'VALIDATION_FAILED',
    });
    // A fixed text that is no key reads the same in every language.
    const unauthenticated = await app.inject({
      method: 'GET',
      url: '/api/test/unauthenticated',
      headers: german,
    });
    expect(unauthenticated.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
  });

  it('answers a conflict in the language of the request', async () => {
    const german = { 'frontend-language': 'de' };
    const replayed = await app.inject({ method: 'GET', url: '/api/test/other-details', headers: german });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual({
      message: 'Diese Anfrage wurde bereits mit anderen Angaben gestellt.',
      code: 'CONFLICT',
    });
    const english = await app.inject({ method: 'GET', url: '/api/test/other-details' });
    expect(english.json()).toEqual({
      message: 'This request was already made with other details.',
      code: 'CONFLICT',
    });
    const moved = await app.inject({ method: 'GET', url: '/api/test/not-pending', headers: german });
    expect(moved.json()).toEqual({
      message: 'Angebot 7 hat den Status approved, nicht pending.',
      code: 'CONFLICT',
    });
  });

  it("sends an error's details beside its translated message and its code", async () => {
    const refused = await app.inject({
      method: 'GET',
      url: '/api/test/refused',
      headers: { 'frontend-language': 'de' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 'ERROR',
      message: 'Guthaben reicht nicht aus: Es fehlt ein Betrag von 5.90 Credits.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 5.9,
    });
  });

  it('answers 404 for an unknown API path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND' });
  });

  it('answers 413 for a body over the limit', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { ...session.headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 400 for malformed JSON', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { ...session.headers(), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body.', code: 'BAD_REQUEST' });
  });

  it('hides the internals of a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret_table');
  });

  it('compresses large responses for clients that accept it', async () => {
    const countries = await app.inject({
      method: 'GET',
      url: '/api/countries',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(countries.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/api/countries' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().payload.length).toBe(249);
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('req-12345678');
  });
});
