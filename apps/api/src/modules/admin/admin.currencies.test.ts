import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { adminAudit } from '../audit/audit.tables';

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'currency-admin@example.test');
});
afterAll(() => app?.close());

const codesOffered = async () =>
  ((await call(app, admin, 'GET', '/api/currencies')).json().payload as { code: string }[]).map(
    (currency) => currency.code,
  );

describe('adding a currency in the back office', () => {
  it('offers it in the shop at once, with its symbol and rate, audited', async () => {
    expect(await codesOffered()).not.toContain('SEK');
    const added = await call(app, admin, 'POST', '/api/admin/currencies', {
      code: 'sek',
      symbol: 'kr',
      rate: '11.2',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().payload).toContainEqual({
      code: 'SEK',
      symbol: 'kr',
      rate: '11.20000000',
      position: 100,
      active: true,
    });
    expect(await codesOffered()).toContain('SEK');
    const [entry] = await app.db.select().from(adminAudit).where(eq(adminAudit.action, 'currency.create'));
    expect(entry).toMatchObject({ subjectType: 'currency', subjectId: 'SEK', before: null });
    // Switched off, it leaves the shop and stays in the back office's list.
    const off = await call(app, admin, 'PUT', '/api/admin/currencies/SEK', { active: false });
    expect(off.statusCode).toBe(200);
    expect(await codesOffered()).not.toContain('SEK');
  });

  it('refuses a code the shop has, one that is no ISO 4217 currency, and a bad rate, with the field named', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await call(app, admin, 'POST', '/api/admin/currencies', body);
      expect(answer.statusCode, answer.body).toBe(422);
      return answer.json().errors;
    };
    expect(await refused({ code: 'USD', symbol: '$', rate: '1.1' })).toEqual({
      code: ['The shop has this currency already.'],
    });
    expect(await refused({ code: 'SEK', symbol: 'kr', rate: '11' })).toEqual({
      code: ['The shop has this currency already.'],
    });
    expect(await refused({ code: 'XXQ', symbol: 'q', rate: '1' })).toEqual({
      code: ['Please enter the three-letter ISO 4217 code of a currency, such as SEK.'],
    });
    expect(await refused({ code: 'NOK', symbol: 'kr', rate: '0' })).toEqual({
      rate: ['Please enter a positive rate with at most eight decimals.'],
    });
    expect(await refused({ code: 'NOK', symbol: 'k\u202Er', rate: '10' })).toHaveProperty('symbol');
    expect(await codesOffered()).not.toContain('NOK');
  });

  it('is for admins only', async () => {
    const { session } = await registerVerifiedUser(app);
    const answer = await call(app, session, 'POST', '/api/admin/currencies', {
      code: 'NOK',
      symbol: 'kr',
      rate: '10',
    });
    expect(answer.statusCode).toBe(403);
  });
});
