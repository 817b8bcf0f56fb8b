import { inflateSync } from 'node:zlib';
import { receipt as receiptShape } from '@promptmarket/contracts/receipts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, lastMailTo, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { payOnSandbox } from '../../test/deposits';
import { recordingLog } from '../../test/log';
import { users } from '../accounts/accounts.tables';
import { deposits } from '../deposits/deposits.tables';
import { runDueJobs } from '../jobs/jobs.service';
import { orders } from '../orders/orders.tables';
import { forgetSiteCache } from '../site/site.service';
import { settings } from '../site/site.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';

let app: TestApp;
let productIds: number[];
const secret = 'sandbox-secret-for-the-receipts-0123456789';

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: secret });
  // The sandbox delivers its webhooks over HTTP to this server, as a real provider would.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const created = await createCatalogue(app.db, [
    { slug: 'receipt-fox', category: 'portraits', priceCents: 1250, title: 'Red fox', titleDe: 'Rotfuchs' },
    {
      slug: 'receipt-owl',
      category: 'portraits',
      priceCents: 399,
      title: 'Snowy owl',
      titleDe: 'Schneeeule',
    },
  ]);
  productIds = [created.products['receipt-fox'] as number, created.products['receipt-owl'] as number];
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
  await setSettings({
    vat_rate_percent: '0',
    shop_legal_name: 'PromptMarket',
    shop_address: '',
    shop_vat_id: null,
  });
});

async function setSettings(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    await app.db
      .insert(settings)
      .values({ key, value: JSON.stringify(value) })
      .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } });
  }
  forgetSiteCache(app.db);
}

/** A deposit paid through the sandbox's page and credited by its webhook, as a user makes one. */
async function paidDeposit(session: BrowserSession, amount = '25.00', currency = 'EUR'): Promise<number> {
  const order = (
    await call(app, session, 'POST', '/api/deposit/checkout', {
      amount,
      currency,
      first_name: 'Zofia',
      last_name: 'Wójcik-Łęcka',
      email: 'zofia@example.test',
      phone: '+48 22 000 00 00',
      country: 'PL',
      city: 'Kraków',
      address: 'ul. Źródlana 5',
      post_code: '30-001',
      terms: true,
      payment_method_id: 'card',
    })
  ).json();
  await payOnSandbox(app, order.redirect_url);
  await runDueJobs(app.db, app.paymentJobs, recordingLog());
  return order.order_id as number;
}

async function customer() {
  const registered = await registerVerifiedUser(app);
  return { ...registered, userId: registered.profile.id };
}

const getReceipt = (session: BrowserSession, path: string, locale?: string) =>
  call(
    app,
    session,
    'GET',
    `/api/receipts/${path}`,
    undefined,
    locale ? { 'frontend-language': locale } : {},
  );

