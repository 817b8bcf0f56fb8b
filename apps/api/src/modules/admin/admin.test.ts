import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  newAdmin,
  registerUser,
  registerVerifiedUser,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { startCardDeposit } from '../../test/deposits';
import { postMultipart } from '../../test/multipart';
import { backOfficeWithCatalogue, type OfferShelf, offerGlassForest, payoutContact } from '../../test/offers';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { users } from '../accounts/accounts.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { adminRouteTable } from './admin.routes';

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;

async function signIn(email: string, password: string) {
  const session = await startBrowserSession(app);
  const response = await call(app, session, 'POST', '/api/login', { email, password });
  expect(response.statusCode).toBe(200);
  return session;
}

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'boss@example.test'));
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** A user with an offer waiting for the service. */
async function sellerWithOffer() {
  const { session, profile } = await registerVerifiedUser(app);
  return { session, userId: profile.id, offerId: await offerGlassForest(app, session, shelf) };
}

/** The seller's offer countered at `euros` by the admin, and accepted for a payout to a card. */
async function acceptedToCard(seller: { session: BrowserSession; offerId: number }, euros: number) {
  await call(app, admin, 'POST', `/api/admin/offers/${seller.offerId}/counter`, { service_price: euros });
  await call(app, seller.session, 'POST', '/api/offer/withdraw/card', {
    ...payoutContact,
    card_number: '4242424242424242',
    card_holder_name: 'Ada Lovelace',
    expire_month: '12',
    expire_year: String(new Date().getUTCFullYear() + 2),
    id: seller.offerId,
    amount: String(euros),
  });
}

/** The back office's requested payout for an offer. */
async function requestedPayout(offerId: number) {
  const requested = (await call(app, admin, 'GET', '/api/admin/payouts?status=requested&per_page=100')).json()
    .payload.data;
  return requested.find((item: { offer_id: number }) => item.offer_id === offerId);
}

