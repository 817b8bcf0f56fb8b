import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { backOfficeWithCatalogue, type OfferShelf, offerGlassForest } from '../../test/offers';
import { submitVerification } from '../../test/verification';

/** The back office's 409 answers: their texts in the language of the request, the code unchanged. */

let app: TestApp;
let admin: BrowserSession;
let shelf: OfferShelf;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, ...shelf } = await backOfficeWithCatalogue(app, 'conflicts@example.test'));
});
afterAll(() => app?.close());

const german = { 'frontend-language': 'de' };

async function offerWaiting() {
  const { session } = await registerVerifiedUser(app);
  return offerGlassForest(app, session, shelf);
}

describe('the offers queue', () => {
  it('says in the language of the request that an offer is no longer pending or declinable', async () => {
    const id = await offerWaiting();
    await call(app, admin, 'POST', `/api/admin/offers/${id}/decline`, { reason: 'Not for the shop.' });
    const counter = await call(
      app,
      admin,
      'POST',
      `/api/admin/offers/${id}/counter`,
      { service_price: 20 },
      german,
    );
    expect(counter.statusCode).toBe(409);
    expect(counter.json()).toEqual({
      message: `Angebot ${id} hat den Status declined_by_service, nicht pending.`,
      code: 'CONFLICT',
    });
    const english = await call(app, admin, 'POST', `/api/admin/offers/${id}/counter`, { service_price: 20 });
    expect(english.json()).toEqual({
      message: `Offer ${id} is declined_by_service, not pending.`,
      code: 'CONFLICT',
    });
    const decline = await call(
      app,
      admin,
      'POST',
      `/api/admin/offers/${id}/decline`,
      { reason: 'Again.' },
      german,
    );
    expect(decline.statusCode).toBe(409);
    expect(decline.json()).toEqual({
      message: `Angebot ${id} hat den Status declined_by_service; es kann nicht mehr abgelehnt werden.`,
      code: 'CONFLICT',
    });
  });

  it('says in the language of the request that only an accepted offer is published', async () => {
    const id = await offerWaiting();
    const early = await call(
      app,
      admin,
      'POST',
      `/api/admin/offers/${id}/publish`,
      { price: 9.9, prompt: 'A glass forest at dawn, volumetric light' },
      german,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: `Angebot ${id} hat den Status pending; nur ein angenommenes Angebot wird veröffentlicht.`,
      code: 'CONFLICT',
    });
  });
});

describe('the verifications queue', () => {
  it('says in the language of the request that a verification was reviewed already', async () => {
    const { session } = await registerVerifiedUser(app);
    const id = await submitVerification(app, session, shelf.png);
    await call(app, admin, 'POST', `/api/admin/verifications/${id}/approve`);
    const twice = await call(app, admin, 'POST', `/api/admin/verifications/${id}/approve`, undefined, german);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: `Verifizierung ${id} hat den Status approved, nicht pending.`,
      code: 'CONFLICT',
    });
  });
});

describe('the users queue', () => {
  it('says in the language of the request that an admin cannot block their own account', async () => {
    const me = (await call(app, admin, 'GET', '/api/user/profile')).json().payload;
    const self = await call(app, admin, 'POST', `/api/admin/users/${me.id}/block`, undefined, german);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'Du kannst dein eigenes Konto nicht sperren.', code: 'CONFLICT' });
    const english = await call(app, admin, 'POST', `/api/admin/users/${me.id}/block`);
    expect(english.json()).toEqual({ message: 'You cannot block your own account.', code: 'CONFLICT' });
  });
});
