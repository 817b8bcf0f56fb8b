import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  registerVerifiedUser,
  signInAsAdmin,
  strongPassword,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { multipart, type Part } from '../../test/multipart';
import { ensureAdmin } from '../accounts/accounts.bootstrap';
import { categories, styles } from '../catalogue/catalogue.tables';

/** The back office's 409 answers: their texts in the language of the request, the code unchanged. */

let app: TestApp;
let admin: BrowserSession;
let png: Buffer;
let categoryId = 0;
let styleId = 0;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  categoryId = (await app.db.select().from(categories))[0]?.id ?? 0;
  styleId = (await app.db.select().from(styles))[0]?.id ?? 0;
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
  await ensureAdmin(app.db, 'conflicts@example.test', strongPassword);
  admin = await signInAsAdmin(app, 'conflicts@example.test');
});
afterAll(() => app?.close());

const german = { 'frontend-language': 'de' };

async function offerWaiting() {
  const { session } = await registerVerifiedUser(app);
  const body = multipart([
    { name: 'title', value: 'Glass forest' },
    { name: 'category_id', value: String(categoryId) },
    { name: 'style_ids[]', value: String(styleId) },
    { name: 'price', value: '80' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'forest.png', type: 'image/png', data: png },
  ]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/offer/create',
    headers: { ...session.headers(), ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode).toBe(200);
  return created.json().payload.id as number;
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
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const parts: Part[] = [
      ...Object.entries({
        full_name: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
        date_of_birth: '1990-12-10',
        nationality: 'British',
        city: 'London',
        state: 'Greater London',
        country: 'gb',
        zip: 'SW1Y 4JH',
        document_type: 'passport',
        confirm: '1',
      }).map(([name, value]) => ({ name, value })),
      ...Object.entries({ document_front: png, document_back: png, address_document: pdf }).map(
        ([name, data]) => ({ name, filename: `${name}.bin`, type: 'application/octet-stream', data }),
      ),
    ];
    const body = multipart(parts);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/verification',
      headers: { ...session.headers(), ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(200);
    const id = sent.json().payload.id as number;
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