describe('access', () => {
  it('answers 401 to guests and 403 to users on every admin route', async () => {
    const table = [...adminRouteTable.values()];
    expect(table.length).toBeGreaterThanOrEqual(13);
    expect(table.every((route) => route.url.startsWith('/api/admin/'))).toBe(true);
    const { session: user } = await registerVerifiedUser(app);
    const guest = await startBrowserSession(app);
    for (const route of table) {
      const url = route.url.replace(':id', '1').replace(':field', 'document_front');
      const method = route.method as 'GET' | 'POST';
      expect((await call(app, guest, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        401,
      );
      expect((await call(app, user, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(
        403,
      );
    }
  });

  it('makes the first admin once, and never promotes an account someone else registered', async () => {
    expect(await ensureAdmin(app.db, 'boss@example.test', strongPassword)).toBe('kept');
    // A stranger registered the address first (verified or not): they chose its password.
    for (const { profile } of [await registerUser(app), await registerVerifiedUser(app)]) {
      expect(await ensureAdmin(app.db, profile.email.toUpperCase(), 'another password 123')).toBe('refused');
      const [row] = await app.db.select().from(users).where(eq(users.id, profile.id));
      expect(row?.role).toBe('user');
      const session = await signIn(profile.email, strongPassword);
      expect((await call(app, session, 'GET', '/api/admin/stats')).statusCode).toBe(403);
    }
  });
});

describe('the offers queue', () => {
  it('lists pending offers, counters one (the user sees it), and audits it', async () => {
    const { session, userId, offerId } = await sellerWithOffer();
    const list = (await call(app, admin, 'GET', '/api/admin/offers?status=pending&per_page=100')).json()
      .payload;
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 100 });
    expect(list.data).toContainEqual(
      expect.objectContaining({
        id: offerId,
        user_id: userId,
        title: 'Glass forest',
        user_price: 80,
        status: 'pending',
      }),
    );
    const media = await call(app, admin, 'GET', `/api/admin/offers/${offerId}/media`);
    expect(media.headers['content-type']).toBe('image/png');

    // A price is cents exactly: a third decimal is refused, never rounded.
    for (const service_price of ['64.505', 0, '-1', 'abc']) {
      const refused = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, {
        service_price,
      });
      expect(refused.statusCode, String(service_price)).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['service_price']);
    }
    const counter = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, {
      service_price: 64.5,
    });
    expect(counter.statusCode).toBe(200);
    const [seen] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(seen).toMatchObject({ status: 'offer', service_price: 64.5 });
    const again = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, {
      service_price: 70,
    });
    expect(again.statusCode).toBe(409);

    const audit = (
      await call(app, admin, 'GET', `/api/admin/audit?subject_type=offer&subject_id=${offerId}`)
    ).json().payload.data;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'offer.counter',
        admin_email: 'boss@example.test',
        before: { status: 'pending', service_price_cents: null },
        after: { status: 'offer', service_price_cents: 6450 },
      }),
    ]);
  });

  it('declines an offer with a reason', async () => {
    const { session, offerId } = await sellerWithOffer();
    const short = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/decline`, { reason: '' });
    expect(short.statusCode).toBe(422);
    await call(app, admin, 'POST', `/api/admin/offers/${offerId}/decline`, {
      reason: 'Too close to an existing work.',
    });
    const [seen] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(seen.status).toBe('declined_by_service');
  });
});

describe('publishing an accepted offer', () => {
  it('makes the work a product of the shop once, with its title, category, styles, price and prompt', async () => {
    const { session, offerId } = await sellerWithOffer();
    const early = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, {
      price: 9.9,
      prompt: 'A glass forest at dawn, volumetric light',
    });
    expect(early.statusCode).toBe(409);
    await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, { service_price: 20 });
    await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      id: offerId,
    });
    // The shop sells a work only once it has paid the seller for it.
    const unpaid = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, {
      price: 9.9,
      prompt: 'A glass forest at dawn, volumetric light',
    });
    expect(unpaid.statusCode).toBe(409);
    const payout = await requestedPayout(offerId);
    expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/paid`)).statusCode).toBe(200);
    const published = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, {
      price: 9.9,
      prompt: 'A glass forest at dawn, volumetric light',
    });
    expect(published.statusCode).toBe(200);
    const productId = published.json().payload.product_id;
    const product = (await app.inject({ method: 'GET', url: `/api/products/${productId}` })).json().data;
    expect(product).toMatchObject({
      title: 'Glass forest',
      price: 9.9,
      category: { id: shelf.categoryId },
      styles: [expect.objectContaining({ id: shelf.styleId })],
    });
    const preview = await app.inject({ method: 'GET', url: product.images.webp['320'] });
    expect(preview.statusCode).toBe(200);
    const again = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, {
      price: 9.9,
      prompt: 'A glass forest at dawn, volumetric light',
    });
    expect(again.statusCode).toBe(409);
    const audit = (
      await call(app, admin, 'GET', `/api/admin/audit?action=offer.publish&subject_id=${offerId}`)
    ).json();
    expect(audit.payload.data[0].after).toEqual({ product_id: productId });
  });
});

