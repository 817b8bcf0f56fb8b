import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from './modules/throttle/throttle.tables';
import { type BrowserSession, call, randomAddress, registerVerifiedUser } from './test/accounts';
import { createTestApp, type TestApp } from './test/app';
import { cardDepositForm, startCardDeposit } from './test/deposits';

// A user opens at most 20 deposit checkouts an hour: each one asks the payment provider for a
// checkout, so without a bound one account could make the shop call the provider at will.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function depositsOf(session: BrowserSession): Promise<number> {
  const history = await call(app, session, 'GET', '/api/deposit/history');
  return history.json().payload.length;
}

describe('how many deposit checkouts a user opens', () => {
  it('opens 20 checkouts an hour for a user, from any address; the 21st is 429 and opens nothing', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const started = performance.now();
    for (let checkout = 0; checkout < 20; checkout++) {
      const opened = await call(
        app,
        session,
        'POST',
        '/api/deposit/checkout',
        cardDepositForm,
        {},
        randomAddress(),
      );
      expect(opened.statusCode, opened.body).toBe(200);
    }
    const refused = await startCardDeposit(app, session);
    const elapsedSeconds = (performance.now() - started) / 1000;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
    // The wait is what is left of the hour that began with the first checkout.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(60 * 60 - elapsedSeconds));
    expect(await depositsOf(session)).toBe(20);

    // Another user is not held back.
    const other = await registerVerifiedUser(app);
    expect((await startCardDeposit(app, other.session)).statusCode).toBe(200);

    // Once the hour is over, the first user opens a checkout again.
    await app.db
      .update(throttles)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(throttles.key, `deposit-checkout:user:${profile.id}`));
    expect((await startCardDeposit(app, session)).statusCode).toBe(200);
    expect(await depositsOf(session)).toBe(21);
  });
});
