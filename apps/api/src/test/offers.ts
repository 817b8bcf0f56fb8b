import sharp from 'sharp';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { categories, styles } from '../modules/catalogue/catalogue.tables';
import { type BrowserSession, newAdmin } from './accounts';
import type { TestApp } from './app';
import { createCatalogue } from './catalogue';
import { postMultipart } from './multipart';

/** A PNG of one colour. */
export function solidPng(width = 32, height = 32, background = '#456'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Where an offer is filed: the catalogue's first category and style, and its picture. */
export type OfferShelf = { categoryId: number; styleId: number; png: Buffer };

/** The first category and style of the catalogue, with a small PNG to offer. */
export async function offerShelf(db: Db): Promise<OfferShelf> {
  return {
    categoryId: (await db.select().from(categories))[0]?.id ?? 0,
    styleId: (await db.select().from(styles))[0]?.id ?? 0,
    png: await solidPng(),
  };
}

/**
 * The back office of a fresh test app: the fixture catalogue without products, where sellers file
 * their offers, and its admin (made with `adminEmail`) signed in.
 */
export async function backOfficeWithCatalogue(app: TestApp, adminEmail: string) {
  await createCatalogue(app.db, []);
  const shelf = await offerShelf(app.db);
  const admin = await newAdmin(app, adminEmail);
  return { ...shelf, admin };
}

/** A seller offers "Glass forest" for 80 credits; answers the offer's id, waiting for the service. */
export async function offerGlassForest(app: TestApp, seller: BrowserSession, shelf: OfferShelf) {
  const created = await postMultipart(app, seller, '/api/offer/create', [
    { name: 'title', value: 'Glass forest' },
    { name: 'category_id', value: String(shelf.categoryId) },
    { name: 'style_ids[]', value: String(shelf.styleId) },
    { name: 'price', value: '80' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'forest.png', type: 'image/png', data: shelf.png },
  ]);
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payload.id as number;
}

/** The contact details a seller gives when accepting a counter-offer, but for their country. */
export const payoutContactWithoutCountry = {
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  address: '12 St James Square',
  city: 'London',
  postCode: 'SW1Y 4JH',
};

/** The contact details a seller gives when accepting a counter-offer. */
export const payoutContact = { ...payoutContactWithoutCountry, country: 'GB' };

/** A card that takes payouts, valid until next year. */
export const payoutCard = {
  card_number: '4242 4242 4242 4242',
  card_holder_name: 'Ada Lovelace',
  expire_month: '12',
  expire_year: String(new Date().getUTCFullYear() + 1),
};

/** A seller's contact details and card, to be paid a counter-offer to (`/api/offer/withdraw/card`). */
export const cardPayoutDetails = { ...payoutContact, ...payoutCard };
