import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { backOfficeWithCatalogue, type OfferShelf, offerGlassForest, payoutContact } from '../../test/offers';
import { submitVerification } from '../../test/verification';

// Every back-office queue finds what an operator types, whatever its case and accents: a seller
// named "Żaneta Weiß" is found by "zaneta weiss", a record by its number.

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;
let zanetaOffer: number;
let plainOffer: number;

beforeAll(async () => {
  app = await createTestApp();
  const office = await backOfficeWithCatalogue(app, 'searching-admin@example.test');
  admin = office.admin;
  shelf = office;
  const zaneta = await registerVerifiedUser(app, { first_name: 'Żaneta', last_name: 'Weiß' });
  const plain = await registerVerifiedUser(app, { first_name: 'Bob', last_name: 'Plain' });
  zanetaOffer = await offerGlassForest(app, zaneta.session, shelf);
  plainOffer = await offerGlassForest(app, plain.session, shelf);
  for (const id of [zanetaOffer, plainOffer]) {
    const countered = await call(app, admin, 'POST', `/api/admin/offers/${id}/counter`, {
      service_price: 50,
    });
    expect(countered.statusCode, countered.body).toBe(200);
  }
  const accepted = await call(app, zaneta.session, 'POST', '/api/offer/approve', {
    ...payoutContact,
    full_name: 'Żaneta Weiß',
    iban: 'NL91 ABNA 0417 1643 00',
    id: zanetaOffer,
    amount: '50',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await submitVerification(app, zaneta.session, shelf.png);
});
afterAll(() => app?.close());

async function found(list: string, search: string): Promise<Record<string, unknown>[]> {
  const answer = await call(app, admin, 'GET', `/api/admin/${list}?search=${encodeURIComponent(search)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().payload.data;
}

describe('searching the back office', () => {
  it('finds offers by the seller typed without accents, by title, and by number', async () => {
    expect((await found('offers', 'zaneta weiss')).map((offer) => offer.id)).toEqual([zanetaOffer]);
    expect((await found('offers', 'ŻANETA')).map((offer) => offer.id)).toEqual([zanetaOffer]);
    expect((await found('offers', 'glass FOREST')).map((offer) => offer.id)).toEqual([
      plainOffer,
      zanetaOffer,
    ]);
    expect((await found('offers', String(plainOffer))).map((offer) => offer.id)).toEqual([plainOffer]);
    expect((await found('offers', `#${zanetaOffer}`)).map((offer) => offer.id)).toEqual([zanetaOffer]);
    expect(await found('offers', 'nobody at all')).toEqual([]);
  });

  it('finds payouts by the seller, the payout and the offer number', async () => {
    const payouts = await found('payouts', 'weiss');
    expect(payouts.map((payout) => payout.offer_id)).toEqual([zanetaOffer]);
    expect((await found('payouts', String(zanetaOffer))).map((payout) => payout.offer_id)).toEqual([
      zanetaOffer,
    ]);
    expect((await found('payouts', String(payouts[0]?.id))).map((payout) => payout.offer_id)).toEqual([
      zanetaOffer,
    ]);
    expect(await found('payouts', 'plain')).toEqual([]);
  });

  it("finds verifications by the name given or the account's", async () => {
    expect((await found('verifications', 'zaneta')).map((entry) => entry.full_name)).toEqual([
      'Ada Lovelace',
    ]);
    expect((await found('verifications', 'lovelace')).map((entry) => entry.full_name)).toEqual([
      'Ada Lovelace',
    ]);
    expect(await found('verifications', 'bob plain')).toEqual([]);
  });

  it("finds audit entries by action, the record's id and the admin", async () => {
    const countered = await found('audit', 'COUNTER');
    expect(countered.map((entry) => entry.subject_id).sort()).toEqual(
      [String(zanetaOffer), String(plainOffer)].sort(),
    );
    expect((await found('audit', String(plainOffer))).map((entry) => entry.subject_id)).toContain(
      String(plainOffer),
    );
    expect((await found('audit', 'searching-admin')).length).toBeGreaterThanOrEqual(2);
    expect(await found('audit', 'no such thing')).toEqual([]);
  });

  it('takes % and _ as letters and keeps a search within 120 characters', async () => {
    expect(await found('offers', '%')).toEqual([]);
    const long = await call(app, admin, 'GET', `/api/admin/offers?search=${'x'.repeat(121)}`);
    expect(long.statusCode).toBe(422);
  });
});
