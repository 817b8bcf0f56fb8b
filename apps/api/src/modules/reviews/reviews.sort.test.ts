import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { listProducts } from '../catalogue/catalogue.list';
import { setProductRating } from '../catalogue/catalogue.service';

let app: TestApp;
let products: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  const created = await createCatalogue(
    app.db,
    ['old-four', 'new-four', 'twice-four', 'five', 'three', 'none-old', 'none-new'].map((slug, index) => ({
      slug,
      category: 'portraits',
      priceCents: 100,
      title: `Rated ${slug}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    })),
  );
  products = created.products;
  const spreads: Record<string, [number, number, number, number, number]> = {
    'old-four': [0, 0, 0, 1, 0],
    'new-four': [0, 0, 0, 1, 0],
    'twice-four': [0, 0, 1, 0, 1],
    five: [0, 0, 0, 0, 1],
    three: [0, 0, 1, 0, 0],
  };
  for (const [slug, spread] of Object.entries(spreads)) {
    await setProductRating(app.db, products[slug] as number, { spread });
  }
});
afterAll(() => app?.close());

describe('the rating sort', () => {
  it('puts the best average first, then the most reviews, then the newest, and the unrated last, newest first', async () => {
    const order = async (useIndex: boolean) =>
      (
        await listProducts(
          app.db,
          { page: 1, per_page: 20, sort: 'rating' },
          { locale: 'en', userId: null, rateEur: 1 },
          { useIndex },
        )
      ).data.map((tile) => tile.slug);
    const expected = ['five', 'twice-four', 'new-four', 'old-four', 'three', 'none-new', 'none-old'];
    expect(await order(false)).toEqual(expected);
    await order(true);
    expect(await order(true)).toEqual(expected);
    const response = await app.inject({
      method: 'GET',
      url: '/api/products?sort=rating&category_slugs=portraits',
    });
    expect(response.json().data.map((tile: { slug: string }) => tile.slug)).toEqual(expected);
    expect(response.json().data[1]).toMatchObject({ rating_average: 4, rating_count: 2 });
  });
});
