import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import {
  categoriesResponse,
  productDetailResponse,
  productListResponse,
  stylesResponse,
} from '@promptmarket/contracts';
import { FOLD_FROM, FOLD_PAIRS, foldText } from '@promptmarket/contracts/folded-text';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedAnswer } from '../../lib/public-answers';
import { call, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { testDatabaseKind } from '../../test/database';
import { currentListIndex, listIndexRead } from './catalogue.index-cache';
import { forgetCatalogueCounts, listProducts } from './catalogue.list';
import { rankedIds } from './catalogue.search';
import { promptPreview } from './catalogue.service';
import { products } from './catalogue.tables';

let app: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  const fixture = await createCatalogue(app.db, [
    {
      slug: 'old-sailor',
      category: 'fantasy-portraits',
      styles: ['watercolor'],
      priceCents: 499,
      title: 'Portrait of an Old Sailor',
      titleDe: 'Porträt eines alten Seemanns',
      sales: 40,
      hero: true,
    },
    {
      slug: 'queen',
      category: 'fantasy-portraits',
      styles: ['anime'],
      priceCents: 999,
      title: 'Portrait of a Frost Queen',
      sales: 10,
      featured: true,
    },
    {
      slug: 'harbour-sunset',
      category: 'seascapes',
      styles: ['cinematic', 'watercolor'],
      priceCents: 299,
      title: 'Sunset over the Harbour',
      titleDe: 'Sonnenuntergang über dem Hafen',
      sales: 25,
    },
    {
      slug: 'storm',
      category: 'seascapes',
      styles: ['cinematic'],
      priceCents: 1499,
      title: 'Storm at Sea',
      sales: 5,
      featured: true,
    },
    { slug: 'hills', category: 'landscapes', priceCents: 199, title: 'Green Hills in Spring', sales: 1 },
    ...Array.from({ length: 20 }, (_, index) => ({
      slug: `filler-${index}`,
      category: 'landscapes',
      priceCents: 500 + index,
      title: `Quiet Meadow Study ${index}`,
    })),
  ]);
  ids = fixture.products;
});
afterAll(() => app.close());

