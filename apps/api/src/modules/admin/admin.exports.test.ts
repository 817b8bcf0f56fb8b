import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { parseCsv } from '../../test/csv';
import { users } from '../accounts/accounts.tables';
import { adminAudit } from '../audit/audit.tables';
import { creditDeposit } from '../wallet/wallet.service';
import { EXPORT_PAGE_SIZE } from './admin.exports.routes';

let app: TestApp;
let admin: BrowserSession;
let adminId: string;
let buyer: { session: BrowserSession; email: string; id: string };
let orderId: number;

async function exported(path: string, headers: Record<string, string> = {}) {
  const response = await call(app, admin, 'GET', `/api/admin/exports/${path}`, undefined, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'exports.boss@example.test');
  [{ id: adminId }] = (await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'exports.boss@example.test'))) as [{ id: string }];
  const created = await createCatalogue(app.db, [
    { slug: 'export-expensive', category: 'portraits', priceCents: 123_456, title: 'Expensive prompt' },
    { slug: 'export-cart-a', category: 'portraits', priceCents: 100, title: 'Cart prompt A' },
    { slug: 'export-cart-b', category: 'portraits', priceCents: 250, title: 'Cart prompt B' },
  ]);
  const registered = await registerVerifiedUser(app, {
    first_name: '=HYPERLINK("http://evil.test")',
    last_name: 'Groß; "Jr"',
  });
  buyer = { session: registered.session, email: registered.email, id: registered.profile.id };
  await creditDeposit(app.db, {
    userId: buyer.id,
    provider: 'sandbox',
    depositId: 990_001,
    amount: 2_000_00,
  });
  const bought = await call(app, buyer.session, 'POST', '/api/purchase/prompt', {
    prompt_id: created.products['export-expensive'],
  });
  expect(bought.statusCode, bought.body).toBe(200);
  orderId = bought.json().payload.order_id;
  for (const slug of ['export-cart-a', 'export-cart-b']) {
    await call(app, buyer.session, 'POST', '/api/cart', { product_id: created.products[slug] });
  }
  const checkout = await call(app, buyer.session, 'POST', '/api/purchase/cart');
  expect(checkout.statusCode, checkout.body).toBe(200);
});
afterAll(() => app?.close());

describe('CSV exports in the operator’s language', () => {
  it('writes German orders with ;, a decimal comma, German headers and a BOM', async () => {
    const response = await exported('orders.csv?lang=de');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(
      response.body.startsWith('\uFEFFDatum;Art;Nummer;Kunde;Prompts;Betrag (Credits);Betrag (EUR)\r\n'),
    ).toBe(true);
    const rows = parseCsv(response.body.slice(1), ';');
    const order = rows.find((row) => row[2] === String(orderId));
    expect(order).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      'Kauf',
      String(orderId),
      buyer.email,
      '1',
      '1.234,56',
      '1.234,56',
    ]);
    const checkouts = rows.filter((row) => row[1] === 'Warenkorb-Kauf');
    expect(checkouts.map((row) => row.slice(3))).toEqual([[buyer.email, '2', '3,50', '3,50']]);
  });

  it('writes English with , and a decimal point', async () => {
    const response = await exported('orders.csv?lang=en');
    const rows = parseCsv(response.body.slice(1), ',');
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Number',
      'Customer',
      'Prompts',
      'Amount (credits)',
      'Amount (EUR)',
    ]);
    expect(rows.find((row) => row[2] === String(orderId))?.slice(1)).toEqual([
      'Purchase',
      String(orderId),
      buyer.email,
      '1',
      '1234.56',
      '1234.56',
    ]);
  });

  it('speaks the admin’s language when none is asked for', async () => {
    const response = await exported('deposits.csv', { 'frontend-language': 'fr' });
    const rows = parseCsv(response.body.slice(1), ';');
    expect(rows[0]?.slice(0, 4)).toEqual(['Numéro', 'Date', 'Réglé le', 'Client']);
  });

  it('quotes what people typed and keeps a spreadsheet from running it as a formula', async () => {
    const response = await exported('users.csv?lang=de');
    expect(response.body).toContain(';"\'=HYPERLINK(""http://evil.test"")";"Groß; ""Jr""";');
    const rows = parseCsv(response.body.slice(1), ';');
    const row = rows.find((cells) => cells[2] === buyer.email);
    expect(row?.slice(3, 5)).toEqual(['\'=HYPERLINK("http://evil.test")', 'Groß; "Jr"']);
  });

  it('streams a long export in pages as it reads them', async () => {
    const rows = EXPORT_PAGE_SIZE * 2 + 7;
    await app.db.insert(adminAudit).values(
      Array.from({ length: rows }, (_, i) => ({
        adminId,
        action: 'test.stream',
        subjectType: 'row',
        subjectId: String(i),
        createdAt: new Date(Date.UTC(2025, 0, 15, 12, 0, i % 60)),
      })),
    );
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/exports/audit.csv?from=2025-01-15&to=2025-01-15&lang=en',
      headers: admin.headers(),
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    const chunks: string[] = [];
    const stream = response.stream() as Readable;
    stream.on('data', (chunk) => chunks.push(String(chunk)));
    await new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
    // The header, then one chunk per page of rows: never the whole file at once.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...chunks.map((chunk) => chunk.split('\r\n').length - 1))).toBeLessThanOrEqual(
      EXPORT_PAGE_SIZE,
    );
    const lines = parseCsv(chunks.join('').slice(1), ',');
    expect(lines).toHaveLength(rows + 1);
    expect(lines[1]?.slice(2)).toEqual(['exports.boss@example.test', 'test.stream', 'row', '0']);
    expect(lines.at(-1)?.[5]).toBe(String(rows - 1));
  });

  it('keeps each export in the audit log', async () => {
    await exported('payouts.csv?from=2025-02-01&to=2025-02-28&lang=it');
    const [entry] = await app.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, 'payouts'))
      .orderBy(adminAudit.id);
    expect(entry).toMatchObject({
      action: 'export.download',
      subjectType: 'export',
      after: { kind: 'payouts', from: '2025-02-01', to: '2025-02-28', lang: 'it' },
    });
  });

  it('refuses an unknown kind, language or range with a 422', async () => {
    const refused = async (path: string) => {
      const response = await call(app, admin, 'GET', `/api/admin/exports/${path}`);
      expect(response.statusCode, path).toBe(422);
      return Object.keys(response.json().errors);
    };
    expect(await refused('secrets.csv')).toEqual(['kind']);
    expect(await refused('orders.csv?lang=xx')).toEqual(['lang']);
    expect(await refused('orders.csv?from=2025-03-02&to=2025-03-01')).toEqual(['to']);
    expect(await refused('orders.csv?from=2015-01-01&to=2025-03-01')).toEqual(['to']);
    const { session } = await registerVerifiedUser(app);
    expect((await call(app, session, 'GET', '/api/admin/exports/users.csv')).statusCode).toBe(403);
  });
});
