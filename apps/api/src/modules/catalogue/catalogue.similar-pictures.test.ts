import { similarPicturesResponse } from '@promptmarket/contracts/similar-pictures';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureHashes } from '../../lib/image-hash';
import { cachedAnswer } from '../../lib/public-answers';
import { call, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { renderDemoImage } from '../generation/local-engine';
import { hashIndex, hashProductPictures, storeProductHash } from './catalogue.hashes';
import { currentListIndex, listIndexRead } from './catalogue.index-cache';
import { originalKey } from './catalogue.media';
import {
  type PictureHashes,
  picturesNear,
  picturesOf,
  rankNearPictures,
  similarPictures,
} from './catalogue.similar-pictures';
import { catalogueVersion, products } from './catalogue.tables';

/** A 64-bit hash with the given bits of `hash` flipped, as PostgreSQL's signed bigint keeps it. */
function flipped(hash: bigint, bits: number[]): bigint {
  return BigInt.asIntN(
    64,
    bits.reduce((value, bit) => value ^ (1n << BigInt(bit)), hash),
  );
}

const SOURCE = BigInt.asIntN(64, 0x0f0f_f0f0_1234_5678n);

describe('the nearest pictures, on synthetic hashes', () => {
  function hashesOf(items: { id: number; hash: bigint; onSale?: boolean }[]): PictureHashes {
    return {
      ids: Int32Array.from(items.map((item) => item.id)),
      high: Int32Array.from(items.map((item) => Number(BigInt.asIntN(32, item.hash >> 32n)))),
      low: Int32Array.from(items.map((item) => Number(BigInt.asIntN(32, item.hash)))),
      onSale: Uint8Array.from(items.map((item) => (item.onSale === false ? 0 : 1))),
    };
  }

  function nearest(
    items: { id: number; hash: bigint; onSale?: boolean }[],
    limit: number,
    likes: Record<number, number> = {},
  ) {
    const hashes = hashesOf(items);
    const pictures = picturesOf(hashes);
    const near = picturesNear(pictures, pictures.pictureOf[0] as number, limit);
    return rankNearPictures(hashes, pictures, near, { of: (id) => likes[id] ?? 0 }, limit).map(
      ({ id, distance }) => ({
        id,
        distance,
      }),
    );
  }

  it('lists the nearest first by the bits that differ, wherever each lies in the hash', () => {
    expect(
      nearest(
        [
          { id: 1, hash: SOURCE },
          { id: 2, hash: flipped(SOURCE, [0, 1, 2]) },
          { id: 3, hash: flipped(SOURCE, [63]) },
          { id: 4, hash: flipped(SOURCE, [31, 32]) },
          { id: 5, hash: flipped(SOURCE, [5, 40, 50, 60, 61]) },
          { id: 6, hash: ~SOURCE },
        ],
        8,
      ),
    ).toEqual([
      { id: 3, distance: 1 },
      { id: 4, distance: 2 },
      { id: 2, distance: 3 },
      { id: 5, distance: 5 },
      { id: 6, distance: 64 },
    ]);
  });

  it('leaves out the product itself, exact copies of its picture and products not on sale', () => {
    expect(
      nearest(
        [
          { id: 10, hash: SOURCE },
          { id: 11, hash: SOURCE },
          { id: 12, hash: flipped(SOURCE, [7]), onSale: false },
          { id: 13, hash: flipped(SOURCE, [9, 10]) },
        ],
        8,
      ),
    ).toEqual([{ id: 13, distance: 2 }]);
  });

  it('stops at the limit, breaking ties by likes, then by the lowest id', () => {
    const items = [
      { id: 1, hash: SOURCE },
      ...Array.from({ length: 20 }, (_, at) => ({ id: 100 - at, hash: flipped(SOURCE, [at]) })),
      { id: 200, hash: flipped(SOURCE, [20, 21]) },
    ];
    const ranked = nearest(items, 5, { 90: 3, 95: 7 });
    expect(ranked).toEqual([
      { id: 95, distance: 1 },
      { id: 90, distance: 1 },
      { id: 81, distance: 1 },
      { id: 82, distance: 1 },
      { id: 83, distance: 1 },
    ]);
    expect(nearest(items, 21).at(-1)).toEqual({ id: 200, distance: 2 });
    expect(nearest(items, 1)).toEqual([{ id: 81, distance: 1 }]);
  });

  it('shows a picture shared by several products once, and reads further for the pictures still wanted', () => {
    const twin = flipped(SOURCE, [3]);
    expect(
      nearest(
        [
          { id: 1, hash: SOURCE },
          { id: 2, hash: twin },
          { id: 3, hash: twin },
          { id: 4, hash: twin },
          { id: 5, hash: flipped(SOURCE, [4, 5, 6]) },
          { id: 6, hash: flipped(SOURCE, [4, 5, 6, 7]) },
        ],
        2,
        { 3: 1 },
      ),
    ).toEqual([
      { id: 3, distance: 1 },
      { id: 5, distance: 3 },
    ]);
  });

  it('remembers the product each picture is shown by for one reading of the likes', () => {
    const twin = flipped(SOURCE, [3]);
    const hashes = hashesOf([
      { id: 1, hash: SOURCE },
      { id: 2, hash: twin },
      { id: 3, hash: twin },
    ]);
    const pictures = picturesOf(hashes);
    const near = picturesNear(pictures, pictures.pictureOf[0] as number, 1);
    const shownBy = new Int32Array(pictures.high.length);
    const first = rankNearPictures(hashes, pictures, near, { of: (id) => (id === 3 ? 1 : 0), shownBy }, 1);
    expect(first.map((item) => item.id)).toEqual([3]);
    // The same reading ranks each picture once; a new reading of the likes ranks them again.
    const likedLater = (id: number) => (id === 2 ? 4 : 0);
    expect(rankNearPictures(hashes, pictures, near, { of: likedLater, shownBy }, 1)[0]?.id).toBe(3);
    expect(rankNearPictures(hashes, pictures, near, { of: likedLater }, 1)[0]?.id).toBe(2);
  });
});

let app: TestApp;
let ids: Record<string, number>;
let categoryIds: Record<string, number>;

const nearSlugs: Record<string, bigint> = {
  near1: flipped(SOURCE, [0]),
  near2a: flipped(SOURCE, [1, 2]),
  near2b: flipped(SOURCE, [33, 34]),
  // near1's picture again, with fewer likes: shown once, as near1.
  twin: flipped(SOURCE, [0]),
  copy: SOURCE,
  'same-key': flipped(SOURCE, [7]),
  'off-sale': flipped(SOURCE, [5]),
  stale: flipped(SOURCE, [6]),
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, at) => [
      `far-${at}`,
      flipped(
        SOURCE,
        Array.from({ length: 10 + at }, (_, bit) => bit + 8),
      ),
    ]),
  ),
};

