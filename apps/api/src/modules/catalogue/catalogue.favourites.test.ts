import { favouritesResponse } from '@promptmarket/contracts/favourites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { products } from './catalogue.tables';

let app: TestApp;
let ids: Record<string, number>;
const slugs = Array.from({ length: 30 }, (_, index) => `liked-${index}`);

beforeAll(async () => {
  app = await createTestApp();
  const fixture = await createCatalogue(
    app.db,
    slugs.map((slug, index) => ({
      slug,
      category: index % 2 === 0 ? 'seascapes' : 'fantasy-portraits',
      priceCents: 300 + index,
      title: `Liked Picture ${index}`,
    })),
  );
  ids = fixture.products;
});
afterAll(() => app.close());

async function favourites(session: BrowserSession, query = '') {
  const response = await call(app, session, 'GET', `/api/user/favourites${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return favouritesResponse.parse(response.json());
}

async function like(session: BrowserSession, slug: string) {
  const response = await call(app, session, 'POST', `/api/products/${ids[slug]}/like`);
  expect(response.statusCode, response.body).toBe(200);
}

const slugsOf = (list: { data: { slug: string }[] }) => list.data.map((item) => item.slug);

describe('GET /api/user/favourites', () => {
  it('answers a guest 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user/favourites' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Unauthenticated.' });
  });

  it('pages the liked products by 18, newest like first, as the list’s tiles', async () => {
    const { session } = await registerUser(app);
    const likedInOrder = slugs.slice(0, 25);
    for (const slug of likedInOrder) await like(session, slug);
    const newestFirst = likedInOrder.toReversed();

    const first = await favourites(session);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 18, total: 25 });
    expect(slugsOf(first)).toEqual(newestFirst.slice(0, 18));
    expect(first.data[0]).toMatchObject({
      id: ids['liked-24'],
      title: 'Liked Picture 24',
      liked: true,
      owned: false,
      likes_count: 1,
      category: { slug: 'seascapes', title: 'Seascapes' },
    });
    expect(first.data.every((tile) => tile.liked)).toBe(true);

    const second = await favourites(session, '?page=2');
    expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 18, total: 25 });
    expect(slugsOf(second)).toEqual(newestFirst.slice(18));
    expect((await favourites(session, '?page=3')).data).toEqual([]);
    expect((await favourites(session, '?per_page=10&page=3')).data.map((tile) => tile.slug)).toEqual(
      newestFirst.slice(20),
    );

    // Liked again, a product already liked keeps its place; unliked, it leaves the list.
    await like(session, 'liked-0');
    expect(slugsOf(await favourites(session, '?page=2')).at(-1)).toBe('liked-0');
    expect((await call(app, session, 'DELETE', `/api/products/${ids['liked-24']}/like`)).statusCode).toBe(
      200,
    );
    const afterUnlike = await favourites(session);
    expect(afterUnlike.meta.total).toBe(24);
    expect(slugsOf(afterUnlike)[0]).toBe('liked-23');
    expect(slugsOf(afterUnlike)).not.toContain('liked-24');
  });

  it('leaves out a product taken off sale, and lists it again once it is back', async () => {
    const { session } = await registerUser(app);
    await like(session, 'liked-26');
    await like(session, 'liked-27');
    await app.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, ids['liked-27'] as number));
    try {
      const list = await favourites(session);
      expect(slugsOf(list)).toEqual(['liked-26']);
      expect(list.meta.total).toBe(1);
    } finally {
      await app.db
        .update(products)
        .set({ isActive: true })
        .where(eq(products.id, ids['liked-27'] as number));
    }
    expect(slugsOf(await favourites(session))).toEqual(['liked-27', 'liked-26']);
  });

  it('shows each user their own likes only, and nothing before they like', async () => {
    const ada = await registerUser(app);
    const grace = await registerUser(app);
    expect(await favourites(ada.session)).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 18, total: 0 },
    });
    await like(ada.session, 'liked-28');
    await like(grace.session, 'liked-29');
    expect(slugsOf(await favourites(ada.session))).toEqual(['liked-28']);
    const graces = await favourites(grace.session);
    expect(slugsOf(graces)).toEqual(['liked-29']);
    expect(graces.meta.total).toBe(1);
  });

  it('refuses a page that is not a positive whole number, in the Laravel shape', async () => {
    const { session } = await registerUser(app);
    const response = await call(app, session, 'GET', '/api/user/favourites?page=0');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: expect.any(String),
      errors: { page: [expect.any(String)] },
    });
  });
});
