import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { type BrowserSession, call } from './accounts';
import type { TestApp } from './app';

/** The deposit form of a buyer in London topping up 25 EUR, without the payment method. */
export const depositForm = {
  amount: '25.00',
  currency: 'EUR',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  country: 'GB',
  city: 'London',
  address: '12 St James Square',
  post_code: 'SW1Y 4JH',
  terms: true,
};

/** The same form paid by card. */
export const cardDepositForm = { ...depositForm, payment_method_id: 'card' };

/** Starts a 25 EUR card deposit as the session's user; answers the checkout's response. */
export function startCardDeposit(app: TestApp, session: BrowserSession) {
  return call(app, session, 'POST', '/api/deposit/checkout', cardDepositForm);
}

/**
 * On PostgreSQL, polls (up to 200 times, 25 ms apart) until a query of this database waits for a
 * lock, so that a test can let the holder of that lock go on only once the other is queued.
 */
export async function untilALockIsAwaited(db: Db): Promise<void> {
  const waiting = async () => {
    const result = (await db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    return result.rows[0]?.waiting ?? 0;
  };
  for (let tries = 0; tries < 200 && (await waiting()) === 0; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Presses Pay on the sandbox's checkout page, as the person at the browser does; it answers 303. */
export async function payOnSandbox(app: TestApp, redirectUrl: string): Promise<void> {
  const pressed = await app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  expect(pressed.statusCode).toBe(303);
}