async function list(query: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/api/products${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponse.parse(response.json());
}

const slugs = (body: { data: { slug: string }[] }) => body.data.map((product) => product.slug);

describe('GET /api/products', () => {
  it('pages by 18 with the Laravel meta, newest first', async () => {
    const first = await list('');
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 18, total: 25 });
    expect(first.data).toHaveLength(18);
    expect(first.data[0]?.slug).toBe('filler-19');
    const second = await list('?page=2');
    expect(second.data).toHaveLength(7);
    expect(second.meta.current_page).toBe(2);
    const past = await list('?page=3');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ current_page: 3, last_page: 2, per_page: 18, total: 25 });
  });

  it('caches a list asked for again for a few seconds, and counts anew once told the catalogue changed', async () => {
    // Asked for a second time, an answer is cached.
    await list('?category_slugs=landscapes');
    const before = (await list('?category_slugs=landscapes')).meta.total;
    await app.db.update(products).set({ isActive: false }).where(eq(products.slug, 'hills'));
    expect((await list('?category_slugs=landscapes')).meta.total).toBe(before);
    forgetCatalogueCounts(app.db);
    expect((await list('?category_slugs=landscapes')).meta.total).toBe(before - 1);
    await app.db.update(products).set({ isActive: true }).where(eq(products.slug, 'hills'));
    forgetCatalogueCounts(app.db);
  });

  it('caps per_page at 60 and refuses a sort it does not know', async () => {
    expect((await list('?per_page=500')).meta.per_page).toBe(60);
    const response = await app.inject({ method: 'GET', url: '/api/products?sort=cheapest' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('sort');
  });

  it('shapes a tile: title, category, price in the internal currency, preview images, likes', async () => {
    const { data } = await list('?search=sailor');
    expect(data[0]).toMatchObject({
      id: ids['old-sailor'],
      slug: 'old-sailor',
      title: 'Portrait of an Old Sailor',
      price: 4.99,
      price_eur: 4.99,
      likes_count: 0,
      liked: false,
      category: { slug: 'fantasy-portraits', title: 'Fantasy portraits' },
      thumb_url: '/media/products/fixture-old-sailor/320.webp',
      image_url: '/media/products/fixture-old-sailor/640.webp',
    });
    expect(data[0]?.images.avif['640']).toBe('/media/products/fixture-old-sailor/640.avif');
    expect(JSON.stringify(data)).not.toContain('A detailed prompt');
  });

  it('filters by category (a top-level one includes its subcategories), by style and by price', async () => {
    expect(slugs(await list('?category_slugs=seascapes')).sort()).toEqual(['harbour-sunset', 'storm']);
    expect((await list('?category_slugs=portraits')).meta.total).toBe(2);
    expect((await list('?category_slugs=portraits,seascapes')).meta.total).toBe(4);
    expect(slugs(await list('?style_slugs=cinematic')).sort()).toEqual(['harbour-sunset', 'storm']);
    expect(slugs(await list('?style_slugs=anime,watercolor')).sort()).toEqual([
      'harbour-sunset',
      'old-sailor',
      'queen',
    ]);
    expect(slugs(await list('?price_min=2.99&price_max=4.99&sort=price_asc'))).toEqual([
      'harbour-sunset',
      'old-sailor',
    ]);
  });

  it('sorts by price both ways and by popularity', async () => {
    expect(slugs(await list('?sort=price_asc'))[0]).toBe('hills');
    expect(slugs(await list('?sort=price_desc'))[0]).toBe('storm');
    expect(slugs(await list('?sort=popular')).slice(0, 3)).toEqual(['old-sailor', 'harbour-sunset', 'queen']);
  });

  it('finds words by prefix, despite a typo, and in German', async () => {
    expect(slugs(await list('?search=portrai')).sort()).toEqual(['old-sailor', 'queen']);
    expect(slugs(await list('?search=protrait')).sort()).toEqual(['old-sailor', 'queen']);
    // A word only another language's title shares does not count for a typo.
    expect(slugs(await list('?search=seemans'))).toEqual([]);
    expect(slugs(await list('?search=seemans', { 'frontend-language': 'de' }))).toEqual(['old-sailor']);
    expect(slugs(await list('?search=Sonnenuntergang', { 'frontend-language': 'de' }))).toEqual([
      'harbour-sunset',
    ]);
    expect((await list('?search=zzzzqqq')).meta).toMatchObject({ total: 0, last_page: 1 });
    // Ranked in German and English at once: an English title counts for a German visitor.
    expect(slugs(await list('?search=portrait', { 'frontend-language': 'de' })).sort()).toEqual([
      'old-sailor',
      'queen',
    ]);
  });

  it('folds accents in every language, and offers the nearest words as written when nothing matches', async () => {
    await app.db.execute(sql`insert into product_translations (product_id, locale, title)
      values (${ids['harbour-sunset']}, 'pl', 'Zachód słońca nad portem'), (${ids.hills}, 'pl', 'Plaża o świcie')`);
    const polish = { 'frontend-language': 'pl' };
    try {
      // Typed without diacritics, and with them: the same matches.
      for (const search of ['zachod slonca', 'zachód słońca', 'ZACHOD SŁONCA']) {
        const found = await list(`?search=${encodeURIComponent(search)}`, polish);
        expect(slugs(found), search).toEqual(['harbour-sunset']);
        expect(found.meta.suggestion, search).toBeUndefined();
      }
      expect(slugs(await list('?search=plaza', polish))).toEqual(['hills']);
      // Another form of the word ("słońce" for "słońca") matches nothing as typed: the nearest
      // title word is looked for instead and offered as the titles write it.
      const near = await list('?search=slonce', polish);
      expect(slugs(near)).toEqual(['harbour-sunset']);
      expect(near.meta.suggestion).toBe('słońca');
      // German: "Porträt" found as "portrat", a misspelling offered back with its umlaut.
      expect(slugs(await list('?search=portrat', { 'frontend-language': 'de' }))).toEqual(['old-sailor']);
      expect(
        (await list(`?search=${encodeURIComponent('portrtät')}`, { 'frontend-language': 'de' })).meta
          .suggestion,
      ).toBe('porträt');
      // An English typo names the word it stands for; a search of nothing alike offers nothing.
      expect((await list('?search=protrait')).meta.suggestion).toBe('portrait');
      expect((await list('?search=zzzzqqq')).meta.suggestion).toBeUndefined();
    } finally {
      await app.db.execute(sql`delete from product_translations where locale = 'pl'`);
    }
  });

  it('folds a title in the database (the trigger of migration 0047) as a search is folded', async () => {
    const letters = `${FOLD_FROM} ${FOLD_PAIRS.map(([letter]) => letter).join(' ')} Zażółć Gęślą JAŹŃ`;
    await app.db.execute(sql`insert into product_translations (product_id, locale, title)
      values (${ids.storm}, 'pl', ${letters})`);
    try {
      const result = await app.db.execute<{
        same: boolean;
      }>(sql`select search = to_tsvector('simple', ${foldText(letters)})
        as same from product_search where product_id = ${ids.storm} and locale = 'pl'`);
      expect((result as unknown as { rows: { same: boolean }[] }).rows).toEqual([{ same: true }]);
    } finally {
      await app.db.execute(
        sql`delete from product_translations where product_id = ${ids.storm} and locale = 'pl'`,
      );
    }
  });

  it('ranks a plain search once and pages through that ranking until the catalogue changes', async () => {
    // The cached index is of the catalogue as it is: every list below is read from it.
    await currentListIndex(app.db);
    await listIndexRead(app.db);
    const fillers = Array.from({ length: 20 }, (_, index) => `filler-${index}`);
    const page = (number: number) => list(`?search=meadow&per_page=8&page=${number}`);
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 8, total: 20 });
    // Equal ranks come newest first; together the pages hold every match once.
    expect(slugs(first)).toEqual(fillers.slice(12).reverse());
    expect([...slugs(first), ...slugs(second), ...slugs(third)].sort()).toEqual([...fillers].sort());

    // A product switched off with the triggers off (so the catalogue version stays) stays in the
    // cached ranking…
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ isActive: false }).where(eq(products.slug, 'filler-19'));
    });
    const cachedRanking = await list('?search=meadow&per_page=5');
    expect(cachedRanking.meta.total).toBe(20);
    expect(slugs(cachedRanking)[0]).toBe('filler-19');
    // …while a search with a filter read from the database is ranked per page.
    const filtered = await listProducts(
      app.db,
      { search: 'meadow', category_slugs: ['landscapes'], page: 1, per_page: 5 },
      { locale: 'en', userId: null, rateEur: 1 },
      { useIndex: false },
    );
    expect(filtered.meta.total).toBe(19);
    expect(slugs(filtered)).not.toContain('filler-19');
    // …until the catalogue is said to have changed.
    forgetCatalogueCounts(app.db);
    const fresh = await list('?search=meadow&per_page=6');
    expect(fresh.meta.total).toBe(19);
    expect(slugs(fresh)).not.toContain('filler-19');
    // A change that moves the catalogue version is seen at once, however it was made.
    await app.db.update(products).set({ isActive: true }).where(eq(products.slug, 'filler-19'));
    const back = await list('?search=meadow&per_page=7');
    expect(back.meta.total).toBe(20);
    expect(slugs(back)[0]).toBe('filler-19');
  });

  it('pages a search broader than the cached ranking by its count, and ranks a page past it on its own', async () => {
    const viewer = { locale: 'en', userId: null, rateEur: 1 };
    const search = (page: number) =>
      listProducts(app.db, { search: 'meadow', per_page: 4, page }, viewer, { rankedLimit: 10 });
    const all = await list('?search=meadow&per_page=20');
    const pages = await Promise.all([1, 2, 3, 4, 5].map(search));
    for (const [index, answer] of pages.entries()) {
      expect(answer.meta).toEqual({ current_page: index + 1, last_page: 5, per_page: 4, total: 20 });
      // Pages 1-2 come from the ten cached, page 3 straddles them, 4-5 lie past them: one order.
      expect(answer.data.map((product) => product.slug)).toEqual(slugs(all).slice(index * 4, index * 4 + 4));
    }
  });

  it('ranks a search from its language’s own indexes, even in a plan made once for every search', async () => {
    // A prepared statement is planned once for any values (a generic plan): a language passed as a
    // value could only be searched through the index over every language.
    const viewer = { locale: 'de', userId: null, rateEur: 1 };
    const { sql: text, params } = new PgDialect().sqlToQuery(rankedIds(viewer, 'portrait:*', 10));
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql.raw(`prepare ranked_probe as ${text}`));
      const explained = await tx.execute(
        sql.raw(`explain execute ranked_probe(${params.map(literal).join(', ')})`),
      );
      await tx.execute(sql`deallocate ranked_probe`);
      return (explained as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('product_search_de_idx');
    expect(plan).toContain('product_search_en_idx');
    expect(plan).not.toMatch(/product_search_idx\b/);
    // Only a language code of the usual shape is ever written into a statement.
    expect(() => rankedIds({ ...viewer, locale: "de' or true --" }, 'portrait:*', 10)).toThrow();
  });

  it('finds the words a typo stands for anew once a title changes, however it was changed', async () => {
    expect(slugs(await list('?search=lighthuose'))).toEqual([]);
    // Written past the services: the catalogue version moves, and the search is read again.
    await app.db.execute(
      sql`update product_translations set title = 'Storm at the Lighthouse' where title = 'Storm at Sea'`,
    );
    expect(slugs(await list('?search=lighthuose&per_page=17'))).toEqual(['storm']);
    await app.db.execute(
      sql`update product_translations set title = 'Storm at Sea' where title = 'Storm at the Lighthouse'`,
    );
    expect(slugs(await list('?search=lighthuose&per_page=16'))).toEqual([]);
  });

  it('keeps the titles’ words for typos, without the numbers', async () => {
    await app.db.execute(
      sql`update product_translations set title = 'Quiet Meadow Study 2048' where title = 'Quiet Meadow Study 0'`,
    );
    const words = await app.db.execute<{ word: string }>(sql`select word from search_words`);
    const known = (words as unknown as { rows: { word: string }[] }).rows.map((row) => row.word);
    expect(known).toContain('meadow');
    expect(known.filter((word) => /\d/.test(word))).toEqual([]);
    await app.db.execute(
      sql`update product_translations set title = 'Quiet Meadow Study 0' where title = 'Quiet Meadow Study 2048'`,
    );
  });

  it('pages through every sort and search without losing or repeating a product', async () => {
    for (const query of [
      '',
      'sort=price_asc',
      'sort=price_desc',
      'sort=popular',
      'search=portrait',
      'search=protrait',
    ]) {
      const whole = slugs(await list(`?${query}&per_page=60`));
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 4); page++) {
        paged.push(...slugs(await list(`?${query}&per_page=4&page=${page}`)));
      }
      expect(paged, query).toEqual(whole);
    }
    // An inactive product is left out of a ranked search, with or without other filters.
    await app.db.update(products).set({ isActive: false }).where(eq(products.slug, 'queen'));
    forgetCatalogueCounts(app.db);
    expect(slugs(await list('?search=portrait'))).toEqual(['old-sailor']);
    expect(slugs(await list('?search=protrait&category_slugs=fantasy-portraits'))).toEqual(['old-sailor']);
    expect((await list('?search=portrait')).meta.total).toBe(1);
    await app.db.update(products).set({ isActive: true }).where(eq(products.slug, 'queen'));
    forgetCatalogueCounts(app.db);
  });

  it('titles products in the requested language, English when a translation is missing', async () => {
    const german = await list('?category_slugs=seascapes,fantasy-portraits&sort=price_asc', {
      'frontend-language': 'de',
    });
    const titles = Object.fromEntries(german.data.map((product) => [product.slug, product.title]));
    expect(titles['harbour-sunset']).toBe('Sonnenuntergang über dem Hafen');
    expect(titles.queen).toBe('Portrait of a Frost Queen');
    expect(german.data.find((product) => product.slug === 'old-sailor')?.category.title).toBe(
      'Fantasy portraits',
    );
  });
});

