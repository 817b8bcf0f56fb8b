import { adminStatsResponse } from '@promptmarket/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { driftBalance } from '../../test/ledger';
import { recordingLog } from '../../test/log';
import { checkLedger } from '../wallet/wallet.check';
import { creditDeposit } from '../wallet/wallet.service';

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'auditor@example.test');
});
afterAll(() => app?.close());

async function ledgerCheckOnDashboard() {
  const response = await call(app, admin, 'GET', '/api/admin/stats');
  expect(response.statusCode).toBe(200);
  return adminStatsResponse.parse(response.json()).payload.ledger_check;
}

describe('the dashboard’s ledger check', () => {
  it('says when no check has run, then the last check’s time and the problems it found', async () => {
    expect(await ledgerCheckOnDashboard()).toBeNull();

    const { profile } = await registerVerifiedUser(app);
    await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId: 5, amount: 1200 });
    const healthy = await checkLedger(app.db, recordingLog(), { quietSeconds: 0 });
    expect(await ledgerCheckOnDashboard()).toEqual({
      checked_at: healthy?.checkedAt.toISOString(),
      problems: [],
    });

    await driftBalance(app.db, `wallet:${profile.id}`, 300);
    await checkLedger(app.db, recordingLog(), { quietSeconds: 0 });
    const broken = await ledgerCheckOnDashboard();
    expect(broken?.problems).toEqual([`account wallet:${profile.id} shows 1500 but its entries sum to 1200`]);
    expect(Date.parse(broken?.checked_at ?? '')).toBeGreaterThanOrEqual(healthy?.checkedAt.getTime() ?? 0);
  });

  it('is for admins only', async () => {
    const { session } = await registerVerifiedUser(app);
    expect((await call(app, session, 'GET', '/api/admin/stats')).statusCode).toBe(403);
  });
});