describe('the payouts queue', () => {
  it('shows payouts masked, opens the details for an admin (audited), and pays or fails them through the ledger', async () => {
    const paid = await sellerWithOffer();
    await call(app, admin, 'POST', `/api/admin/offers/${paid.offerId}/counter`, { service_price: 50 });
    await call(app, paid.session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      id: paid.offerId,
    });
    const list = (await call(app, admin, 'GET', '/api/admin/payouts?status=requested&per_page=100')).json()
      .payload.data;
    const payout = list.find((item: { offer_id: number }) => item.offer_id === paid.offerId);
    expect(payout).toMatchObject({
      method: 'sepa',
      amount: 50,
      destination: 'IBAN DE89 •••• 3000',
      status: 'requested',
    });
    expect(JSON.stringify(list)).not.toContain('DE89370400440532013000');

    const opened = (await call(app, admin, 'GET', `/api/admin/payouts/${payout.id}`)).json().payload;
    expect(opened).toMatchObject({
      bank: { full_name: 'Ada Lovelace', iban: 'DE89370400440532013000' },
      card: null,
      contact: { name: 'Ada' },
      payee: 'Ada Lovelace',
      reference: `PAYOUT-${payout.id}`,
      attempt: 1,
      history: [{ status: 'requested', reason: null }],
    });
    const viewed = (
      await call(app, admin, 'GET', `/api/admin/audit?action=payout.view&subject_id=${payout.id}`)
    ).json();
    expect(viewed.payload.data).toHaveLength(1);

    const payable = async () =>
      (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'payouts_payable')))[0]
        ?.balance ?? 0;
    const before = await payable();
    expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/paid`)).statusCode).toBe(200);
    expect(await payable()).toBe(before - 5000);
    expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/paid`)).statusCode).toBe(409);
    const settled = (await call(app, admin, 'GET', `/api/admin/payouts/${payout.id}`)).json().payload;
    expect(settled.history.map((step: { status: string }) => step.status)).toEqual(['requested', 'paid']);
    const [offer] = (await call(app, paid.session, 'GET', '/api/offer/history')).json().payload;
    expect(offer.payout.status).toBe('paid');

    const failed = await sellerWithOffer();
    await acceptedToCard(failed, 30);
    const second = await requestedPayout(failed.offerId);
    const card = (await call(app, admin, 'GET', `/api/admin/payouts/${second.id}`)).json().payload;
    expect(card).toMatchObject({
      method: 'card',
      amount: 30,
      currency: 'EUR',
      status: 'requested',
      bank: null,
      card: { provider: 'sandbox', brand: 'visa', last4: '4242' },
      contact: { name: 'Ada', country: 'GB' },
    });
    expect(card.card.token).toMatch(/^card_sandbox_/);
    // The shop holds no card number to show: not the number, not the expiry.
    expect(JSON.stringify(card)).not.toMatch(/4242424242424242|expire/);
    expect(
      (await call(app, admin, 'POST', `/api/admin/payouts/${second.id}/paid`)).statusCode,
      "a card payout is paid on its provider's word only",
    ).toBe(409);
    const beforeFail = await payable();
    await call(app, admin, 'POST', `/api/admin/payouts/${second.id}/failed`, {
      reason: 'The card was closed.',
    });
    expect(await payable()).toBe(beforeFail - 3000);
    const failedCard = (await call(app, admin, 'GET', `/api/admin/payouts/${second.id}`)).json().payload;
    expect(failedCard).toMatchObject({ payee: 'Ada Lovelace', reference: `PAYOUT-${second.id}` });
    expect(failedCard.history.at(-1)).toMatchObject({ status: 'failed', reason: 'The card was closed.' });
    const [failedOffer] = (await call(app, failed.session, 'GET', '/api/offer/history')).json().payload;
    expect(failedOffer.payout.status).toBe('failed');
  });
  it('sends a card payout through the payout provider (audited), once', async () => {
    const seller = await sellerWithOffer();
    await acceptedToCard(seller, 20);
    const payout = await requestedPayout(seller.offerId);
    const sent = await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/send`);
    expect(sent.statusCode).toBe(200);
    expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout.id}/send`)).statusCode).toBe(409);
    const [offer] = (await call(app, seller.session, 'GET', '/api/offer/history')).json().payload;
    expect(offer.payout.status).toBe('paid');
    const audit = (
      await call(app, admin, 'GET', `/api/admin/audit?action=payout.send&subject_id=${payout.id}`)
    ).json();
    expect(audit.payload.data[0]).toMatchObject({
      before: { status: 'requested' },
      after: { status: 'paid' },
    });
  });
});

