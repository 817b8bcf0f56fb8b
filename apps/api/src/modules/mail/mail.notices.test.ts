import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  type BrowserSession,
  call,
  lastMailTo,
  linkIn,
  randomAddress,
  registerVerifiedUser,
  signInAsAdmin,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { startCardDeposit } from '../../test/deposits';
import { multipart } from '../../test/multipart';
import { cardPayoutDetails, payoutContact } from '../../test/offers';
import { submitVerification } from '../../test/verification';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { users } from '../accounts/accounts.tables';
import { categories, styles } from '../catalogue/catalogue.tables';
import { deposits } from '../deposits/deposits.tables';
import { SANDBOX_SIGNATURE_HEADER } from '../payments/sandbox';
import { signatureHeader } from '../payments/signature';
import { createSepaBatch } from '../payouts/payouts.service';
import { payouts } from '../payouts/payouts.tables';
import { forgetSiteCache } from '../site/site.service';
import { settings, settingTranslations } from '../site/site.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit } from '../wallet/wallet.service';
import { noticeTexts } from './mail.notices';
import { mailOutbox } from './mail.tables';
import { renderMail } from './mail.templates';

/**
 * Each mail a change causes, read from the outbox after the real action: to the account, in its
 * language, with the amount and number, with a plain-text part, and once however often the
 * request or the provider's event is repeated.
 */

const secret = 'sandbox-secret-for-the-mail-tests-0123';
let app: TestApp;
let admin: BrowserSession;
let png: Buffer;
let productIds: number[] = [];
let categoryId = 0;
let styleId = 0;
let depositId = 7_700_000;
let keys = 0;
const imageApi = createServer((_request, response) => {
  response.writeHead(500, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message: 'The server had an error' } }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => imageApi.listen(0, '127.0.0.1', resolve));
  const { port } = imageApi.address() as AddressInfo;
  app = await createTestApp({
    SANDBOX_WEBHOOK_SECRET: secret,
    IMAGE_API_URL: `http://127.0.0.1:${port}`,
    IMAGE_API_KEY: 'image-key-123',
    IMAGE_MODEL: 'test-model',
    IMAGE_TIMEOUT_SECONDS: '1',
  });
  const created = await createCatalogue(app.db, [
    {
      slug: 'mail-a',
      category: 'portraits',
      priceCents: 490,
      title: 'Quiet harbour',
      titleDe: 'Stiller Hafen',
    },
    { slug: 'mail-b', category: 'portraits', priceCents: 250, title: 'Red fox', titleDe: 'Roter Fuchs' },
    { slug: 'mail-c', category: 'portraits', priceCents: 300, title: 'Old mill', titleDe: 'Alte Mühle' },
    { slug: 'mail-d', category: 'portraits', priceCents: 100, title: 'Blue door', titleDe: 'Blaue Tür' },
  ]);
  productIds = ['mail-a', 'mail-b', 'mail-c', 'mail-d'].map((slug) => created.products[slug] as number);
  categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
  styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
  // The shop names its currency in each language: the mails use the recipient's name for it.
  await app.db
    .insert(settings)
    .values({ key: 'internal_currency_name', value: JSON.stringify('Tokens') })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify('Tokens') } });
  await app.db
    .insert(settingTranslations)
    .values({ key: 'internal_currency_name', locale: 'de', value: 'Jetons' })
    .onConflictDoUpdate({
      target: [settingTranslations.key, settingTranslations.locale],
      set: { value: 'Jetons' },
    });
  forgetSiteCache(app.db);
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
  await ensureAdmin(app.db, 'mail-admin@example.test', strongPassword);
  admin = await signInAsAdmin(app, 'mail-admin@example.test');
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => imageApi.close(resolve));
});
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** A verified account whose stored language is `locale`, with `funds` on its wallet. */
async function account(locale: string, funds = 0) {
  const registered = await registerVerifiedUser(app);
  await app.db.update(users).set({ locale }).where(eq(users.id, registered.profile.id));
  if (funds > 0) {
    depositId += 1;
    await creditDeposit(app.db, {
      userId: registered.profile.id,
      provider: 'sandbox',
      depositId,
      amount: funds,
    });
  }
  return { ...registered, userId: registered.profile.id };
}

/** The mails to an address whose subject starts as the kind's does in that language. */
async function mailsTo(email: string, subjectStart: string) {
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  return rows.filter((row) => row.subject.startsWith(subjectStart));
}

