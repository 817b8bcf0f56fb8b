import { type ProductListQuery, productListResponse } from '@promptmarket/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SerializedAnswer } from '../../lib/public-answers';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { popularityOf, slotOfId } from './catalogue.index';
import { currentListIndex, INDEX_REFRESH_MS, listIndexRead } from './catalogue.index-cache';
import { forgetCatalogueCounts, listProducts, listProductsAnswer } from './catalogue.list';
import {
  bySlot,
  listingSlots,
  packedByIds,
  packedBySlot,
  packedJson,
  packedText,
  packedTexts,
} from './catalogue.packed-texts';
import type { Viewer } from './catalogue.summaries';
import { products } from './catalogue.tables';
import { cachedListJson } from './catalogue.tile-cache';

let app: TestApp;
const english: Viewer = { locale: 'en', userId: null, rateEur: 1 };
const german: Viewer = { locale: 'de', userId: null, rateEur: 1 };

const categorySlugs = ['portraits', 'fantasy-portraits', 'landscapes', 'seascapes'];
const styleSlugs = ['watercolor', 'anime', 'cinematic'];
const subjects = ['Portrait', 'Sunset', 'Harbour', 'Queen', 'Meadow', 'Storm'];

/** The cached index, current: read once, then asked again so the next list uses them. */
async function currentIndex() {
  await currentListIndex(app.db);
  await listIndexRead(app.db);
  const index = await currentListIndex(app.db);
  if (!index) throw new Error('the keys were not read');
  return index;
}

beforeAll(async () => {
  app = await createTestApp();
  // Sixty products with repeating categories, styles, prices, sales and days: many ties, which
  // each order must break as the database does.
  await createCatalogue(
    app.db,
    Array.from({ length: 60 }, (_, n) => ({
      slug: `item-${n}`,
      category: categorySlugs[n % 4] as string,
      styles: styleSlugs.filter((_, s) => (n + s) % 3 !== 0),
      priceCents: 199 + ((n * 37) % 7) * 100,
      title: `${subjects[n % subjects.length]} number ${n}`,
      titleDe: n % 5 === 0 ? `Bild ${subjects[(n + 1) % subjects.length]} ${n}` : undefined,
      sales: (n * 13) % 4,
      createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 9))),
    })),
  );
  await app.db.update(products).set({ isActive: false }).where(eq(products.slug, 'item-7'));
});

afterAll(async () => {
  await app?.close();
});

/** Filters, sorts and pages drawn from every kind a visitor uses, unknown slugs and typos among them. */
function queries(): ProductListQuery[] {
  const list: ProductListQuery[] = [];
  const sorts = [undefined, 'newest', 'price_asc', 'price_desc', 'popular', 'relevance'] as const;
  const categoryChoices = [
    undefined,
    ['portraits'],
    ['seascapes'],
    ['landscapes', 'fantasy-portraits'],
    ['nowhere'],
  ];
  const styleChoices = [undefined, ['anime'], ['watercolor', 'cinematic'], ['nothing']];
  const searches = [undefined, 'portrait', 'sun', 'porrtait', 'queen storm', '!!'];
  // Bounds between prices and on them: a bound equal to a price keeps its products.
  const prices = [
    {},
    { price_min: 300 },
    { price_min: 300, price_max: 600 },
    { price_max: 199 },
    { price_min: 399, price_max: 599 },
  ];
  let n = 0;
  for (const sort of sorts)
    for (const category_slugs of categoryChoices)
      for (const style_slugs of styleChoices) {
        n++;
        list.push({
          page: 1 + (n % 3),
          per_page: 4 + (n % 5),
          sort,
          category_slugs,
          style_slugs,
          search: searches[n % searches.length],
          ...prices[n % prices.length],
        });
      }
  // Whole price ranges in every order, bounds on prices: each walk in a price order starts and
  // ends with the range.
  for (const sort of sorts) list.push({ page: 1, per_page: 60, sort, price_min: 399, price_max: 599 });
  return list;
}

