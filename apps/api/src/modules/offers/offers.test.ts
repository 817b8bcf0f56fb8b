import { validationText } from '@promptmarket/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unseal } from '../../lib/sealed';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { type Part, postMultipart } from '../../test/multipart';
import { payoutCard, payoutContact } from '../../test/offers';
import { categories, styles } from '../catalogue/catalogue.tables';
import { settlePayout } from '../payouts/payouts.service';
import { payouts } from '../payouts/payouts.tables';
import { SANDBOX_CARD_PURPOSE } from '../payouts/sandbox';
import { sandboxPayoutCards } from '../payouts/sandbox.tables';
import { approveVerification } from '../verification/verification.service';
import { verifications } from '../verification/verification.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { ledgerAccounts } from '../wallet/wallet.tables';
import { declineByService, makeCounterOffer } from './offers.service';
import { offers } from './offers.tables';

const MB = 1024 * 1024;
let app: TestApp;
let categoryId: number;
let styleIds: number[];
let png: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  const [category] = await app.db.select().from(categories).where(eq(categories.slug, 'portraits'));
  categoryId = category?.id ?? 0;
  styleIds = (await app.db.select({ id: styles.id }).from(styles)).map((style) => style.id);
  // A photo with a comment in its metadata, which must not survive the upload.
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'secret-location-42' } } })
    .toBuffer();
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

function fields(overrides: Record<string, string | string[] | null> = {}): Part[] {
  const values: Record<string, string | string[] | null> = {
    title: 'Neon harbour',
    category_id: String(categoryId),
    'style_ids[]': styleIds.slice(0, 2).map(String),
    price: '120.50',
    description: 'A harbour at night in neon light.',
    add_text: 'Made with a diffusion model, retouched by hand.',
    prompt: 'A neon harbour at night, rain, reflections, 35 mm',
    confirm: '1',
    ...overrides,
  };
  return Object.entries(values).flatMap(([name, value]): Part[] => {
    if (value === null) return [];
    return (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: item }));
  });
}

const file = (data: Buffer, filename = 'work.png', type = 'image/png'): Part => ({
  name: 'media',
  filename,
  type,
  data,
});

async function createOffer(session: BrowserSession, parts: Part[], headers: Record<string, string> = {}) {
  return postMultipart(app, session, '/api/offer/create', parts, headers);
}

async function seller() {
  const { session, profile } = await registerVerifiedUser(app);
  return { session, userId: profile.id };
}

async function offered(servicePriceCents = 9000) {
  const who = await seller();
  const created = await createOffer(who.session, [...fields(), file(png)]);
  expect(created.statusCode).toBe(200);
  const id = created.json().payload.id as number;
  await makeCounterOffer(app.db, id, servicePriceCents);
  return { ...who, id };
}