const newKey = () => `mail-test-${Date.now()}-${++keys}`;
const asAdmin = (path: string, key: string, body?: unknown) =>
  call(app, admin, 'POST', path, body, { 'idempotency-key': key });

describe('deposit mails', () => {
  const event = (id: string, type: string, ref: string, failure: string | null = null) =>
    JSON.stringify({
      id,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: ref,
          reference: '0',
          amount_total: 2500,
          currency: 'EUR',
          status: 'paid',
          failure_message: failure,
        },
      },
    });
  const webhook = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(secret, body),
      },
      payload: body,
    });
  async function started(session: BrowserSession) {
    const order = (await startCardDeposit(app, session)).json();
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, order.order_id));
    return { number: order.order_id as number, ref: row?.providerRef ?? '' };
  }

  it('sends the receipt of a credited deposit once, for every copy of the provider’s event', async () => {
    const { session, email } = await account('de');
    const { number, ref } = await started(session);
    const paid = event(`evt_mail_paid_${number}`, 'checkout.session.completed', ref);
    expect((await webhook(paid)).statusCode).toBe(200);
    expect((await webhook(paid)).statusCode).toBe(200);
    await webhook(event(`evt_mail_again_${number}`, 'checkout.session.completed', ref));
    const sent = await mailsTo(email, 'Deine Einzahlung');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Deine Einzahlung Nr. ${number} wurde gutgeschrieben`);
    expect(sent[0]?.text).toContain(
      `deine Einzahlung Nr. ${number} ist angekommen: Dein Guthaben ist um 25 Jetons gestiegen.`,
    );
    expect(sent[0]?.text).toContain('/de/dashboard/deposits');
    expect(sent[0]?.html).toContain('25 Jetons');
  });

  it('tells of a payment the provider reports failed, once, and not of a checkout left to expire', async () => {
    const { session, email } = await account('fr');
    const { number, ref } = await started(session);
    const failed = event(`evt_mail_fail_${number}`, 'checkout.session.payment_failed', ref, 'Declined');
    await webhook(failed);
    await webhook(failed);
    const sent = await mailsTo(email, 'Votre dépôt');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Votre dépôt n° ${number} n’a pas abouti`);
    expect(sent[0]?.text).toContain(`Le paiement de votre dépôt n° ${number} de 25 crédits a échoué`);

    const other = await started(session);
    await webhook(event(`evt_mail_expired_${other.number}`, 'checkout.session.expired', other.ref));
    const [row] = await app.db.select().from(deposits).where(eq(deposits.id, other.number));
    expect(row?.status).toBe('failed');
    expect(await mailsTo(email, 'Votre dépôt')).toHaveLength(1);
  });
});

describe('the purchase receipt', () => {
  it('lists the prompts with their prices and the total for buy-now, once for a retried request', async () => {
    const { session, email } = await account('de', 10_000);
    const key = { 'idempotency-key': newKey() };
    const first = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[0] }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(app, session, 'POST', '/api/purchase/prompt', { prompt_id: productIds[0] }, key);
    expect(again.statusCode).toBe(200);
    const sent = await mailsTo(email, 'Deine PromptMarket-Bestellung');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Deine PromptMarket-Bestellung Nr\. \d+$/);
    expect(sent[0]?.text).toContain('- Stiller Hafen: 4,90 Jetons');
    expect(sent[0]?.text).toContain('Summe: 4,90 Jetons');
    expect(sent[0]?.text).toContain('/de/dashboard/orders');
    expect(sent[0]?.html).toContain('<li>Stiller Hafen: 4,90 Jetons</li>');
  });

  it('lists every prompt of a cart checkout, once for a retried checkout', async () => {
    const { session, email } = await account('en', 10_000);
    await call(app, session, 'POST', '/api/cart', { product_id: productIds[1] });
    await call(app, session, 'POST', '/api/cart', { product_id: productIds[2] });
    const key = { 'idempotency-key': newKey() };
    const first = await call(app, session, 'POST', '/api/purchase/cart', undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    expect((await call(app, session, 'POST', '/api/purchase/cart', undefined, key)).statusCode).toBe(200);
    const sent = await mailsTo(email, 'Your PromptMarket order');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('- Red fox: 2.50 Tokens');
    expect(sent[0]?.text).toContain('- Old mill: 3 Tokens');
    expect(sent[0]?.text).toContain('Total: 5.50 Tokens');
  });
});