beforeAll(async () => {
  app = await createTestApp();
  const fixture = await createCatalogue(app.db, [
    { slug: 'source', category: 'seascapes', priceCents: 500, title: 'Harbour at Dawn' },
    { slug: 'unhashed', category: 'seascapes', priceCents: 500, title: 'Not Hashed Yet' },
    ...Object.keys(nearSlugs).map((slug, at) => ({
      slug,
      category: at % 2 === 0 ? 'fantasy-portraits' : 'landscapes',
      priceCents: 400 + at,
      title: `Alike ${slug}`,
    })),
  ]);
  ids = fixture.products;
  categoryIds = fixture.categories;
  await storeProductHash(app.db, ids.source as number, 'fixture-source', SOURCE);
  for (const [slug, hash] of Object.entries(nearSlugs)) {
    // The stale hash was made from a picture the product no longer has.
    const imageKey =
      slug === 'stale' ? 'an-older-picture' : slug === 'same-key' ? 'fixture-source' : `fixture-${slug}`;
    await storeProductHash(app.db, ids[slug] as number, imageKey, hash);
  }
  // A product given the source's very picture is a copy of it, whatever its hash says.
  await app.db
    .update(products)
    .set({ imageKey: 'fixture-source', likesCount: 9 })
    .where(eq(products.id, ids['same-key'] as number));
  await app.db
    .update(products)
    .set({ isActive: false })
    .where(eq(products.id, ids['off-sale'] as number));
  await app.db
    .update(products)
    .set({ likesCount: 5 })
    .where(eq(products.id, ids.near1 as number));
  await app.db
    .update(products)
    .set({ likesCount: 2 })
    .where(eq(products.id, ids.near2b as number));
  await app.db
    .update(catalogueVersion)
    .set({ picturesVersion: sql`${catalogueVersion.picturesVersion} + 1` });
});
afterAll(() => app.close());