describe('the product list keys cached in memory', () => {
  it('answer every list as the database does, in English and German', async () => {
    await currentIndex();
    // Twice: the second time each list's total is known and the walk ends with its page.
    for (const viewer of [english, german, english, german]) {
      for (const query of queries()) {
        const fromDatabase = await listProducts(app.db, query, viewer, { useIndex: false });
        const cached = await listProducts(app.db, query, viewer);
        expect(
          { ids: cached.data.map((item) => item.id), meta: cached.meta },
          `${viewer.locale} ${JSON.stringify(query)}`,
        ).toEqual({ ids: fromDatabase.data.map((item) => item.id), meta: fromDatabase.meta });
      }
    }
  });

  it('send a list of cached tiles as the route schema serializes it', async () => {
    await currentIndex();
    const path = '/api/products?category_slugs=portraits&sort=price_desc&per_page=7&page=2';
    // The first answer reads the tiles from the database and caches them; a later one (another
    // address, so no cached answer) is made of cached tiles only.
    await app.inject({ method: 'GET', url: path });
    const response = await app.inject({ method: 'GET', url: `${path}&price_min=1` });
    expect(response.statusCode).toBe(200);
    const list = await listProducts(
      app.db,
      { category_slugs: ['portraits'], sort: 'price_desc', per_page: 7, page: 2, price_min: 100 },
      english,
      { useIndex: false },
    );
    expect(list.data).toHaveLength(7);
    expect(response.body).toBe(JSON.stringify(productListResponse.parse(list)));
  });

  it("cache a search's reads under the catalogue version past the minute, and read them again once it moves", async () => {
    await currentIndex();
    const [item4] = await app.db.select().from(products).where(eq(products.slug, 'item-4'));
    const [item10] = await app.db.select().from(products).where(eq(products.slug, 'item-10'));
    if (!item4 || !item10) throw new Error('no products');
    const meadows = async () =>
      (await listProducts(app.db, { search: 'meadow', page: 1, per_page: 50 }, english)).meta.total;
    expect(await meadows()).toBe(10);
    // Taken off sale with the triggers off: the catalogue version does not move.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ isActive: false }).where(eq(products.id, item4.id));
    });
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * 60_000);
    try {
      // Two minutes on, the search is still the one ranked under this catalogue version.
      expect(await meadows()).toBe(10);
    } finally {
      later.mockRestore();
    }
    // The index's reading the old age began ends before the catalogue version moves.
    await listIndexRead(app.db);
    // A change that moves the catalogue version: the search is ranked again, at once.
    await app.db.update(products).set({ priceCents: 1 }).where(eq(products.id, item10.id));
    expect(await meadows()).toBe(9);
    await app.db.update(products).set({ priceCents: item10.priceCents }).where(eq(products.id, item10.id));
    await app.db.update(products).set({ isActive: true }).where(eq(products.id, item4.id));
    expect(await meadows()).toBe(10);
    // A reading begun at an older catalogue version ends before the keys are read again.
    await listIndexRead(app.db);
    await currentIndex();
  });

  it('hold only products on sale', async () => {
    const index = await currentIndex();
    expect(index.ids.length).toBe(59);
    const [inactive] = await app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'item-7'));
    expect(slotOfId(index, inactive?.id ?? 0)).toBe(-1);
    expect(slotOfId(index, index.ids[0] as number)).toBe(0);
  });

  it('are not used once a listed fact changes, until read again', async () => {
    const before = await currentIndex();
    await app.db.update(products).set({ priceCents: 1 }).where(eq(products.slug, 'item-11'));
    // The change moved the catalogue version: the cached index is stale, and the list shows the new price at once.
    expect(await currentListIndex(app.db)).toBeNull();
    const cheapest = await listProducts(app.db, { sort: 'price_asc', per_page: 1, page: 1 }, english);
    expect(cheapest.data[0]?.slug).toBe('item-11');
    const after = await currentIndex();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.ids[after.orders.price_asc[0] as number]).toBe(cheapest.data[0]?.id);
  });

  it('are cached when only sales or likes change: the popular order is read again on a timer', async () => {
    const before = await currentIndex();
    await app.db.update(products).set({ salesCount: sql`${products.salesCount} + 1`, likesCount: 3 });
    const index = await currentListIndex(app.db);
    expect(index?.version).toBe(before.version);
  });

  it('read again on the timer at their number, take only the new popular order and likes', async () => {
    const before = await currentIndex();
    // Sales reversed: the popular order changes everywhere, in every category and style.
    await app.db.update(products).set({ salesCount: sql`100 - ${products.salesCount} - ${products.id} % 7` });
    before.readAt -= INDEX_REFRESH_MS + 1;
    await currentListIndex(app.db);
    await listIndexRead(app.db);
    const after = await currentIndex();
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version);
    // What only a new catalogue version changes is the cached one, not read again.
    expect(after.ids).toBe(before.ids);
    expect(after.orders.newest).toBe(before.orders.newest);
    expect(after.styles).toBe(before.styles);
    expect(after.parts).toBe(before.parts);
    expect(after.orders.popular).not.toEqual(before.orders.popular);
    for (const viewer of [english, german]) {
      for (const query of queries()) {
        const popular = { ...query, sort: 'popular' as const };
        const fromDatabase = await listProducts(app.db, popular, viewer, { useIndex: false });
        const cached = await listProducts(app.db, popular, viewer);
        expect(
          cached.data.map((item) => item.id),
          JSON.stringify(popular),
        ).toEqual(fromDatabase.data.map((item) => item.id));
        expect(cached.meta).toEqual(fromDatabase.meta);
      }
    }
  });

  it('are read whole when only they are older than the catalogue version, reusing the tile parts read at it', async () => {
    const before = await currentIndex();
    // Keys of an older catalogue version, with tile parts of the current one.
    before.version -= 1;
    expect(await currentListIndex(app.db)).toBeNull();
    await listIndexRead(app.db);
    const after = await currentIndex();
    expect(after.version).toBe(before.parts.version);
    expect(after.parts).toBe(before.parts);
    expect(Array.from(after.ids)).toEqual(Array.from(before.ids));
    for (const query of queries().slice(0, 40)) {
      const fromDatabase = await listProducts(app.db, query, english, { useIndex: false });
      expect(await listProducts(app.db, query, english), JSON.stringify(query)).toEqual(fromDatabase);
    }
  });

  it('move on with titles, styles and categories', async () => {
    for (const change of [
      sql`update product_translations set title = title || '!' where locale = 'de'`,
      sql`delete from product_styles where style_id = (select id from styles where slug = 'anime')`,
      sql`update category_translations set title = 'Sea' where title = 'Seascapes'`,
    ]) {
      const before = await currentIndex();
      await app.db.execute(change);
      expect(await currentListIndex(app.db), String(change.queryChunks[0])).toBeNull();
      expect((await currentIndex()).version).toBeGreaterThan(before.version);
    }
  });
});