describe('GET /api/products/{id or slug}', () => {
  it('answers by slug and by id with description, styles, a prompt preview only, and similar products', async () => {
    const bySlug = productDetailResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/products/harbour-sunset' })).json(),
    ).data;
    const byId = productDetailResponse.parse(
      (await app.inject({ method: 'GET', url: `/api/products/${ids['harbour-sunset']}` })).json(),
    ).data;
    expect(byId.slug).toBe('harbour-sunset');
    expect(bySlug.styles.map((style) => style.slug)).toEqual(['watercolor', 'cinematic']);
    expect(bySlug.similar.map((product) => product.slug)).toEqual(['storm']);
    expect(bySlug.prompt_preview.endsWith('…')).toBe(true);
    expect(bySlug.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/products/no-such-prompt' })).statusCode).toBe(404);
  });
});

describe('home collections', () => {
  it('serves hero, featured, new and top sellers', async () => {
    const get = async (path: string) =>
      (await app.inject({ method: 'GET', url: `/api/products/${path}` }))
        .json()
        .data.map((p: { slug: string }) => p.slug);
    expect(await get('hero')).toEqual(['old-sailor']);
    expect((await get('featured')).sort()).toEqual(['queen', 'storm']);
    expect((await get('new'))[0]).toBe('filler-19');
    expect((await get('top-sellers')).slice(0, 2)).toEqual(['old-sailor', 'harbour-sunset']);
  });
});

