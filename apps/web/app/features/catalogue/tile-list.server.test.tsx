import type { Profile } from '@promptmarket/contracts/accounts';
import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProductTiles } from '../../routes/shop/products';
import { renderInSite } from '../../test/render-in-site';
import { writeTilesOnServer } from './tile-list.server';
import { FIRST_SCREEN_TILES, tileListWriter } from './tile-list-writer';

const images = (key: string) => ({
  webp: { 320: `/media/products/${key}/320.webp`, 640: `/media/products/${key}/640.webp` },
  avif: { 320: `/media/products/${key}/320.avif`, 640: `/media/products/${key}/640.avif` },
});

const tile = (id: number, changes: Partial<ProductSummary> = {}): ProductSummary =>
  ({
    id,
    slug: `misty-harbour-${id}`,
    title: `Misty harbour #${id}`,
    price: 1.99,
    price_eur: 1.99,
    thumb_url: `/media/products/misty-${id}/320.webp`,
    image_url: `/media/products/misty-${id}/640.webp`,
    images: images(`misty-${id}`),
    likes_count: id % 3,
    liked: false,
    owned: false,
    category: { id: 3, slug: 'seascapes', title: 'Seascapes' },
    ...changes,
  }) as ProductSummary;

/** Tiles that differ in everything a tile shows, more of them than the first screen holds. */
const products: ProductSummary[] = [
  tile(1, { title: "Saturn’s “rings” & <moons> at Tom's", price: 25 }),
  tile(2, { category: { id: 4, slug: 'food', title: 'Food & "Drinks"' }, price: 0.5, likes_count: 1 }),
  tile(3, { price: 1000, likes_count: 12 }),
  tile(4, { thumb_url: '', images: { webp: {}, avif: {} } }),
  tile(5, { likes_count: undefined as never, price: 11.9 }),
  tile(6, { slug: 'żółw-w-ogrodzie', title: 'Żółw w ogrodzie 🐢' }),
  ...Array.from({ length: 8 }, (_, index) => tile(10 + index, { price: 2 + index })),
];

type Visit = Parameters<typeof renderInSite>[1];

/** The list's markup, inside its `<ul>`, as the server sends it. */
function tilesMarkup(list: ProductSummary[], visit: Visit): string {
  const { html } = renderInSite(() => <ProductTiles products={list} />, {
    path: 'products',
    url: 'products?category=seascapes&page=2',
    ...visit,
    hydratable: true,
  });
  const list_ = /<ul class="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">([\s\S]*)<\/ul>/.exec(html);
  if (!list_) throw new Error(`no tiles in ${html}`);
  return list_[1] as string;
}

/** React's markup and the written one for the same tiles and visit. */
function bothWays(list: ProductSummary[], visit: Visit) {
  tileListWriter.write = null;
  const react = tilesMarkup(list, visit);
  writeTilesOnServer();
  const write = tileListWriter.write as unknown as (products: ProductSummary[]) => string | null;
  let wrote = 0;
  tileListWriter.write = (products) => {
    const written = write(products);
    if (written !== null) wrote++;
    return written;
  };
  const written = tilesMarkup(list, visit);
  tileListWriter.write = null;
  return { react, written, wrote };
}

const member = { id: 9, name: 'Ada', email: 'ada@example.test' } as unknown as Profile;

beforeAll(async () => {
  // The buttons under a tile are an island whose code the server loads on its first render:
  // rendered once, it is there for the renders that are compared.
  tilesMarkup(products, {});
  await import('../orders/tile-actions');
  await new Promise((resolve) => setTimeout(resolve, 10));
});

afterEach(() => {
  tileListWriter.write = null;
});

describe('the list page’s tiles written on the server', () => {
  it('are the HTML React renders for a guest, in every language', () => {
    for (const language of ['en', 'de', 'fr', 'es', 'it', 'pl']) {
      const { react, written, wrote } = bothWays(products, { language });
      expect(wrote, language).toBe(1);
      expect(react, language).not.toContain('<!--$!-->');
      expect(written, language).toBe(react);
    }
  });

  it('lead a guest’s Add to cart to sign-in and back to the same list', () => {
    const { written } = bothWays(products, {});
    expect(written).toContain('href="/en/login?redirect=%2Fen%2Fproducts%3Fcategory%3Dseascapes%26page%3D2"');
  });

  it('are the HTML React renders for a signed-in visitor, and for one whose page waits for its personal parts', () => {
    for (const visit of [{ user: member }, { personalDeferred: true }]) {
      const { react, written, wrote } = bothWays(products, visit);
      expect(wrote).toBe(1);
      expect(written).toBe(react);
      expect(written).toContain('<button type="button" disabled=""');
    }
  });

  it('mark the first screen’s pictures to load first, and only those', () => {
    const { written } = bothWays(products, {});
    expect(written.match(/fetchPriority="high"/g)).toHaveLength(FIRST_SCREEN_TILES);
    expect(written.match(/<li class="below-fold-tile">/g)).toHaveLength(products.length - FIRST_SCREEN_TILES);
  });

  it('escape every text and address as React does', () => {
    const { written } = bothWays(products, {});
    expect(written).toContain('Saturn’s “rings” &amp; &lt;moons&gt; at Tom&#x27;s');
    expect(written).toContain('Food &amp; &quot;Drinks&quot;');
    expect(written).not.toContain('<moons>');
  });

  it('leave a list with a prompt the visitor owns to React', () => {
    const owned = products.map((product, index) => (index === 2 ? { ...product, owned: true } : product));
    const { react, written, wrote } = bothWays(owned, { user: member });
    expect(wrote).toBe(0);
    expect(written).toBe(react);
  });
});