describe('a refunded generation', () => {
  it('tells the user the cost went back to the balance, once for a retried request', async () => {
    const { session, email } = await account('es', 500);
    const key = { 'idempotency-key': newKey() };
    const body = { title: 'Harbour', prompt: 'a quiet harbour at dawn', format: 'webp', size: '512x512' };
    expect((await call(app, session, 'POST', '/api/purchase/generate-image', body, key)).statusCode).toBe(
      500,
    );
    expect((await call(app, session, 'POST', '/api/purchase/generate-image', body, key)).statusCode).toBe(
      500,
    );
    const sent = await mailsTo(email, 'Tu generación');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Tu generación ha fallado y se ha reembolsado');
    expect(sent[0]?.text).toContain('Su coste, 1 crédito, se ha devuelto a tu saldo.');
    expect(sent[0]?.text).toContain('/es/products/generate');
  });
});

describe('a changed password', () => {
  it('tells the account, after a change and after a reset: if this was not you, contact us', async () => {
    const { session, email } = await account('it');
    const changed = await call(app, session, 'POST', '/api/user/change-password', {
      current_password: strongPassword,
      password: 'another good password',
      password_confirmation: 'another good password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = await mailsTo(email, 'La password del tuo account');
    expect(afterChange).toHaveLength(1);
    expect(afterChange[0]?.text).toContain('Se non sei stato tu, contattaci subito');
    expect(afterChange[0]?.text).toContain('/it/contact-us');

    const guest = await startBrowserSession(app);
    await call(app, guest, 'POST', '/api/user/reset-password', { email }, {}, randomAddress());
    const link = linkIn((await lastMailTo(app, email)).text);
    const reset = await call(
      app,
      guest,
      'POST',
      '/api/reset-password',
      {
        email,
        token: link.searchParams.get('token'),
        password: 'a third good password',
        password_confirmation: 'a third good password',
      },
      {},
      randomAddress(),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await mailsTo(email, 'La password del tuo account')).toHaveLength(2);
  });
});

/** An offer of a work, waiting for the shop's answer. */
async function offered(locale: string) {
  const seller = await account(locale);
  const body = multipart([
    { name: 'title', value: 'Glass <forest>' },
    { name: 'category_id', value: String(categoryId) },
    { name: 'style_ids[]', value: String(styleId) },
    { name: 'price', value: '80' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'forest.png', type: 'image/png', data: png },
  ]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/offer/create',
    headers: { ...seller.session.headers(), ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode, created.body).toBe(200);
  return { ...seller, offerId: created.json().payload.id as number };
}

describe('offer mails', () => {
  it('tells the seller the shop’s price, once for a retried action, with the title escaped in HTML', async () => {
    const { email, offerId } = await offered('pl');
    const key = newKey();
    expect(
      (await asAdmin(`/api/admin/offers/${offerId}/counter`, key, { service_price: 20 })).statusCode,
    ).toBe(200);
    expect(
      (await asAdmin(`/api/admin/offers/${offerId}/counter`, key, { service_price: 20 })).statusCode,
    ).toBe(200);
    const sent = await mailsTo(email, 'Wyceniliśmy');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Wyceniliśmy Twoją ofertę „Glass <forest>”');
    expect(sent[0]?.text).toContain('proponujemy jej zakup za 20.00 EUR');
    expect(sent[0]?.html).toContain('Glass &lt;forest&gt;');
    expect(sent[0]?.html).not.toContain('<forest>');
  });

  it('tells the seller the offer was declined, with the back office’s reason, once', async () => {
    const { email, offerId } = await offered('en');
    const key = newKey();
    const reason = { reason: 'The picture is <blurred> at full size.' };
    await asAdmin(`/api/admin/offers/${offerId}/decline`, key, reason);
    await asAdmin(`/api/admin/offers/${offerId}/decline`, key, reason);
    const sent = await mailsTo(email, 'Your offer');
    expect(sent.map((mail) => mail.subject)).toEqual(['Your offer “Glass <forest>” was declined']);
    expect(sent[0]?.text).toContain('The reason: The picture is <blurred> at full size.');
    expect(sent[0]?.html).toContain('The reason: The picture is &lt;blurred&gt; at full size.');
  });

  it('gives the reason in the seller’s language', async () => {
    const { email, offerId } = await offered('pl');
    await asAdmin(`/api/admin/offers/${offerId}/decline`, newKey(), { reason: 'Za niska jakość.' });
    const [sent] = await mailsTo(email, 'Twoja oferta');
    expect(sent?.text).toContain('Powód: Za niska jakość.');
  });

  it('tells of the payout sent and paid, and of the work published, each once', async () => {
    const { session, email, offerId } = await offered('de');
    await asAdmin(`/api/admin/offers/${offerId}/counter`, newKey(), { service_price: 25 });
    const accepted = await call(app, session, 'POST', '/api/offer/withdraw/card', {
      ...cardPayoutDetails,
      id: offerId,
      amount: '25',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    const sendKey = newKey();
    expect((await asAdmin(`/api/admin/payouts/${payout?.id}/send`, sendKey)).statusCode).toBe(200);
    expect((await asAdmin(`/api/admin/payouts/${payout?.id}/send`, sendKey)).statusCode).toBe(200);
    const [settled] = await app.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.offerId, offerId), eq(payouts.status, 'paid')));
    expect(settled).toBeDefined();
    const sent = await mailsTo(email, 'Deine Auszahlung über 25.00 EUR für „Glass <forest>“ ist unterwegs');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      'wir haben die Auszahlung über 25.00 EUR für dein Werk „Glass <forest>“ abgeschickt',
    );
    expect(sent[0]?.html).toContain('für dein Werk „Glass &lt;forest&gt;“ abgeschickt');
    const paid = await mailsTo(email, 'Deine Auszahlung über 25.00 EUR für „Glass <forest>“ ist erfolgt');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.text).toContain('für dein Werk „Glass <forest>“, das du uns verkauft hast, wurde');

    const publishKey = newKey();
    const body = { price: 9.9, prompt: 'A glass forest at dawn' };
    expect((await asAdmin(`/api/admin/offers/${offerId}/publish`, publishKey, body)).statusCode).toBe(200);
    expect((await asAdmin(`/api/admin/offers/${offerId}/publish`, publishKey, body)).statusCode).toBe(200);
    const published = await mailsTo(email, 'Dein Werk');
    expect(published.map((mail) => mail.subject)).toEqual(['Dein Werk „Glass <forest>“ ist veröffentlicht']);
  });
});