describe('the verification queue', () => {
  it('shows the documents to admins only, and approves or declines with a reason the user sees', async () => {
    const { session } = await registerVerifiedUser(app);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const sent = await postMultipart(app, session, '/api/verification', [
      { name: 'phone', value: '+44 20 7946 0000' },
      { name: 'city', value: 'London' },
      { name: 'country', value: 'GB' },
      { name: 'confirm', value: '1' },
      { name: 'document_front', filename: 'f.png', type: 'image/png', data: shelf.png },
      { name: 'document_back', filename: 'b.png', type: 'image/png', data: shelf.png },
      { name: 'address_document', filename: 'a.pdf', type: 'application/pdf', data: pdf },
    ]);
    const verificationId = sent.json().payload.id as number;
    const queue = (
      await call(app, admin, 'GET', '/api/admin/verifications?status=pending&per_page=100')
    ).json().payload.data;
    const item = queue.find((entry: { id: number }) => entry.id === verificationId);
    expect(item).toMatchObject({ status: 'pending', country: 'GB' });
    // How each is shown: the pictures inline, the PDF by its link.
    expect(item.documents.map((entry: { field: string; kind: string }) => [entry.field, entry.kind])).toEqual(
      [
        ['document_front', 'image'],
        ['document_back', 'image'],
        ['address_document', 'pdf'],
      ],
    );
    const picture = await call(app, admin, 'GET', item.documents[0].url);
    expect(picture.headers['content-type']).toBe('image/png');
    const document = await call(app, admin, 'GET', item.documents[2].url);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect((await call(app, session, 'GET', item.documents[2].url)).statusCode).toBe(403);

    await call(app, admin, 'POST', `/api/admin/verifications/${verificationId}/decline`, {
      reason: 'The address document is older than three months.',
    });
    const profile = (await call(app, session, 'GET', '/api/user/profile')).json().payload;
    expect(profile.verification_data).toEqual({
      status: 'declined',
      reason: 'The address document is older than three months.',
    });
    const twice = await call(app, admin, 'POST', `/api/admin/verifications/${verificationId}/approve`);
    expect(twice.statusCode).toBe(409);
  });
});

