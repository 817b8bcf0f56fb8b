import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { ledgerProblems } from '../wallet/wallet.invariants';

/** A balance correction sent again under the same Idempotency-Key. */

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'adjusting-boss@example.test');
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

let keys = 0;
const newKey = () => `adjust-${Date.now()}-${++keys}`;

async function account() {
  const { session, profile } = await registerVerifiedUser(app);
  const adjust = (
    body: { amount: string; reason: string },
    key: string,
    headers: Record<string, string> = {},
  ) =>
    call(app, admin, 'POST', `/api/admin/users/${profile.id}/adjust`, body, {
      'idempotency-key': key,
      ...headers,
    });
  const balance = async () =>
    (await call(app, session, 'GET', '/api/user/profile')).json().payload.balance as number;
  const audited = async () =>
    (await call(app, admin, 'GET', `/api/admin/audit?action=user.adjust&subject_id=${profile.id}`)).json()
      .payload.data as unknown[];
  return { adjust, balance, audited };
}

describe('a balance adjustment sent again with its Idempotency-Key', () => {
  it('answers the first adjustment again and moves nothing for the same request, audited once', async () => {
    const { adjust, balance, audited } = await account();
    const key = newKey();
    const first = await adjust({ amount: '7.50', reason: 'Goodwill' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await adjust({ amount: '7.50', reason: 'Goodwill' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance()).toBe(7.5);
    expect(await audited()).toHaveLength(1);
  });

  it('refuses the opposite sign: 409, nothing moved, nothing audited', async () => {
    const { adjust, balance, audited } = await account();
    const key = newKey();
    expect((await adjust({ amount: '10', reason: 'Goodwill' }, key)).statusCode).toBe(200);
    expect(await audited()).toHaveLength(1);

    const reversed = await adjust({ amount: '-10', reason: 'Goodwill' }, key);
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json()).toEqual({
      message: 'This request was already made with other details.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await balance()).toBe(10);
    expect(await audited()).toHaveLength(1);

    // A debit first, then a credit of the same size under its key: refused the same way.
    const debitKey = newKey();
    expect((await adjust({ amount: '-4', reason: 'Correction' }, debitKey)).statusCode).toBe(200);
    expect((await adjust({ amount: '4', reason: 'Correction' }, debitKey)).statusCode).toBe(409);
    expect(await balance()).toBe(6);
    expect(await audited()).toHaveLength(2);
  });

  it('refuses another reason under the same key', async () => {
    const { adjust, balance, audited } = await account();
    const key = newKey();
    expect((await adjust({ amount: '3', reason: 'Goodwill' }, key)).statusCode).toBe(200);
    const other = await adjust({ amount: '3', reason: 'A refund for order 12' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balance()).toBe(3);
    expect(await audited()).toHaveLength(1);
  });

  it("asks for a reason of at least 3 characters, in the admin's language, and moves nothing", async () => {
    const { adjust, balance, audited } = await account();
    const short = await adjust({ amount: '5', reason: ' ab ' }, newKey());
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ reason: ['Please give a reason (at least 3 characters).'] });
    const german = await adjust({ amount: '5', reason: 'ab' }, newKey(), { 'frontend-language': 'de' });
    expect(german.json().errors).toEqual({ reason: ['Bitte gib einen Grund an (mindestens 3 Zeichen).'] });
    expect(await balance()).toBe(0);
    expect(await audited()).toHaveLength(0);
  });
});