/** A small deterministic generator (mulberry32): the same draws on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` lists of random filters: one, two or no categories and styles, price ranges open on either side, searches. */
function randomQueries(count: number, seed: number): ProductListQuery[] {
  const random = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const some = (list: readonly string[]) => {
    const roll = random();
    if (roll < 0.4) return undefined;
    if (roll < 0.85) return [pick(list)];
    return [pick(list), pick(list)];
  };
  return Array.from({ length: count }, () => {
    const roll = random();
    const low = 100 + Math.floor(random() * 800);
    return {
      category_slugs: some([...categorySlugs, 'nowhere']),
      style_slugs: some([...styleSlugs, 'nothing']),
      search: random() < 0.2 ? pick(['portrait', 'sun', 'queen', 'number']) : undefined,
      ...(roll < 0.25
        ? { price_min: low }
        : roll < 0.5
          ? { price_max: low }
          : roll < 0.75
            ? { price_min: low, price_max: low + Math.floor(random() * 500) }
            : {}),
      sort: pick([undefined, 'newest', 'price_asc', 'price_desc', 'popular'] as const),
      page: 1 + Math.floor(random() * 3),
      per_page: 1 + Math.floor(random() * 9),
    };
  });
}

describe('English tiles made from the parts cached with the keys', () => {
  /** Every English list of all products on sale, by price then newest: from the cached parts, and as the database reads it. */
  async function bothLists(rateEur = 1) {
    const viewer: Viewer = { ...english, rateEur };
    const query: ProductListQuery = { per_page: 100, page: 1, sort: 'price_asc' };
    const fromDatabase = await listProducts(app.db, query, viewer, { useIndex: false });
    const cached = await listProducts(app.db, query, viewer);
    return { cached, fromDatabase };
  }

  /** The same list as its route makes it: its JSON joined from the parts, with no tile objects. */
  async function answerJson(rateEur = 1) {
    const query: ProductListQuery = { per_page: 100, page: 1, sort: 'price_asc' };
    const answer = await listProductsAnswer(app.db, query, { ...english, rateEur });
    if (!(answer instanceof SerializedAnswer)) throw new Error('the list was not joined from the parts');
    return answer.body.toString('utf8');
  }

  /** The keys read again at the catalogue version they hold, as the timer does once they are a minute old. */
  async function readAgainOnTimer() {
    const index = await currentIndex();
    index.readAt -= INDEX_REFRESH_MS + 1;
    await currentListIndex(app.db);
    await listIndexRead(app.db);
  }

  it("are the tiles the database reads, and their JSON the route schema's, at any rate", async () => {
    // The earlier tests changed likes without moving the catalogue version: the keys read now hold them.
    await readAgainOnTimer();
    const index = await currentIndex();
    expect(index.parts.slugs.starts).toHaveLength(index.ids.length);
    expect(index.parts.titles.starts.every((start) => start > 0)).toBe(true);
    for (const rateEur of [1, 0.37, 2.5]) {
      const { cached, fromDatabase } = await bothLists(rateEur);
      expect(cached.data.length).toBeGreaterThan(50);
      expect(cached).toEqual(fromDatabase);
      expect(cachedListJson(cached)).toBe(JSON.stringify(productListResponse.parse(fromDatabase)));
      expect(await answerJson(rateEur)).toBe(JSON.stringify(productListResponse.parse(fromDatabase)));
    }
  });

  it('are cached with the keys read again at the same catalogue version, with the likes read again', async () => {
    const before = await currentIndex();
    // Every tile's JSON is cached for this reading of the keys.
    await answerJson();
    await app.db.update(products).set({ likesCount: 41 }).where(eq(products.slug, 'item-20'));
    await readAgainOnTimer();
    const after = await currentIndex();
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version);
    expect(after.parts).toBe(before.parts);
    const { cached, fromDatabase } = await bothLists();
    expect(cached.data.find((tile) => tile.slug === 'item-20')?.likes_count).toBe(41);
    expect(cached).toEqual(fromDatabase);
    // The tiles' JSON cached for the earlier reading is not the new one's.
    expect(await answerJson()).toBe(JSON.stringify(productListResponse.parse(fromDatabase)));
  });

  it('show every change of a product, its titles and its category at once, and after the keys are read again', async () => {
    const changes: [
      string,
      ReturnType<typeof sql>,
      (list: Awaited<ReturnType<typeof bothLists>>['cached']) => void,
    ][] = [
      [
        'English title',
        sql`update product_translations set title = 'A "new" title — \\ über' where locale = 'en'
          and product_id = (select id from products where slug = 'item-21')`,
        (list) => expect(list.data.some((tile) => tile.title === 'A "new" title — \\ über')).toBe(true),
      ],
      [
        'slug',
        sql`update products set slug = 'item-22-renamed' where slug = 'item-22'`,
        (list) => expect(list.data.some((tile) => tile.slug === 'item-22-renamed')).toBe(true),
      ],
      [
        'picture',
        sql`update products set image_key = 'a-new-"picture"-ü' where slug = 'item-23'`,
        (list) =>
          expect(list.data.find((tile) => tile.slug === 'item-23')?.thumb_url).toBe(
            '/media/products/a-new-"picture"-ü/320.webp',
          ),
      ],
      [
        'category title',
        sql`update category_translations set title = 'Faces' where locale = 'en' and title = 'Portraits'`,
        (list) => expect(list.data.some((tile) => tile.category.title === 'Faces')).toBe(true),
      ],
      [
        'price',
        sql`update products set price_cents = 12345 where slug = 'item-24'`,
        (list) => expect(list.data.find((tile) => tile.slug === 'item-24')?.price_eur).toBe(123.45),
      ],
      [
        'taken off sale',
        sql`update products set is_active = false where slug = 'item-25'`,
        (list) => expect(list.data.some((tile) => tile.slug === 'item-25')).toBe(false),
      ],
      [
        'deleted',
        sql`delete from products where slug = 'item-26'`,
        (list) => expect(list.data.some((tile) => tile.slug === 'item-26')).toBe(false),
      ],
      [
        'put on sale again',
        sql`update products set is_active = true where slug = 'item-25'`,
        (list) => expect(list.data.some((tile) => tile.slug === 'item-25')).toBe(true),
      ],
    ];
    for (const [label, change, shows] of changes) {
      const before = await currentIndex();
      await app.db.execute(change);
      // As the services that change the catalogue do: the database's counts cached for a few seconds go.
      forgetCatalogueCounts(app.db);
      const atOnce = await bothLists();
      shows(atOnce.cached);
      expect(atOnce.cached, label).toEqual(atOnce.fromDatabase);
      const after = await currentIndex();
      expect(after.parts, label).not.toBe(before.parts);
      expect(after.parts.version, label).toBe(after.version);
      const fromParts = await bothLists();
      shows(fromParts.cached);
      expect(fromParts.cached, label).toEqual(fromParts.fromDatabase);
      expect(cachedListJson(fromParts.cached), label).toBe(
        JSON.stringify(productListResponse.parse(fromParts.fromDatabase)),
      );
      expect(await answerJson(), label).toBe(
        JSON.stringify(productListResponse.parse(fromParts.fromDatabase)),
      );
    }
  });
});