describe('users', () => {
  it("scopes an adjustment's Idempotency-Key to its admin, and refuses it for another user", async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const other = await registerVerifiedUser(app);
    const second = await newAdmin(app, 'second-boss@example.test');
    const key = { 'idempotency-key': 'adjust-the-same-key' };
    const adjust = (who: BrowserSession, userId: string) =>
      call(app, who, 'POST', `/api/admin/users/${userId}/adjust`, { amount: '3', reason: 'Goodwill' }, key);
    expect((await adjust(admin, profile.id)).statusCode).toBe(200);
    expect((await adjust(second, profile.id)).statusCode).toBe(200);
    expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.balance).toBe(6);
    const elsewhere = await adjust(admin, other.profile.id);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      message: 'This request was already made with other details.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect((await call(app, other.session, 'GET', '/api/user/profile')).json().payload.balance).toBe(0);
  });

  it('finds an account by e-mail, shows its money, and adjusts the balance through the ledger with a reason', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const found = (
      await call(app, admin, 'GET', `/api/admin/users?search=${encodeURIComponent(profile.email)}`)
    ).json().payload;
    expect(found.data).toEqual([
      expect.objectContaining({ id: profile.id, email: profile.email, balance: 0 }),
    ]);
    expect(found.meta.total).toBe(1);

    const noReason = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/adjust`, { amount: '5' });
    expect(noReason.statusCode).toBe(422);
    const credit = await call(
      app,
      admin,
      'POST',
      `/api/admin/users/${profile.id}/adjust`,
      { amount: '12.50', reason: 'Goodwill for a broken download' },
      { 'idempotency-key': `adjust-${profile.id}` },
    );
    expect(credit.statusCode).toBe(200);
    // The same key again moves nothing.
    await call(
      app,
      admin,
      'POST',
      `/api/admin/users/${profile.id}/adjust`,
      { amount: '12.50', reason: 'Goodwill for a broken download' },
      { 'idempotency-key': `adjust-${profile.id}` },
    );
    expect((await call(app, session, 'GET', '/api/user/profile')).json().payload.balance).toBe(12.5);
    const tooMuch = await call(app, admin, 'POST', `/api/admin/users/${profile.id}/adjust`, {
      amount: '-20',
      reason: 'A correction larger than the balance',
    });
    expect(tooMuch.statusCode).toBe(422);
    await call(app, admin, 'POST', `/api/admin/users/${profile.id}/adjust`, {
      amount: '-2.50',
      reason: 'Correction',
    });

    const detail = (await call(app, admin, 'GET', `/api/admin/users/${profile.id}`)).json().payload;
    expect(detail.profile).toMatchObject({ email: profile.email, balance: 10, blocked: false });
    // The list shows each account's own balance, one with money beside ones without.
    const page = (await call(app, admin, 'GET', '/api/admin/users?per_page=100')).json().payload.data;
    const balanceOf = (id: string) => page.find((row: { id: string }) => row.id === id)?.balance;
    expect(balanceOf(profile.id)).toBe(10);
    expect(page.filter((row: { balance: number }) => row.balance === 0).length).toBeGreaterThan(0);
    expect(
      detail.ledger.map((entry: { amount: number; kind: string }) => [entry.kind, entry.amount]),
    ).toEqual([
      ['adjustment', -2.5],
      ['adjustment', 12.5],
    ]);
    const audit = (
      await call(app, admin, 'GET', `/api/admin/audit?action=user.adjust&subject_id=${profile.id}`)
    ).json();
    // The credit and the correction; the credit sent again under its key is not audited twice.
    expect(audit.payload.data).toHaveLength(2);
  });

  it('blocks an account: its sessions end and it cannot sign in until unblocked', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    expect((await call(app, admin, 'POST', `/api/admin/users/${profile.id}/block`)).statusCode).toBe(200);
    expect((await call(app, session, 'GET', '/api/user/profile')).statusCode).toBe(401);
    const login = await call(app, await startBrowserSession(app), 'POST', '/api/login', {
      email: profile.email,
      password: strongPassword,
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toEqual({
      email: ['This account has been blocked. Please contact support.'],
    });
    // A wrong password on a blocked account says nothing of the block.
    const guess = await call(app, await startBrowserSession(app), 'POST', '/api/login', {
      email: profile.email,
      password: 'not the password at all',
    });
    expect(guess.json().errors).toEqual({ email: ['These credentials do not match our records.'] });

    await call(app, admin, 'POST', `/api/admin/users/${profile.id}/unblock`);
    await signIn(profile.email, strongPassword);
    const me = (await call(app, admin, 'GET', '/api/user/profile')).json().payload;
    const self = await call(app, admin, 'POST', `/api/admin/users/${me.id}/block`);
    expect(self.statusCode).toBe(409);
  });
});

describe('the dashboard', () => {
  it('counts today’s and this month’s activity and the queues waiting', async () => {
    const before = (await call(app, admin, 'GET', '/api/admin/stats')).json().payload;
    await sellerWithOffer();
    const after = (await call(app, admin, 'GET', '/api/admin/stats')).json().payload;
    expect(after.queues.offers).toBe(before.queues.offers + 1);
    expect(after.today.new_users).toBe(before.today.new_users + 1);
    expect(after.month.new_users).toBeGreaterThanOrEqual(after.today.new_users);
    expect(after.today.sales).toEqual({ count: expect.any(Number), total: expect.any(Number) });
  });
});

describe('deposits', () => {
  it('lists deposits with their provider references', async () => {
    const { session, profile } = await registerVerifiedUser(app);
    const checkout = await startCardDeposit(app, session);
    expect(checkout.statusCode).toBe(200);
    const list = (await call(app, admin, 'GET', '/api/admin/deposits?status=processing&per_page=5')).json()
      .payload;
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 5 });
    expect(list.data[0]).toMatchObject({
      user_id: profile.id,
      email: profile.email,
      status: 'processing',
      amount: 25,
      currency: 'EUR',
      provider: 'sandbox',
      provider_ref: expect.stringMatching(/^cs_sandbox_/),
    });
    const bad = await call(app, admin, 'GET', '/api/admin/deposits?status=nope');
    expect(bad.statusCode).toBe(422);

    // Found by the account's address or by the provider's reference, and by nothing else.
    const byEmail = (
      await call(app, admin, 'GET', `/api/admin/deposits?search=${encodeURIComponent(profile.email)}`)
    ).json().payload;
    expect(byEmail.meta.total).toBe(1);
    expect(byEmail.data[0].user_id).toBe(profile.id);
    const reference = byEmail.data[0].provider_ref as string;
    const byReference = (await call(app, admin, 'GET', `/api/admin/deposits?search=${reference}`)).json()
      .payload;
    expect(byReference.data.map((row: { provider_ref: string }) => row.provider_ref)).toEqual([reference]);
    const wildcard = (await call(app, admin, 'GET', '/api/admin/deposits?search=%25')).json().payload;
    expect(wildcard.meta.total).toBe(0);
  });
});