describe('categories and styles', () => {
  it('returns the category tree with names and list queries', async () => {
    const { data } = categoriesResponse.parse(
      (
        await app.inject({ method: 'GET', url: '/api/categories', headers: { 'frontend-language': 'de' } })
      ).json(),
    );
    expect(data.map((category) => category.url)).toEqual(['portraits', 'landscapes']);
    expect(data[0]).toMatchObject({
      parent_id: null,
      title: 'Porträts',
      name: 'Porträts',
      query: 'category=portraits',
    });
    expect(data[0]?.subcategories).toEqual([
      {
        id: expect.any(Number),
        parent_id: data[0]?.id,
        name: 'Fantasy portraits',
        title: 'Fantasy portraits',
        url: 'fantasy-portraits',
        query: 'category=fantasy-portraits',
      },
    ]);
  });

  it('returns styles with their picture when they have one', async () => {
    const { data } = stylesResponse.parse((await app.inject({ method: 'GET', url: '/api/styles' })).json());
    expect(data.map((style) => [style.url, style.image_url])).toEqual([
      ['watercolor', '/media/styles/watercolor.webp'],
      ['anime', null],
      ['cinematic', '/media/styles/cinematic.webp'],
    ]);
  });
});

describe('likes', () => {
  it('lets a signed-in user like and unlike once, with the flag and count to match', async () => {
    const { session } = await registerUser(app);
    const id = ids.queen;
    const guest = await app.inject({ method: 'POST', url: `/api/products/${id}/like` });
    expect(guest.statusCode).toBe(419);
    const liked = await call(app, session, 'POST', `/api/products/${id}/like`);
    expect(liked.json()).toEqual({ status: 'OK', payload: { liked: true, likes_count: 1 } });
    const again = await call(app, session, 'POST', `/api/products/${id}/like`);
    expect(again.json().payload.likes_count).toBe(1);
    const detail = await call(app, session, 'GET', '/api/products/queen');
    expect(detail.json().data).toMatchObject({ liked: true, likes_count: 1 });
    const unliked = await call(app, session, 'DELETE', `/api/products/${id}/like`);
    expect(unliked.json()).toEqual({ status: 'OK', payload: { liked: false, likes_count: 0 } });
    expect((await call(app, session, 'DELETE', `/api/products/${id}/like`)).json().payload.likes_count).toBe(
      0,
    );
  });

  it('caches a guest’s answer only once its address is asked for a second time', async () => {
    forgetCatalogueCounts(app.db);
    const url = '/api/products?category_slugs=seascapes&sort=price_desc&per_page=3';
    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(cachedAnswer(app.db, 'en', url)).toBeUndefined();
    const second = await app.inject({ method: 'GET', url });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const cached = await cachedAnswer(app.db, 'en', url);
    expect(cached?.body.toString('utf8')).toBe(first.body);
    // Another language is another address.
    await app.inject({ method: 'GET', url, headers: { 'frontend-language': 'de' } });
    expect(cachedAnswer(app.db, 'de', url)).toBeUndefined();
  });

  it('caches a guest’s answer for two seconds with an ETag, and makes a signed-in user’s afresh', async () => {
    forgetCatalogueCounts(app.db);
    const first = await app.inject({ method: 'GET', url: '/api/products/storm' });
    expect(first.headers['cache-control']).toBe('public, max-age=2');
    expect(first.headers.vary).toContain('frontend-language');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(productDetailResponse.parse(first.json()).data.slug).toBe('storm');

    const unchanged = await app.inject({
      method: 'GET',
      url: '/api/products/storm',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // Cached: a change nobody announced is not seen yet; once announced, it is.
    await app.db.update(products).set({ priceCents: 1599 }).where(eq(products.slug, 'storm'));
    const cached = await app.inject({ method: 'GET', url: '/api/products/storm' });
    expect(cached.json().data.price_eur).toBe(14.99);
    forgetCatalogueCounts(app.db);
    const fresh = await app.inject({ method: 'GET', url: '/api/products/storm' });
    expect(fresh.json().data.price_eur).toBe(15.99);
    expect(fresh.headers.etag).not.toBe(etag);
    await app.db.update(products).set({ priceCents: 1499 }).where(eq(products.slug, 'storm'));
    forgetCatalogueCounts(app.db);

    // Each language is an answer of its own.
    const german = await app.inject({
      method: 'GET',
      url: '/api/products/old-sailor',
      headers: { 'frontend-language': 'de' },
    });
    expect(german.json().data.title).toBe('Porträt eines alten Seemanns');
    const english = await app.inject({ method: 'GET', url: '/api/products/old-sailor' });
    expect(english.json().data.title).toBe('Portrait of an Old Sailor');

    // A signed-in user's flags are their own, never cached for others.
    const { session } = await registerUser(app);
    await call(app, session, 'POST', `/api/products/${ids.storm}/like`);
    const mine = await call(app, session, 'GET', '/api/products/storm');
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.json().data.liked).toBe(true);
    const guest = await app.inject({ method: 'GET', url: '/api/products/storm' });
    expect(guest.json().data.liked).toBe(false);
    await call(app, session, 'DELETE', `/api/products/${ids.storm}/like`);
    forgetCatalogueCounts(app.db);
  });

  it('sends a guest’s cached answer compressed as the client asks, the same answer in every coding', async () => {
    forgetCatalogueCounts(app.db);
    const plain = await app.inject({ method: 'GET', url: '/api/products?per_page=18' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const answer = plain.json();
    expect(answer.data.length).toBeGreaterThan(0);

    const codings = [
      { accept: 'gzip, deflate, br, zstd', coding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip, deflate', coding: 'gzip', decode: gunzipSync },
      { accept: 'br;q=0, gzip', coding: 'gzip', decode: gunzipSync },
    ];
    for (const { accept, coding, decode } of codings) {
      // Twice: the compressed form made for the first visitor is the one the next one gets.
      for (let visit = 0; visit < 2; visit++) {
        const compressed = await app.inject({
          method: 'GET',
          url: '/api/products?per_page=18',
          headers: { 'accept-encoding': accept },
        });
        expect(compressed.statusCode).toBe(200);
        expect(compressed.headers['content-encoding']).toBe(coding);
        expect(compressed.headers['content-type']).toMatch(/^application\/json/);
        expect(compressed.headers.etag).toBe(plain.headers.etag);
        expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(decode(compressed.rawPayload).toString('utf8'))).toEqual(answer);
      }
    }
  });

  it('compresses a list asked for the first time the cheap way, and the cached one by Brotli', async () => {
    const url = `/api/products?per_page=18&price_max=${5_000 + (Date.now() % 1_000)}`;
    const browser = 'gzip, deflate, br, zstd';
    const first = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': browser } });
    expect(first.statusCode).toBe(200);
    // A list answer is small: Brotli at its quickest quality costs least to set up (`oneOffEncoding`).
    expect(first.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8'));
    expect(answer.meta).toBeDefined();

    // Asked again, it is cached, and compressed once by Brotli for everyone who asks for it after.
    const again = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': browser } });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(JSON.parse(brotliDecompressSync(again.rawPayload).toString('utf8'))).toEqual(answer);

    // A client without Brotli or Zstandard gets gzip for a first ask.
    const other = `${url}&sort=price_desc`;
    const older = await app.inject({
      method: 'GET',
      url: other,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(older.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(older.rawPayload).toString('utf8')).meta).toBeDefined();

    // A signed-in visitor's list is never cached: each answer is compressed the cheap way.
    const { session } = await registerUser(app);
    const mine = await call(app, session, 'GET', '/api/products?per_page=18', undefined, {
      'accept-encoding': browser,
    });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers['content-encoding']).toBe('zstd');
    expect(JSON.parse(zstdDecompressSync(mine.rawPayload).toString('utf8')).data.length).toBeGreaterThan(0);
  });

  it(`keeps the count exact when many users like at once (${testDatabaseKind()})`, async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => registerUser(app)));
    const id = ids.storm;
    await Promise.all(
      users.flatMap(({ session }) => [
        call(app, session, 'POST', `/api/products/${id}/like`),
        call(app, session, 'POST', `/api/products/${id}/like`),
      ]),
    );
    const { data } = productDetailResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/products/storm' })).json(),
    );
    expect(data.likes_count).toBe(12);
  });
});