const bank = { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00' };

describe('POST /offer/create', () => {
  it('creates a pending offer in euro, with its styles and a re-encoded picture without metadata', async () => {
    const { session } = await seller();
    const response = await createOffer(session, [...fields(), file(png, 'harbour.png')]);
    expect(response.statusCode).toBe(200);
    const offer = response.json().payload;
    expect(offer).toMatchObject({
      title: 'Neon harbour',
      description: 'A harbour at night in neon light.',
      category_id: categoryId,
      category_title: 'Portraits',
      user_price: 120.5,
      service_price: null,
      currency: 'EUR',
      status: 'pending',
      doc_type: 'image',
      doc_url: `/api/offer/${offer.id}/media`,
      style_ids: styleIds.slice(0, 2),
      confirm: true,
      payout: null,
    });
    const media = await call(app, session, 'GET', offer.doc_url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.rawPayload.includes(Buffer.from('secret-location-42'))).toBe(false);
    expect((await sharp(media.rawPayload).metadata()).width).toBe(64);
    const history = (await call(app, session, 'GET', '/api/offer/history')).json();
    expect(history.payload.map((item: { id: number }) => item.id)).toEqual([offer.id]);
  });

  it('reports every missing field under the spec keys, in the language of the request', async () => {
    const { session } = await seller();
    const response = await createOffer(
      session,
      [
        ...fields({ title: '', category_id: null, 'style_ids[]': null, price: 'abc', confirm: null }),
        file(png),
      ],
      { 'frontend-language': 'de' },
    );
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['category_id', 'confirm', 'price', 'style_ids[]', 'title']);
    expect(errors['style_ids[]']).toEqual(['Bitte wähle mindestens einen Stil.']);
    expect(errors.price).toEqual(['Bitte gib einen Preis ab 0 mit höchstens zwei Nachkommastellen ein.']);
    const english = await createOffer(session, [...fields({ price: '1.234' }), file(png)]);
    expect(english.json().errors).toEqual({
      price: ['Please enter a price of at least 0 with at most two decimals.'],
    });
    // A negative price is told so, not that it has too many decimals.
    const negative = await createOffer(session, [...fields({ price: '-1' }), file(png)]);
    expect(negative.json().errors).toEqual({ price: ['The amount must not be negative.'] });
    const unknownStyle = await createOffer(session, [...fields({ 'style_ids[]': ['999999'] }), file(png)]);
    expect(unknownStyle.json().errors).toEqual({ 'style_ids[]': ['Please choose at least one style.'] });
  });

  it('needs a file, and decides its type by content: a PHP file named .png is refused', async () => {
    const { session } = await seller();
    const none = await createOffer(session, fields());
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ media: ['Please choose a file.'] });
    const php = await createOffer(session, [
      ...fields(),
      file(Buffer.from('<?php system($_GET["c"]); ?>'), 'work.png', 'image/png'),
    ]);
    expect(php.statusCode).toBe(422);
    expect(php.json().errors).toEqual({
      media: ['Please upload a valid file type (JPG, PNG, GIF, SVG, PDF, DOC, DOCX)'],
    });
    // The spec's list is the one list, the web's too: a real WebP picture is not on it.
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    const refused = await createOffer(session, [...fields(), file(webp, 'work.webp', 'image/webp')]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      media: ['Please upload a valid file type (JPG, PNG, GIF, SVG, PDF, DOC, DOCX)'],
    });
    const pdf = await createOffer(session, [
      ...fields(),
      file(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'), 'work.bin', 'application/octet-stream'),
    ]);
    expect(pdf.json().payload.doc_type).toBe('pdf');
    const download = await call(app, session, 'GET', pdf.json().payload.doc_url);
    // Named from its content, never from the name it was uploaded under.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="offer-${pdf.json().payload.id}.pdf"`,
    );
  });

  it('answers 413 for a file over 10 MB and keeps nothing of it', async () => {
    const { session, userId } = await seller();
    const big = Buffer.concat([png, Buffer.alloc(10 * MB + 1 - png.length)]);
    const response = await createOffer(session, [...fields(), file(big)]);
    expect(response.statusCode).toBe(413);
    // The spec's text, not "Payload Too Large" (spec section 8), in the request's language.
    expect(response.json()).toEqual({ message: 'File size must not exceed 10MB', code: 'PAYLOAD_TOO_LARGE' });
    const german = await createOffer(session, [...fields(), file(big)], { 'frontend-language': 'de' });
    expect(german.statusCode).toBe(413);
    expect(german.json().message).toBe(validationText('media.too_large', 'de'));
    expect(german.json().message).not.toBe('File size must not exceed 10MB');
    expect(await app.db.select().from(offers).where(eq(offers.userId, userId))).toEqual([]);
  });

  it('keeps only the drawing of an SVG with a script, and serves it only as a download under a sandbox', async () => {
    const { session } = await seller();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="4" height="4"/></svg>',
    );
    const response = await createOffer(session, [...fields(), file(svg, 'art.svg', 'image/svg+xml')]);
    expect(response.statusCode).toBe(200);
    const offer = response.json().payload;
    expect(offer.doc_type).toBe('svg');
    const media = await call(app, session, 'GET', offer.doc_url);
    expect(media.headers['content-disposition']).toMatch(/^attachment;/);
    expect(media.headers['content-security-policy']).toContain('sandbox');
    expect(media.body).toContain('<rect');
    expect(media.body).not.toContain('alert');
  });

  it('shows an offer and its file to its owner only: others and guests get 404 and 401', async () => {
    const owner = await seller();
    const created = (await createOffer(owner.session, [...fields(), file(png)])).json().payload;
    const stranger = await seller();
    expect((await call(app, stranger.session, 'GET', created.doc_url)).statusCode).toBe(404);
    expect((await call(app, stranger.session, 'GET', '/api/offer/history')).json().payload).toEqual([]);
    expect((await app.inject({ method: 'GET', url: created.doc_url })).statusCode).toBe(401);
    const decline = await call(app, stranger.session, 'POST', '/api/offer/decline', { id: created.id });
    expect(decline.statusCode).toBe(404);
  });
});