describe('texts cached packed in one JSON array', () => {
  it('give back each item and its JSON as the array holds them, nulls, escapes and empty texts too', () => {
    const items = ['plain', null, 'a "quoted" \\ back-slashed\ttab', '', 'über — ünïcode 🎨', null, 'x'];
    // As PostgreSQL's json_agg writes it: items apart by a comma and a space.
    const json = `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
    const packed = packedTexts(json);
    expect(packed.starts).toHaveLength(items.length);
    items.forEach((item, at) => {
      expect(packedText(packed, at)).toBe(item);
      expect(packedJson(packed, at)).toBe(item === null ? null : JSON.stringify(item));
    });
    expect(packedTexts('[]').starts).toHaveLength(0);
  });
});

describe('the popular order read as products with their sales and likes', () => {
  // Products 10, 20, 30, 40 and 50 in slots 0-4: 20 sold most; 40 and 50 sold as much, 40 liked
  // more; 10 and 30 alike, the newer (30) first.
  const ids = Int32Array.from([10, 20, 30, 40, 50]);
  const popular = [
    [20, 9, 0],
    [40, 3, 7],
    [50, 3, 2],
    [30, 1, 1],
    [10, 1, 1],
  ];
  const text = (rows: number[][]) => rows.map((row) => row.join(',')).join(',');

  it('give each slot its likes and the slots most popular first, as the database sorted them', () => {
    const read = popularityOf(text(popular), ids);
    expect(Array.from(read?.popular ?? [])).toEqual([1, 3, 4, 2, 0]);
    expect(Array.from(read?.likes ?? [])).toEqual([1, 0, 1, 7, 2]);
  });

  it('are sorted again when they come in another order', () => {
    const shuffled = [popular[3], popular[0], popular[4], popular[2], popular[1]] as number[][];
    expect(Array.from(popularityOf(text(shuffled), ids)?.popular ?? [])).toEqual([1, 3, 4, 2, 0]);
  });

  it('are refused when they are not of the cached products', () => {
    expect(popularityOf(text(popular.slice(1)), ids)).toBeNull();
    expect(popularityOf(text([...popular.slice(1), [60, 0, 0]]), ids)).toBeNull();
    expect(popularityOf(null, new Int32Array(0))?.popular).toHaveLength(0);
  });
});

describe('a listing read in any order', () => {
  it('is put in slot order by the slots that came with it, texts and values alike', () => {
    // Items of slots 2, 0, 3, 1, as an aggregate may give them.
    const slots = listingSlots('2,0,3,1');
    const ids = bySlot(Int32Array.from([30, 10, 40, 20]), slots);
    expect(Array.from(ids)).toEqual([10, 20, 30, 40]);
    expect(Array.from(bySlot(Float64Array.from([3.5, 1.5, 4.5, 2.5]), slots))).toEqual([1.5, 2.5, 3.5, 4.5]);
    const slugs = packedBySlot(packedTexts('["c", "a", "d \\"q\\"", "b"]'), slots);
    expect([0, 1, 2, 3].map((slot) => packedText(slugs, slot))).toEqual(['a', 'b', 'c', 'd "q"']);
    expect(packedJson(slugs, 2)).toBe('"c"');
  });

  it('is taken as it is when it came in slot order', () => {
    expect(listingSlots('0,1,2')).toBeNull();
    expect(listingSlots(null)).toBeNull();
    const values = Int32Array.from([5, 6, 7]);
    expect(bySlot(values, null)).toBe(values);
  });

  it('gives each product on sale its title by id, and null to one without, leaving out those not on sale', () => {
    const onSale = Int32Array.from([10, 20, 30]);
    const titles = packedByIds(
      packedTexts('["Thirty", "Ninety", "Ten"]'),
      Int32Array.from([30, 90, 10]),
      onSale,
    );
    expect([0, 1, 2].map((slot) => packedText(titles, slot))).toEqual(['Ten', null, 'Thirty']);
    expect(packedJson(titles, 1)).toBeNull();
  });
});

describe('list totals counted from the cached per-filter lists', () => {
  /** Each list's total (and page) from the cached index, against the database's count of the same filters. */
  async function compare(queries: ProductListQuery[], label: string) {
    const index = await currentIndex();
    for (const query of queries) {
      const fromDatabase = await listProducts(app.db, query, english, { useIndex: false });
      // Twice: the second time a walked total is the one cached with the index.
      for (const time of [1, 2]) {
        const cached = await listProducts(app.db, query, english);
        expect(
          { ids: cached.data.map((item) => item.id), meta: cached.meta },
          `${label} ${time} ${JSON.stringify(query)}`,
        ).toEqual({ ids: fromDatabase.data.map((item) => item.id), meta: fromDatabase.meta });
      }
    }
    // The cached index answered all of them.
    expect(await currentListIndex(app.db)).toBe(index);
  }

  it("equal the database's count for random filters, and after the catalogue changes", async () => {
    await compare(randomQueries(250, 1), 'before');
    for (const [label, change] of [
      ['prices', sql`update products set price_cents = price_cents + 150 where id % 3 = 0`],
      [
        'a category',
        sql`update products set category_id = (select id from categories where slug = 'seascapes')
          where id % 5 = 1`,
      ],
      [
        'a style',
        sql`delete from product_styles where product_id % 4 = 2
          and style_id = (select id from styles where slug = 'watercolor')`,
      ],
      ['off sale', sql`update products set is_active = false where id % 7 = 3`],
    ] as const) {
      await app.db.execute(change);
      forgetCatalogueCounts(app.db);
      await compare(randomQueries(100, label.length), label);
    }
  });
});