describe('GET /api/sitemap/products', () => {
  it('lists every active product slug with its change date', async () => {
    const body = (await app.inject({ method: 'GET', url: '/api/sitemap/products' })).json();
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 5000, total: 25 });
    expect(body.data[0]).toEqual({ slug: 'old-sailor', updated_at: expect.stringMatching(/^\d{4}-/) });
  });
});

describe('media', () => {
  it('serves public files with their type and a year of caching, nothing else', async () => {
    await app.storage.put('public', 'styles/watercolor.webp', Buffer.from('RIFF....WEBP'));
    const file = await app.inject({ method: 'GET', url: '/media/styles/watercolor.webp' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/media/styles/missing.webp' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc/passwd.png' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/media/products/x/original.exe' })).statusCode).toBe(404);
  });
});

describe('promptPreview', () => {
  const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index + 1}`).join(' ');

  it("shows at most half of a short prompt's words, rounded down", () => {
    expect(promptPreview('sunset')).toBe('…');
    expect(promptPreview('red sunset')).toBe('red…');
    expect(promptPreview(words(12))).toBe('w1 w2 w3 w4 w5 w6…');
    expect(promptPreview(words(13))).toBe('w1 w2 w3 w4 w5 w6…');
  });

  it('shows at most the first 12 words of a long prompt', () => {
    expect(promptPreview(words(24))).toBe(`${words(12)}…`);
    expect(promptPreview(words(60))).toBe(`${words(12)}…`);
  });
});