describe('answering the service’s counter-price', () => {
  it('declines once: a second answer is OFFER_ALREADY_ANSWERED, in the same 422 as before', async () => {
    const { session, id } = await offered();
    const declined = await call(app, session, 'POST', '/api/offer/decline', { id });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().payload.status).toBe('declined_by_user');
    const again = await call(app, session, 'POST', '/api/offer/decline', { id });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This offer can no longer be accepted or declined.',
      errors: { id: ['This offer can no longer be accepted or declined.'] },
      code: 'OFFER_ALREADY_ANSWERED',
    });
    const german = await call(
      app,
      session,
      'POST',
      '/api/offer/decline',
      { id },
      { 'frontend-language': 'de' },
    );
    expect(german.json()).toEqual({
      message: 'Dieses Angebot kann nicht mehr angenommen oder abgelehnt werden.',
      errors: { id: ['Dieses Angebot kann nicht mehr angenommen oder abgelehnt werden.'] },
      code: 'OFFER_ALREADY_ANSWERED',
    });
    const accept = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: { id },
    });
    expect(accept.statusCode).toBe(422);
    expect(accept.json().code).toBe('OFFER_ALREADY_ANSWERED');
  });

  it('tells an offer never priced that it has no price yet, on approve, withdraw and decline, and changes nothing', async () => {
    const { session, userId } = await seller();
    const created = await createOffer(session, [...fields(), file(png)]);
    const id = created.json().payload.id as number;
    const notPriced = {
      message: 'This offer has no price from us yet. You can accept or decline it once we have made one.',
      errors: {
        id: ['This offer has no price from us yet. You can accept or decline it once we have made one.'],
      },
      code: 'OFFER_NOT_PRICED',
    };
    const approve = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: { id },
    });
    expect(approve.statusCode).toBe(422);
    expect(approve.json()).toEqual(notPriced);
    const card = await call(app, session, 'POST', '/api/offer/withdraw/card', {
      ...payoutContact,
      ...payoutCard,
      id,
      amount: '10',
    });
    expect(card.json()).toEqual(notPriced);
    const sepa = await call(app, session, 'POST', '/api/offer/withdraw/sepa', {
      ...payoutContact,
      ...bank,
      id: { id },
      amount: '10',
    });
    expect(sepa.json()).toEqual(notPriced);
    expect((await call(app, session, 'POST', '/api/offer/decline', { id })).json().code).toBe(
      'OFFER_NOT_PRICED',
    );
    const german = await call(
      app,
      session,
      'POST',
      '/api/offer/approve',
      { ...payoutContact, ...bank, id: { id } },
      {
        'frontend-language': 'de',
      },
    );
    expect(german.json().message).toBe(validationText('offer.not_priced', 'de'));
    expect(german.json().message).not.toBe(notPriced.message);
    const [offer] = await app.db.select().from(offers).where(eq(offers.id, id));
    expect(offer?.status).toBe('pending');
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toEqual([]);
  });

  it('accepts with SEPA: owes the price through the ledger, keeps the bank details sealed and shows them masked', async () => {
    const { session, userId, id } = await offered(9000);
    const response = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: { id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      status: 'approved',
      service_price: 90,
      payout: { method: 'sepa', destination: 'IBAN DE89 •••• 3000', status: 'requested' },
    });
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.userId, userId));
    expect(payout).toMatchObject({
      method: 'sepa',
      amountCents: 9000,
      ledgerAmount: 9000,
      status: 'requested',
    });
    expect(payout?.detailsSealed).not.toContain('DE89');
    expect(unseal(app.config.appKey ?? '', 'payout-details', payout?.detailsSealed ?? '')).toMatchObject({
      iban: 'DE89370400440532013000',
      full_name: 'Ada Lovelace',
      contact: { name: 'Ada', country: 'GB', currency: 'EUR' },
    });
    const [payable] = await app.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, 'payouts_payable'));
    expect(payable?.balance).toBeGreaterThanOrEqual(9000);

    // A second accept changes nothing and says so.
    const again = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: { id },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'You have already accepted this offer.',
      errors: { id: ['You have already accepted this offer.'] },
      code: 'OFFER_ALREADY_ANSWERED',
    });
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toHaveLength(1);
  });

  it('refuses a bad IBAN: its format, then its ISO 13616 check digits', async () => {
    const { session, id } = await offered();
    const format = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'A',
      iban: 'DE89!',
      id,
    });
    expect(format.json().errors).toEqual({ iban: ['Invalid IBAN format; enter the IBAN without spaces'] });
    const checksum = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Ada',
      iban: 'DE88370400440532013000',
      id,
    });
    expect(checksum.json().errors).toEqual({
      iban: ['This IBAN is not valid: its check digits do not match.'],
    });
    const empty = await call(app, session, 'POST', '/api/offer/approve', { ...payoutContact, id });
    expect(empty.json().errors).toEqual({ full_name: ['Full name is required'], iban: ['IBAN is required'] });
  });

  it('checks every contact field at once', async () => {
    const { session, id } = await offered();
    const response = await call(app, session, 'POST', '/api/offer/approve', { ...bank, id, email: 'nope' });
    expect(response.json().errors).toEqual({
      name: ['First name is required'],
      surname: ['Last name is required'],
      email: ['Please enter a valid email'],
      phone: ['Phone number is required'],
      address: ['Address is required'],
      city: ['City is required'],
      postCode: ['Post code is required'],
      country: ['Country is required'],
    });
  });

  it('accepts with a card: Luhn, at least 13 digits, an expiry not in the past, the amount equal to the price', async () => {
    const { session, userId, id } = await offered(4550);
    const post = (body: Record<string, unknown>) =>
      call(app, session, 'POST', '/api/offer/withdraw/card', {
        ...payoutContact,
        ...payoutCard,
        id,
        amount: '45.50',
        ...body,
      });
    expect((await post({ card_number: '4242 4242 4242 4241' })).json().errors).toEqual({
      card_number: ['Valid card number is required'],
    });
    expect((await post({ card_number: '4242 4242 42' })).json().errors).toEqual({
      card_number: ['Valid card number is required'],
    });
    const lastYear = new Date().getUTCFullYear() - 1;
    expect((await post({ expire_year: String(lastYear) })).json().errors).toEqual({
      expire_month: ['Expiry date must be in the future'],
    });
    expect((await post({ card_holder_name: '', expire_month: '' })).json().errors).toEqual({
      card_holder_name: ['Cardholder name is required'],
      expire_month: ['Expiry month is required'],
    });
    const wrongAmount = await post({ amount: '50' });
    expect(wrongAmount.json().errors).toEqual({ amount: ['The amount must equal the price offered.'] });
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toEqual([]);

    const cardsBefore = (await app.db.select().from(sandboxPayoutCards)).length;
    const accepted = await post({});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().payload.payout).toMatchObject({
      method: 'card',
      destination: 'Card •••• 4242',
      status: 'requested',
    });

    // The card is the payout provider's: the shop keeps its token, brand and last four digits.
    const [payout] = await app.db.select().from(payouts).where(eq(payouts.userId, userId));
    expect(payout).toMatchObject({ provider: 'sandbox', cardBrand: 'visa', cardLast4: '4242' });
    const kept = unseal<Record<string, unknown>>(
      app.config.appKey ?? '',
      'payout-details',
      payout?.detailsSealed ?? '',
    );
    expect(kept).toEqual({ contact: expect.objectContaining({ name: 'Ada' }) });
    expect(JSON.stringify({ ...payout, kept })).not.toMatch(/4242424242424242|Ada Lovelace|"expire/);
    const cards = await app.db.select().from(sandboxPayoutCards);
    // Refused attempts left no card at the provider: it forgets a card whose offer was not accepted.
    expect(cards).toHaveLength(cardsBefore + 1);
    const [stored] = cards.filter((row) => row.token === payout?.cardToken);
    expect(unseal(app.config.appKey ?? '', SANDBOX_CARD_PURPOSE, stored?.cardSealed ?? '')).toMatchObject({
      card_number: '4242424242424242',
      card_holder_name: 'Ada Lovelace',
      expire_month: 12,
    });
  });

  it('accepts through /offer/withdraw/sepa with the amount', async () => {
    const { session, id } = await offered(1000);
    const response = await call(app, session, 'POST', '/api/offer/withdraw/sepa', {
      ...payoutContact,
      ...bank,
      id,
      amount: 10,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.status).toBe('approved');
  });

  it('needs an approved identity verification from 150 EUR, and not below', async () => {
    const below = await offered(14_999);
    const fine = await call(app, below.session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: below.id,
    });
    expect(fine.statusCode).toBe(200);

    const { session, userId, id } = await offered(15_000);
    const refused = await call(app, session, 'POST', '/api/offer/approve', { ...payoutContact, ...bank, id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Identity verification is required before you can accept this offer.',
      code: 'VERIFICATION_REQUIRED',
    });
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toEqual([]);

    const [row] = await app.db
      .insert(verifications)
      .values({ userId, phone: '+44 20 7946 0000', city: 'London', country: 'GB', documents: '{}' })
      .returning();
    const pending = await call(app, session, 'POST', '/api/offer/approve', { ...payoutContact, ...bank, id });
    expect(pending.statusCode).toBe(403);
    await approveVerification(app.db, row?.id ?? 0);
    const accepted = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('answers 404 for another user’s offer', async () => {
    const { id } = await offered();
    const stranger = await seller();
    const response = await call(app, stranger.session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the service’s side', () => {
  it('counters only a pending offer, and declines a pending or countered one', async () => {
    const { session, id } = await offered(5000);
    await expect(makeCounterOffer(app.db, id, 100)).rejects.toMatchObject({ code: 'CONFLICT' });
    await declineByService(app.db, id, 'The picture is too small for print.');
    const [row] = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(row.status).toBe('declined_by_service');
    expect(row.decline_reason).toBe('The picture is too small for print.');
    await expect(declineByService(app.db, id, 'Again.')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(makeCounterOffer(app.db, id, 0)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('pays a payout once, or fails it and reverses what was owed', async () => {
    const paid = await offered(2000);
    await call(app, paid.session, 'POST', '/api/offer/approve', { ...payoutContact, ...bank, id: paid.id });
    const failed = await offered(3000);
    await call(app, failed.session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      ...bank,
      id: failed.id,
    });
    const [first] = await app.db.select().from(payouts).where(eq(payouts.offerId, paid.id));
    const [second] = await app.db.select().from(payouts).where(eq(payouts.offerId, failed.id));
    const payable = async () =>
      (await app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'payouts_payable')))[0]
        ?.balance ?? 0;
    const before = await payable();
    await settlePayout(app.db, first?.id ?? 0, { paid: true }, { appUrl: app.config.appUrl });
    await settlePayout(
      app.db,
      second?.id ?? 0,
      { paid: false, reason: 'The bank refused the transfer.' },
      { appUrl: app.config.appUrl },
    );
    expect(await payable()).toBe(before - 5000);
    await expect(
      settlePayout(app.db, first?.id ?? 0, { paid: true }, { appUrl: app.config.appUrl }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const [row] = (await call(app, failed.session, 'GET', '/api/offer/history')).json().payload;
    expect(row.payout.status).toBe('failed');
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('accepting under concurrency (PostgreSQL)', () => {
  it('makes one payout of ten concurrent accepts', async () => {
    const { session, userId, id } = await offered(7000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, session, 'POST', '/api/offer/approve', { ...payoutContact, ...bank, id }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    expect(await app.db.select().from(payouts).where(eq(payouts.userId, userId))).toHaveLength(1);
  });
});