describe('bank payout mails', () => {
  it('tells the seller once when the payout leaves in a SEPA file and once when it is marked paid', async () => {
    const { session, email, offerId } = await offered('en');
    await asAdmin(`/api/admin/offers/${offerId}/counter`, newKey(), { service_price: 30 });
    const accepted = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Ada Lovelace',
      iban: 'DE89 3704 0044 0532 0130 00',
      id: offerId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [adminRow] = await app.db.select().from(users).where(eq(users.email, 'mail-admin@example.test'));
    await app.db.transaction((tx) => createSepaBatch(tx as unknown as Db, { adminId: adminRow?.id ?? '' }));
    const sent = await mailsTo(email, 'Your payout of 30.00 EUR for “Glass <forest>” is on its way');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      'We have sent the payout of 30.00 EUR for your work “Glass <forest>”, which you sold us.',
    );
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.offerId, offerId));
    const key = newKey();
    expect((await asAdmin(`/api/admin/payouts/${payout?.id}/paid`, key)).statusCode).toBe(200);
    expect((await asAdmin(`/api/admin/payouts/${payout?.id}/paid`, key)).statusCode).toBe(200);
    expect(await mailsTo(email, 'Your payout of 30.00 EUR for “Glass <forest>” was paid')).toHaveLength(1);
  });
});

describe('verification mails', () => {
  async function submitted(locale: string) {
    const user = await account(locale);
    return { ...user, id: await submitVerification(app, user.session, png) };
  }

  it('tells the user the verification was approved, once', async () => {
    const { email, id } = await submitted('fr');
    const key = newKey();
    await asAdmin(`/api/admin/verifications/${id}/approve`, key);
    await asAdmin(`/api/admin/verifications/${id}/approve`, key);
    const sent = await mailsTo(email, 'Votre identité');
    expect(sent.map((mail) => mail.subject)).toEqual(['Votre identité est vérifiée']);
  });

  it('tells the user the verification was declined, with the back office’s reason, once', async () => {
    const { email, id } = await submitted('en');
    const key = newKey();
    const reason = { reason: 'The photo of the passport is blurred.' };
    await asAdmin(`/api/admin/verifications/${id}/decline`, key, reason);
    await asAdmin(`/api/admin/verifications/${id}/decline`, key, reason);
    const sent = await mailsTo(email, 'Your identity verification');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Your identity verification was declined');
    expect(sent[0]?.text).toContain('The reason: The photo of the passport is blurred.');
    expect(sent[0]?.text).toContain('/en/dashboard/verification');
  });
});

