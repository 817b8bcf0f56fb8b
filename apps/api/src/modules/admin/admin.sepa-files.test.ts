import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { backOfficeWithCatalogue, type OfferShelf, offerGlassForest, payoutContact } from '../../test/offers';

describe('the SEPA files of the payouts screen', () => {
  let app: TestApp;
  let admin: BrowserSession;
  let shelf: OfferShelf;

  beforeAll(async () => {
    app = await createTestApp({
      SEPA_DEBTOR_NAME: 'PromptMarket GmbH',
      SEPA_DEBTOR_IBAN: 'DE02 1203 0000 0000 2020 51',
    });
    ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'sepa.files@example.test'));
  });
  afterAll(() => app?.close());

  /** A seller's offer bought for `euros`, to be paid to their bank account. */
  async function bankPayoutOf(euros: number) {
    const { session } = await registerVerifiedUser(app);
    const offerId = await offerGlassForest(app, session, shelf);
    await call(app, admin, 'POST', `/api/admin/offers/${offerId}/counter`, { service_price: euros });
    const accepted = await call(app, session, 'POST', '/api/offer/approve', {
      ...payoutContact,
      full_name: 'Zoë Müller',
      iban: 'DE89370400440532013000',
      id: offerId,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  const exportNow = () =>
    call(app, admin, 'POST', '/api/admin/payout-batches', undefined, { 'idempotency-key': randomUUID() });

  it('lists every exported file, newest first, each downloadable again, and the account they leave from', async () => {
    const empty = await call(app, admin, 'GET', '/api/admin/payout-batches');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().payload).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 },
      // Only the last four of the shop's IBAN.
      sepa_debtor: { name: 'PromptMarket GmbH', iban_masked: '•••• 2051' },
    });

    await bankPayoutOf(45.5);
    const first = await exportNow();
    expect(first.statusCode, first.body).toBe(200);
    await bankPayoutOf(19.99);
    await bankPayoutOf(10);
    const second = await exportNow();
    expect(second.statusCode, second.body).toBe(200);

    const listed = (await call(app, admin, 'GET', '/api/admin/payout-batches')).json().payload;
    expect(listed.meta.total).toBe(2);
    expect(listed.data).toEqual([
      { ...second.json().payload, transfers: 2, total: 29.99 },
      { ...first.json().payload, transfers: 1, total: 45.5 },
    ]);
    const paged = (await call(app, admin, 'GET', '/api/admin/payout-batches?per_page=1&page=2')).json()
      .payload;
    expect(paged.data.map((batch: { id: number }) => batch.id)).toEqual([first.json().payload.id]);

    // The older file downloads again, whole.
    const again = await call(app, admin, 'GET', listed.data[1].file_url);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(again.body).toContain('<CtrlSum>45.50</CtrlSum>');
  });

  it('says when the shop’s account is not set', async () => {
    const bare = await createTestApp();
    try {
      const { admin: bareAdmin } = await backOfficeWithCatalogue(bare, 'sepa.none@example.test');
      const answer = await call(bare, bareAdmin, 'GET', '/api/admin/payout-batches');
      expect(answer.json().payload.sepa_debtor).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it('refuses a bad page with a 422 and a plain user with a 403', async () => {
    expect((await call(app, admin, 'GET', '/api/admin/payout-batches?page=0')).statusCode).toBe(422);
    const { session } = await registerVerifiedUser(app);
    expect((await call(app, session, 'GET', '/api/admin/payout-batches')).statusCode).toBe(403);
  });
});
