import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type Part, postMultipart } from '../../test/multipart';
import { backOfficeWithCatalogue, type OfferShelf, payoutContact } from '../../test/offers';
import { adminAudit } from '../audit/audit.tables';
import { products } from '../catalogue/catalogue.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { offers } from './offers.tables';

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;

const PROMPT = 'A glass forest at dawn, volumetric light, 85 mm';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'prompts@example.test'));
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

function offerParts(overrides: Record<string, string | null> = {}): Part[] {
  const values: Record<string, string | null> = {
    title: 'Glass forest',
    category_id: String(shelf.categoryId),
    'style_ids[]': String(shelf.styleId),
    price: '80',
    description: 'A forest of glass trees.',
    add_text: 'Sketched by hand, then rendered with a diffusion model.',
    prompt: PROMPT,
    confirm: '1',
    ...overrides,
  };
  return Object.entries(values).flatMap(([name, value]) => (value === null ? [] : [{ name, value }]));
}

const picture = (): Part => ({ name: 'media', filename: 'forest.png', type: 'image/png', data: shelf.png });

/** Offers come from many addresses: the hourly limit per address is not what these tests are about. */
let address = 0;

async function offer(session: BrowserSession, overrides: Record<string, string | null> = {}) {
  address += 1;
  const created = await postMultipart(
    app,
    session,
    '/api/offer/create',
    [...offerParts(overrides), picture()],
    {},
    `10.20.${address >> 8}.${address & 255}`,
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payload.id as number;
}

/** An offer countered, accepted to a bank account, and its payout paid: ready to publish. */
async function paidOffer(overrides: Record<string, string | null> = {}) {
  const { session } = await registerVerifiedUser(app);
  const offerId = await offer(session, overrides);
  await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, { service_price: 20 });
  const accepted = await call(app, session, 'POST', '/api/offer/approve', {
    ...payoutContact,
    full_name: 'Ada Lovelace',
    iban: 'DE89370400440532013000',
    id: offerId,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const requested = (await call(app, admin, 'GET', '/api/admin/payouts?status=requested&per_page=100')).json()
    .payload.data as { id: number; offer_id: number }[];
  const payout = requested.find((item) => item.offer_id === offerId);
  expect((await call(app, admin, 'POST', `/api/admin/payouts/${payout?.id}/paid`)).statusCode).toBe(200);
  return offerId;
}

describe('the prompt of an offer', () => {
  it.each([
    ['en', 'Please enter the prompt the buyer will receive, in English: it is required for a picture.'],
    ['de', 'Bitte gib den Prompt ein, den Käufer erhalten, auf Englisch: Für ein Bild ist er erforderlich.'],
    [
      'fr',
      'Veuillez saisir le prompt que recevra l’acheteur, en anglais : il est obligatoire pour une image.',
    ],
    ['es', 'Introduce el prompt que recibirá el comprador, en inglés: es obligatorio para una imagen.'],
    ['it', 'Inserisci il prompt che riceverà l’acquirente, in inglese: è obbligatorio per un’immagine.'],
    ['pl', 'Wpisz prompt, który otrzyma kupujący, po angielsku: jest wymagany dla obrazu.'],
  ])('is required for a picture (%s), as a Laravel 422, and nothing is stored', async (locale, text) => {
    const { session, profile } = await registerVerifiedUser(app);
    for (const prompt of [null, '', '  ab  ']) {
      const refused = await postMultipart(
        app,
        session,
        '/api/offer/create',
        [...offerParts({ prompt }), picture()],
        { 'frontend-language': locale },
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ message: expect.any(String), errors: { prompt: [text] } });
      expect(Object.keys(refused.json().errors)).toEqual(['prompt']);
    }
    expect(await app.db.select().from(offers).where(eq(offers.userId, profile.id))).toEqual([]);
  });

  it('is named with the other missing fields at once', async () => {
    const { session } = await registerVerifiedUser(app);
    const refused = await postMultipart(app, session, '/api/offer/create', [
      ...offerParts({ prompt: null, title: '' }),
      picture(),
    ]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['prompt', 'title']);
  });

  it('is optional for a document, and kept apart from how it was made', async () => {
    const { session } = await registerVerifiedUser(app);
    const created = await postMultipart(app, session, '/api/offer/create', [
      ...offerParts({ prompt: null }),
      { name: 'media', filename: 'notes.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().payload).toMatchObject({ doc_type: 'pdf', prompt: null });

    const withPrompt = await offer(session);
    const history = (await call(app, session, 'GET', '/api/offer/history')).json().payload;
    expect(history.find((item: { id: number }) => item.id === withPrompt)).toMatchObject({
      prompt: PROMPT,
      add_text: 'Sketched by hand, then rendered with a diffusion model.',
      description: 'A forest of glass trees.',
    });
  });

  it('is too long past 4000 characters', async () => {
    const { session } = await registerVerifiedUser(app);
    const refused = await postMultipart(app, session, '/api/offer/create', [
      ...offerParts({ prompt: 'x'.repeat(4001) }),
      picture(),
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ prompt: ['This field is too long.'] });
  });
});

describe('the back office’s offer page', () => {
  it('shows the seller’s texts, the category and the styles in the admin’s language', async () => {
    const { session } = await registerVerifiedUser(app);
    const offerId = await offer(session);
    const detail = await call(app, admin, 'GET', `/api/admin/offers/${offerId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().payload).toMatchObject({
      id: offerId,
      title: 'Glass forest',
      description: 'A forest of glass trees.',
      add_text: 'Sketched by hand, then rendered with a diffusion model.',
      prompt: PROMPT,
      category_id: shelf.categoryId,
      category_title: expect.stringMatching(/\S/),
      styles: [{ id: shelf.styleId, title: expect.stringMatching(/\S/) }],
      decline_reason: null,
    });
    const user = await call(app, session, 'GET', `/api/admin/offers/${offerId}`);
    expect(user.statusCode).toBe(403);
  });
});

describe('publishing with the seller’s prompt', () => {
  it('sells the prompt the seller gave when the back office sends none', async () => {
    const offerId = await paidOffer();
    const published = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, { price: 9.9 });
    expect(published.statusCode, published.body).toBe(200);
    const [product] = await app.db
      .select({ prompt: products.prompt })
      .from(products)
      .where(eq(products.id, published.json().payload.product_id));
    expect(product?.prompt).toBe(PROMPT);
  });

  it('sells the back office’s prompt when it sends one', async () => {
    const offerId = await paidOffer();
    const published = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, {
      price: 9.9,
      prompt: 'A glass forest at dusk',
    });
    expect(published.statusCode, published.body).toBe(200);
    const [product] = await app.db
      .select({ prompt: products.prompt })
      .from(products)
      .where(eq(products.id, published.json().payload.product_id));
    expect(product?.prompt).toBe('A glass forest at dusk');
  });

  it('is a 422 on the prompt for an offer made before prompts, without one from the back office', async () => {
    const offerId = await paidOffer();
    await app.db.update(offers).set({ prompt: null }).where(eq(offers.id, offerId));
    const refused = await call(app, admin, 'POST', `/api/admin/offers/${offerId}/publish`, { price: 9.9 });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['prompt']);
    const [row] = await app.db.select().from(offers).where(eq(offers.id, offerId));
    expect(row?.productId).toBeNull();
    const audit = await app.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, String(offerId)));
    expect(audit.map((entry) => entry.action)).not.toContain('offer.publish');
  });
});

describe('bulk actions on offers', () => {
  it('declines several offers, each audited, and names the one that could not be declined', async () => {
    const { session } = await registerVerifiedUser(app);
    const first = await offer(session);
    const second = await offer(session);
    const published = await paidOffer();
    await call(app, admin, 'POST', `/api/admin/offers/${published}/publish`, { price: 5 });
    const response = await call(
      app,
      admin,
      'POST',
      '/api/admin/offers/bulk',
      { action: 'decline', ids: [first, second, published, 999_999], reason: 'Not original enough' },
      { 'frontend-language': 'de' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { done, failed } = response.json().payload;
    expect(done).toEqual([first, second]);
    expect(failed).toEqual([
      { id: published, code: 'CONFLICT', message: expect.stringContaining(String(published)) },
      { id: 999_999, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect(failed[0].message).toMatch(/Angebot/);
    const rows = await app.db
      .select()
      .from(offers)
      .where(eq(offers.userId, (await offerOwner(first)) ?? ''));
    expect(rows.every((row) => row.status === 'declined_by_service')).toBe(true);
    for (const id of [first, second]) {
      const audit = (
        await call(app, admin, 'GET', `/api/admin/audit?action=offer.decline&subject_id=${id}`)
      ).json().payload.data;
      expect(audit).toHaveLength(1);
      expect(audit[0].after).toMatchObject({ status: 'declined_by_service', reason: 'Not original enough' });
    }
    const none = (
      await call(app, admin, 'GET', `/api/admin/audit?action=offer.decline&subject_id=${published}`)
    ).json().payload.data;
    expect(none).toEqual([]);
  });

  it('publishes several accepted offers at one price with their sellers’ prompts, and names the pending one', async () => {
    const ready = await paidOffer();
    const alsoReady = await paidOffer({ prompt: 'A second glass forest, at noon' });
    const { session } = await registerVerifiedUser(app);
    const pending = await offer(session);
    const key = 'bulk-publish-1';
    const body = { action: 'publish', ids: [ready, pending, alsoReady], price: '4.50' };
    const response = await call(app, admin, 'POST', '/api/admin/offers/bulk', body, {
      'idempotency-key': key,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.done).toEqual([ready, alsoReady]);
    expect(response.json().payload.failed).toEqual([
      {
        id: pending,
        code: 'CONFLICT',
        message: expect.stringContaining('only an accepted offer is published'),
      },
    ]);
    const made = await app.db
      .select({ id: offers.id, prompt: products.prompt, price: products.priceCents })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId));
    expect(made).toEqual(
      expect.arrayContaining([
        { id: ready, prompt: PROMPT, price: 450 },
        { id: alsoReady, prompt: 'A second glass forest, at noon', price: 450 },
      ]),
    );
    // The same request again (a double click) answers the same and publishes nothing more.
    const again = await call(app, admin, 'POST', '/api/admin/offers/bulk', body, { 'idempotency-key': key });
    expect(again.json()).toEqual(response.json());
    const audit = (
      await call(app, admin, 'GET', `/api/admin/audit?action=offer.publish&subject_id=${ready}`)
    ).json().payload.data;
    expect(audit).toHaveLength(1);
  });

  it('refuses an empty or malformed request with a 422, and users with a 403', async () => {
    for (const body of [
      { action: 'decline', ids: [], reason: 'Not original enough' },
      { action: 'decline', ids: [1], reason: '' },
      { action: 'publish', ids: [1], price: '0' },
      { action: 'archive', ids: [1] },
    ]) {
      const refused = await call(app, admin, 'POST', '/api/admin/offers/bulk', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    const { session } = await registerVerifiedUser(app);
    const user = await call(app, session, 'POST', '/api/admin/offers/bulk', {
      action: 'decline',
      ids: [1],
      reason: 'Not original enough',
    });
    expect(user.statusCode).toBe(403);
  });
});

async function offerOwner(offerId: number) {
  const [row] = await app.db.select({ userId: offers.userId }).from(offers).where(eq(offers.id, offerId));
  return row?.userId;
}