describe('renderMail', () => {
  it('has every new mail in the six languages, each written for its language', () => {
    for (const [kind, languages] of Object.entries(noticeTexts)) {
      const english = languages.en;
      for (const language of ['de', 'fr', 'es', 'it', 'pl']) {
        const texts = languages[language];
        expect(texts, `${kind} ${language}`).toBeDefined();
        expect(texts?.subject, `${kind} ${language}`).not.toBe(english?.subject);
        expect(texts?.action, `${kind} ${language}`).not.toBe(english?.action);
        // The same values in the same lines, so no language drops the amount or the reason.
        const named = (lines: string[] = []) => lines.map((line) => line.match(/\{\w+\}/g) ?? []);
        expect(named(texts?.lines), `${kind} ${language}`).toEqual(named(english?.lines));
      }
    }
  });

  it('names the work sold in the subject and the first line of every payout mail, in every language', () => {
    for (const kind of ['payout-sent', 'payout-paid', 'payout-failed'] as const) {
      for (const language of ['en', 'de', 'fr', 'es', 'it', 'pl']) {
        const mail = renderMail(kind, language, {
          name: 'Ada',
          amount: '25.00 EUR',
          title: 'Harbour at dusk',
          url: 'https://shop.example/x',
        });
        expect(mail.subject, `${kind} ${language}`).toContain('Harbour at dusk');
        const [, , firstLine] = mail.text.split('\n');
        expect(firstLine, `${kind} ${language}`).toContain('Harbour at dusk');
      }
    }
  });

  it('leaves out a line whose value is not given, and escapes every value and item in HTML', () => {
    const approved = renderMail('verification-declined', 'de', {
      name: 'Jörg',
      url: 'https://shop.example/x',
    });
    expect(approved.text).not.toContain('Der Grund');
    const receipt = renderMail('purchase', 'en', {
      url: 'https://shop.example/en/dashboard/orders',
      number: '7',
      items: ['<b>Fox</b>: 1.00 Credits'],
      total: '1.00 Credits',
    });
    expect(receipt.text).toContain('- <b>Fox</b>: 1.00 Credits');
    expect(receipt.html).toContain('<li>&lt;b&gt;Fox&lt;/b&gt;: 1.00 Credits</li>');
    expect(receipt.html).not.toContain('<b>Fox');
  });
});

describe('the optional mails', () => {
  it('are on by default, and once turned off no news of offers or verification is sent', async () => {
    const { session, email, offerId } = await offered('en');
    const path = '/api/user/mail-preferences';
    expect((await call(app, session, 'GET', path)).json()).toEqual({
      status: 'OK',
      payload: { optional_mails: true },
    });
    const off = await call(app, session, 'PUT', path, { optional_mails: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ status: 'OK', payload: { optional_mails: false } });
    expect((await call(app, session, 'GET', path)).json().payload).toEqual({ optional_mails: false });

    await asAdmin(`/api/admin/offers/${offerId}/counter`, newKey(), { service_price: 20 });
    expect(await mailsTo(email, 'We have priced')).toHaveLength(0);

    // Receipts and security notices are not optional.
    const changed = await call(app, session, 'POST', '/api/user/change-password', {
      current_password: strongPassword,
      password: 'another good password',
      password_confirmation: 'another good password',
    });
    expect(changed.statusCode).toBe(200);
    expect(await mailsTo(email, 'The password of your account was changed')).toHaveLength(1);

    expect((await call(app, session, 'PUT', path, { optional_mails: true })).statusCode).toBe(200);
    await asAdmin(`/api/admin/offers/${offerId}/decline`, newKey(), { reason: 'Not ours.' });
    expect(await mailsTo(email, 'Your offer')).toHaveLength(1);
  });

  it('are each user’s own, refuse what is not a yes or no, and need a signed-in user', async () => {
    const { session } = await account('de');
    const other = await account('en');
    await call(app, session, 'PUT', '/api/user/mail-preferences', { optional_mails: false });
    expect((await call(app, other.session, 'GET', '/api/user/mail-preferences')).json().payload).toEqual({
      optional_mails: true,
    });
    const bad = await call(app, session, 'PUT', '/api/user/mail-preferences', { optional_mails: 'no' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.optional_mails).toEqual(['This value is invalid.']);
    const extra = await call(app, session, 'PUT', '/api/user/mail-preferences', {
      optional_mails: true,
      email: 'x@example.test',
    });
    expect(extra.statusCode).toBe(422);
    const guest = await app.inject({ method: 'GET', url: '/api/user/mail-preferences' });
    expect([401, 419]).toContain(guest.statusCode);
  });
});