/**
 * The text a PDF shows, read back as a viewer does: its streams inflated, the one embedded font's
 * ToUnicode map read, and the glyph codes of every text-showing operator mapped back to letters,
 * one line per operator.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    const inflated = /\/FlateDecode/.test(match[1] as string) ? inflateSync(body) : body;
    streams.push(inflated.toString('latin1'));
  }
  const cmaps = streams.filter((stream) => stream.includes('beginbfrange'));
  expect(cmaps).toHaveLength(1);
  const glyphs = new Map<number, string>();
  const ranges = /<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi;
  for (let range = ranges.exec(cmaps[0] as string); range; range = ranges.exec(cmaps[0] as string)) {
    const first = Number.parseInt(range[1] as string, 16);
    const targets = [...(range[3] as string).matchAll(/<([0-9a-f ]+)>/gi)];
    targets.forEach((target, index) => {
      const units = (target[1] as string).split(' ').map((hex) => Number.parseInt(hex, 16));
      glyphs.set(first + index, String.fromCharCode(...units));
    });
  }
  const lines: string[] = [];
  for (const stream of streams) {
    for (const shown of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const codes = [...(shown[1] as string).matchAll(/<([0-9a-f]+)>/gi)].map((hex) => hex[1] as string);
      lines.push(
        codes
          .join('')
          .match(/.{4}/g)
          ?.map((code) => glyphs.get(Number.parseInt(code, 16)) ?? '?')
          .join('') ?? '',
      );
    }
  }
  return lines.join('\n');
}

describe('receipts of deposits', () => {
  it('shows the owner a credited deposit with its number, lines, seller and VAT share', async () => {
    const { session, userId } = await customer();
    const depositId = await paidDeposit(session);
    await setSettings({
      vat_rate_percent: '23',
      shop_legal_name: 'PromptMarket Sp. z o.o.',
      shop_address: 'ul. Świętokrzyska 12\n00-916 Warszawa\n',
      shop_vat_id: 'PL5250001009',
    });
    const response = await getReceipt(session, `deposit/${depositId}`, 'en');
    expect(response.statusCode, response.body).toBe(200);
    const receipt = receiptShape.parse(response.json().payload);
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, depositId));
    const year = row?.createdAt.getUTCFullYear();
    expect(receipt).toMatchObject({
      kind: 'deposit',
      id: depositId,
      number: `D-${year}-${String(depositId).padStart(6, '0')}`,
      currency: 'EUR',
      currency_symbol: '€',
      seller: {
        name: 'PromptMarket Sp. z o.o.',
        address: ['ul. Świętokrzyska 12', '00-916 Warszawa'],
        vat_id: 'PL5250001009',
        email: 'support@promptmarket.example',
      },
      buyer: {
        name: 'Zofia Wójcik-Łęcka',
        email: 'zofia@example.test',
        address: ['ul. Źródlana 5', '30-001 Kraków', 'PL'],
      },
      lines: [{ description: 'Top-up of the account balance: 25 credits', quantity: 1, amount_minor: 2500 }],
      total_minor: 2500,
      // 2500 × 23 / 123 = 467.48…: 467 cents of VAT, the rest is net.
      vat: { rate: '23', amount_minor: 467, net_minor: 2033 },
      paid_with: 'sandbox',
    });
    expect(receipt.issued_at).toBe(row?.settledAt?.toISOString());
    expect(userId).toBeTruthy();
  });

  it('has no receipt for a deposit not paid, and none for another user: both are 404', async () => {
    const owner = await customer();
    const depositId = await paidDeposit(owner.session);
    const open = (
      await call(app, owner.session, 'POST', '/api/deposit/checkout', {
        amount: '10.00',
        currency: 'EUR',
        first_name: 'Zofia',
        last_name: 'W',
        email: 'zofia@example.test',
        phone: '+48 22 000 00 00',
        country: 'PL',
        city: 'Kraków',
        address: 'ul. Źródlana 5',
        post_code: '30-001',
        terms: true,
        payment_method_id: 'card',
      })
    ).json();
    expect((await getReceipt(owner.session, `deposit/${open.order_id}`)).statusCode).toBe(404);
    expect((await getReceipt(owner.session, `deposit/${open.order_id}.pdf`)).statusCode).toBe(404);

    const stranger = await customer();
    const json = await getReceipt(stranger.session, `deposit/${depositId}`);
    expect(json.statusCode).toBe(404);
    expect(json.body).not.toContain('Zofia');
    expect((await getReceipt(stranger.session, `deposit/${depositId}.pdf`)).statusCode).toBe(404);
  });

  it('answers a guest 401 and refuses a kind it does not know', async () => {
    const guest = await app.inject({ method: 'GET', url: '/api/receipts/deposit/1' });
    expect(guest.statusCode).toBe(401);
    const guestPdf = await app.inject({ method: 'GET', url: '/api/receipts/purchase/1.pdf' });
    expect(guestPdf.statusCode).toBe(401);
    const { session } = await customer();
    expect((await getReceipt(session, 'payout/1')).statusCode).toBe(422);
  });

  it('links the receipt from the mail of the credited deposit', async () => {
    const { session, email } = await customer();
    const depositId = await paidDeposit(session);
    const number = (await getReceipt(session, `deposit/${depositId}`)).json().payload.number;
    const mail = await lastMailTo(app, email);
    expect(mail.text).toContain(
      `Receipt ${number} (page and PDF): http://shop.test/en/dashboard/receipts/deposit/${depositId}`,
    );
    expect(mail.html).toContain(`href="http://shop.test/en/dashboard/receipts/deposit/${depositId}"`);
  });
});

describe('receipts of purchases', () => {
  async function buyerWithOrder(locale = 'en') {
    const buyer = await customer();
    await app.db.update(users).set({ locale }).where(eq(users.id, buyer.userId));
    await paidDeposit(buyer.session, '50.00');
    const bought = await call(app, buyer.session, 'POST', '/api/cart', { product_id: productIds[0] });
    expect(bought.statusCode, bought.body).toBe(200);
    await call(app, buyer.session, 'POST', '/api/cart', { product_id: productIds[1] });
    const purchase = await call(app, buyer.session, 'POST', '/api/purchase/cart');
    expect(purchase.statusCode, purchase.body).toBe(200);
    return { ...buyer, orderId: purchase.json().payload.order_id as number };
  }

  it('lists the prompts bought with their prices, stable across calls, in the language asked', async () => {
    const { session, orderId } = await buyerWithOrder();
    await setSettings({ vat_rate_percent: '19' });
    const first = receiptShape.parse((await getReceipt(session, `purchase/${orderId}`, 'en')).json().payload);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(first).toMatchObject({
      kind: 'purchase',
      number: `P-${order?.createdAt.getUTCFullYear()}-${String(orderId).padStart(6, '0')}`,
      issued_at: order?.createdAt.toISOString(),
      currency: 'Credits',
      currency_symbol: null,
      lines: [
        { description: 'Red fox', quantity: 1, amount_minor: 1250 },
        { description: 'Snowy owl', quantity: 1, amount_minor: 399 },
      ],
      total_minor: 1649,
      // 1649 × 19 / 119 = 263.28…: 263.
      vat: { rate: '19', amount_minor: 263, net_minor: 1386 },
      paid_with: 'balance',
    });
    const german = receiptShape.parse(
      (await getReceipt(session, `purchase/${orderId}`, 'de')).json().payload,
    );
    expect(german.number).toBe(first.number);
    expect(german.language).toBe('de');
    expect(german.lines.map((line) => line.description)).toEqual(['Rotfuchs', 'Schneeeule']);
    expect(german.currency).toBe('Credits');
    const polish = receiptShape.parse(
      (await getReceipt(session, `purchase/${orderId}`, 'pl')).json().payload,
    );
    expect(polish.currency).toBe('Kredyty');
    expect(polish.number).toBe(first.number);
  });

  it("writes the PDF's prices and total in credits with the form each number needs", async () => {
    const { session, orderId } = await buyerWithOrder();
    await setSettings({ vat_rate_percent: '0' });
    const english = pdfText((await getReceipt(session, `purchase/${orderId}.pdf?lang=en`)).rawPayload);
    expect(english).toContain('12.50 credits');
    expect(english).toContain('3.99 credits');
    expect(english).toContain('16.49 credits');
    expect(english).not.toContain('Credits');
    const polish = pdfText((await getReceipt(session, `purchase/${orderId}.pdf?lang=pl`)).rawPayload);
    expect(polish).toContain('12,50 kredytu');
    expect(polish).toContain('16,49 kredytu');
    expect(polish).not.toContain('Kredyty');
  });

  it('leaves the VAT line off when the rate is 0', async () => {
    const { session, orderId } = await buyerWithOrder();
    const receipt = (await getReceipt(session, `purchase/${orderId}`)).json().payload;
    expect(receipt.vat).toBeNull();
    expect(receipt.total_minor).toBe(1649);
  });

  it('rounds the VAT share half up on integers', async () => {
    const { session, orderId } = await buyerWithOrder();
    // 1649 × 7.5 / 107.5 = 115.046…; at 10 %: 149.909… -> 150; the net is what remains.
    await setSettings({ vat_rate_percent: '7.5' });
    expect((await getReceipt(session, `purchase/${orderId}`)).json().payload.vat).toEqual({
      rate: '7.5',
      amount_minor: 115,
      net_minor: 1534,
    });
    await setSettings({ vat_rate_percent: '10' });
    expect((await getReceipt(session, `purchase/${orderId}`)).json().payload.vat).toEqual({
      rate: '10',
      amount_minor: 150,
      net_minor: 1499,
    });
  });

  it("is another user's 404, as an order that does not exist", async () => {
    const { orderId } = await buyerWithOrder();
    const stranger = await customer();
    expect((await getReceipt(stranger.session, `purchase/${orderId}`)).statusCode).toBe(404);
    expect((await getReceipt(stranger.session, `purchase/${orderId}.pdf`)).statusCode).toBe(404);
    expect((await getReceipt(stranger.session, 'purchase/999999999')).statusCode).toBe(404);
  });

  it('links the receipt from the purchase mail, in the buyer’s language', async () => {
    const { session, email, orderId } = await buyerWithOrder('pl');
    const number = (await getReceipt(session, `purchase/${orderId}`)).json().payload.number;
    const mail = await lastMailTo(app, email);
    expect(mail.subject).toContain(String(orderId));
    expect(mail.text).toContain(
      `Potwierdzenie ${number} (strona i PDF): http://shop.test/pl/dashboard/receipts/purchase/${orderId}`,
    );
  });
});

describe('receipts as PDF', () => {
  it('downloads a PDF whose text has the number, the lines, the VAT and Polish letters', async () => {
    const { session } = await customer();
    const depositId = await paidDeposit(session);
    await setSettings({
      vat_rate_percent: '23',
      shop_legal_name: 'Łódź Prompty Sp. z o.o.',
      shop_address: 'ul. Żółkiewskiego 3\n90-001 Łódź',
      shop_vat_id: 'PL7250000000',
    });
    const response = await getReceipt(session, `deposit/${depositId}.pdf?lang=pl`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = (await getReceipt(session, `deposit/${depositId}`)).json().payload.number as string;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Potwierdzenie wpłaty');
    expect(text).toContain(`Potwierdzenie nr ${number}`);
    expect(text).toContain('Łódź Prompty Sp. z o.o.');
    expect(text).toContain('ul. Żółkiewskiego 3');
    expect(text).toContain('NIP: PL7250000000');
    expect(text).toContain('Doładowanie salda konta: 25 kredytów');
    expect(text).toContain('W tym VAT (23 %)');
    expect(text).toContain('€4,67');
    expect(text).toContain('€25,00');
    expect(text).toContain('Wójcik-Łęcka');
  });

  it("writes the PDF in the account's language when the link names none", async () => {
    const { session, userId } = await customer();
    await app.db.update(users).set({ locale: 'de' }).where(eq(users.id, userId));
    const depositId = await paidDeposit(session);
    const response = await app.inject({
      method: 'GET',
      url: `/api/receipts/deposit/${depositId}.pdf`,
      headers: { cookie: session.headers().cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Beleg über eine Einzahlung');
    expect(text).toContain('Aufladung des Guthabens: 25 Credits');
    expect(text).toContain('Auf diesem Beleg wird keine USt. ausgewiesen.');
    expect(text).not.toContain('USt. (');
  });
});

describe('the seller and the VAT rate in the settings', () => {
  it('are changed by the back office, which refuses a rate that is not a percentage below 100', async () => {
    const admin = await newAdmin(app, 'keeper@example.test');
    for (const rate of ['100', '7.777', '-1', 'abc']) {
      const refused = await call(app, admin, 'PUT', '/api/admin/settings', { vat_rate_percent: rate });
      expect(refused.statusCode, rate).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['vat_rate_percent']);
    }
    const saved = await call(app, admin, 'PUT', '/api/admin/settings', {
      shop_legal_name: 'Prompt GmbH',
      shop_address: 'Hauptstraße 1\n10115 Berlin',
      shop_vat_id: 'DE123456789',
      vat_rate_percent: '19',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(app, admin, 'GET', '/api/admin/settings')).json().payload).toMatchObject({
      shop_legal_name: 'Prompt GmbH',
      shop_address: 'Hauptstraße 1\n10115 Berlin',
      shop_vat_id: 'DE123456789',
      vat_rate_percent: '19',
    });
    const { session } = await customer();
    const depositId = await paidDeposit(session);
    const receipt = (await getReceipt(session, `deposit/${depositId}`, 'de')).json().payload;
    expect(receipt.seller).toMatchObject({
      name: 'Prompt GmbH',
      address: ['Hauptstraße 1', '10115 Berlin'],
      vat_id: 'DE123456789',
    });
    // 2500 × 19 / 119 = 399.15…
    expect(receipt.vat).toEqual({ rate: '19', amount_minor: 399, net_minor: 2101 });
    expect(receipt.lines[0].description).toBe('Aufladung des Guthabens: 25 Credits');
  });
});