async function similar(id: number, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/products/${id}/similar-pictures${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return similarPicturesResponse.parse(response.json());
}

const slugsOf = (answer: { data: { slug: string }[] }) => answer.data.map((tile) => tile.slug);

/** Adds a product on sale with an English title, and no hash. */
async function addProduct(slug: string): Promise<number> {
  const [row] = await app.db
    .insert(products)
    .values({
      slug,
      categoryId: categoryIds.seascapes as number,
      priceCents: 700,
      prompt: `A lighthouse on a rocky coast at dusk for ${slug}, waves breaking, warm light in the windows`,
      imageKey: `fixture-${slug}`,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  await app.db.execute(
    sql`insert into product_translations (product_id, locale, title, description)
      values (${row.id}, 'en', ${`Lighthouse ${slug}`}, 'A lighthouse.')`,
  );
  return row.id;
}

describe('GET /api/products/{id}/similar-pictures', () => {
  it('lists 8 products on sale across categories, nearest first, without the product, its copies or a picture twice', async () => {
    const answer = await similar(ids.source as number);
    expect(slugsOf(answer)).toEqual([
      'near1',
      'near2b',
      'near2a',
      'far-0',
      'far-1',
      'far-2',
      'far-3',
      'far-4',
    ]);
    expect(answer.data[0]).toMatchObject({
      id: ids.near1,
      title: 'Alike near1',
      likes_count: 5,
      liked: false,
      owned: false,
      category: { slug: 'fantasy-portraits' },
    });
    expect(answer.data[2]?.category.slug).toBe('landscapes');
  });

  it('takes a limit from 1 to 24, and refuses any other in the Laravel shape', async () => {
    expect(slugsOf(await similar(ids.source as number, '?limit=2'))).toEqual(['near1', 'near2b']);
    // Every other picture on sale: 3 near and 12 far.
    expect((await similar(ids.source as number, '?limit=24')).data).toHaveLength(15);
    for (const limit of ['0', '25', 'many']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/products/${ids.source}/similar-pictures?limit=${limit}`,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: expect.any(String),
        errors: { limit: [expect.any(String)] },
      });
    }
  });

  it('answers 404 for a product off sale or unknown, and nothing for one not hashed yet', async () => {
    for (const id of [ids['off-sale'], 987_654]) {
      const response = await app.inject({ method: 'GET', url: `/api/products/${id}/similar-pictures` });
      expect(response.statusCode).toBe(404);
    }
    expect((await similar(ids.unhashed as number)).data).toEqual([]);
  });

  it('marks what a signed-in viewer liked, in an answer made for them', async () => {
    const { session } = await registerUser(app);
    await call(app, session, 'POST', `/api/products/${ids.near2a}/like`);
    const response = await call(app, session, 'GET', `/api/products/${ids.source}/similar-pictures?limit=3`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const answer = similarPicturesResponse.parse(response.json());
    expect(answer.data.map((tile) => [tile.slug, tile.liked])).toEqual([
      ['near1', false],
      ['near2b', false],
      ['near2a', true],
    ]);
    await call(app, session, 'DELETE', `/api/products/${ids.near2a}/like`);
  });

  it('makes a visitor’s tiles from the list index as the database makes them', async () => {
    await currentListIndex(app.db);
    await listIndexRead(app.db);
    expect(await currentListIndex(app.db)).not.toBeNull();
    const visitor = { locale: 'en', userId: null, rateEur: 1 };
    const fromIndex = await similarPictures(app.db, ids.source as number, { limit: 24 }, visitor);
    // In German (no German titles here) the tiles are read from the database.
    const fromDatabase = await similarPictures(
      app.db,
      ids.source as number,
      { limit: 24 },
      { ...visitor, locale: 'de' },
    );
    expect(fromIndex).toEqual(fromDatabase);
    expect(fromIndex.map((tile) => tile.slug)).not.toContain('same-key');
    expect(fromIndex).toHaveLength(15);
  });

  it('reads every hash once for the lookups asked while they are read', async () => {
    await app.db
      .update(catalogueVersion)
      .set({ picturesVersion: sql`${catalogueVersion.picturesVersion} + 1` });
    const [first, ...others] = await Promise.all([hashIndex(app.db), hashIndex(app.db), hashIndex(app.db)]);
    for (const other of others) expect(other).toBe(first);
    expect(first?.ids.length).toBe(Object.keys(nearSlugs).length + 1);
  });

  it('is answered afresh once pictures are hashed, though a guest’s answer was cached', async () => {
    const picture = await renderDemoImage('a red lighthouse on a rocky coast at dusk');
    const { hash } = await pictureHashes(picture);
    const fresh = await addProduct('fresh');
    const lookout = await addProduct('lookout');
    await storeProductHash(app.db, lookout, 'fixture-lookout', flipped(hash, [0]));
    await app.db
      .update(catalogueVersion)
      .set({ picturesVersion: sql`${catalogueVersion.picturesVersion} + 1` });
    await app.storage.put('private', originalKey('fixture-fresh'), picture);

    const before = await similar(lookout, '?limit=1');
    expect(slugsOf(before)).not.toContain('fresh');
    // Asked a second time, a guest's answer is cached for a few seconds.
    expect(slugsOf(await similar(lookout, '?limit=1'))).toEqual(slugsOf(before));
    expect(cachedAnswer(app.db, 'en', `/api/products/${lookout}/similar-pictures?limit=1`)).toBeDefined();

    expect(await hashProductPictures(app.db, app.storage)).toBeGreaterThanOrEqual(1);
    const after = await similar(lookout, '?limit=1');
    expect(after.data.map((tile) => tile.id)).toEqual([fresh]);
  });
});
