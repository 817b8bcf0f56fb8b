import {
  chargeFromEurCents,
  DEFAULT_LOCALE,
  minorUnitsToNumber,
  type ProductSummary,
} from '@promptmarket/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { previewUrls } from './catalogue.media';

/* A product's tile (`ProductSummary`) as read from the database, for the viewer who asks. */

/**
 * Who is looking and in which language and currency: what every catalogue read needs. A signed-in
 * viewer's `ownedAmong` answers which of a few products they bought: the orders own that, so the
 * caller passes it in (the tiles mark them `owned`). A viewer without it owns nothing. `inCart`
 * likewise answers whether a product is in their cart (the cart belongs to the orders too).
 */
export type Viewer = {
  locale: string;
  userId: string | null;
  rateEur: number;
  ownedAmong?: (productIds: number[]) => Promise<ReadonlySet<number>>;
  inCart?: (productId: number) => Promise<boolean>;
};

export type SummaryRow = {
  id: number;
  slug: string;
  price_cents: number | string;
  image_key: string;
  likes_count: number;
  liked: boolean;
  title: string;
  category_id: number;
  category_slug: string;
  category_title: string;
  rating_count: number;
  rating_sum: number;
};

function toCents(price: number | string): number {
  return typeof price === 'number' ? price : Number(price);
}

/**
 * A price in EUR cents as a display number in the internal currency (1 unit = `rateEur` EUR): what
 * buying it charges, rounded up as every charge is.
 */
export function internalAmount(cents: number, rateEur: number): number {
  return minorUnitsToNumber(chargeFromEurCents(cents, rateEur));
}

/** The average of a product's stars to one decimal; null without a review. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : null;
}

export function toSummary(row: SummaryRow, viewer: Viewer, owned: ReadonlySet<number>): ProductSummary {
  const cents = toCents(row.price_cents);
  const images = previewUrls(row.image_key);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    price: internalAmount(cents, viewer.rateEur),
    price_eur: minorUnitsToNumber(cents),
    thumb_url: images.webp['320'] ?? '',
    image_url: images.webp['640'] ?? '',
    images,
    likes_count: row.likes_count ?? 0,
    liked: Boolean(row.liked),
    owned: owned.has(row.id),
    category: { id: row.category_id, slug: row.category_slug, title: row.category_title },
    rating_average: ratingAverage(Number(row.rating_sum ?? 0), Number(row.rating_count ?? 0)),
    rating_count: Number(row.rating_count ?? 0),
  };
}

/** The columns of a product tile, titles in the viewer's language with English behind them. */
export function summarySelect(viewer: Viewer): SQL {
  const liked = viewer.userId
    ? sql`exists (select 1 from product_likes pl where pl.product_id = p.id and pl.user_id = ${viewer.userId})`
    : sql`false`;
  // In English the titles are the English ones: the joins of the viewer's own are left out, a
  // sixth of the statement's time for a page of tiles.
  if (viewer.locale === DEFAULT_LOCALE) {
    return sql`
    select p.id, p.slug, p.price_cents, p.image_key, p.likes_count, ${liked} as liked,
      p.rating_count, p.rating_sum,
      te.title as title, c.id as category_id, c.slug as category_slug, ce.title as category_title
    from products p
    join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
    join categories c on c.id = p.category_id
    join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}`;
  }
  return sql`
    select p.id, p.slug, p.price_cents, p.image_key, p.likes_count, ${liked} as liked,
      p.rating_count, p.rating_sum,
      coalesce(tl.title, te.title) as title,
      c.id as category_id, c.slug as category_slug, coalesce(cl.title, ce.title) as category_title
    from products p
    join product_translations te on te.product_id = p.id and te.locale = ${DEFAULT_LOCALE}
    left join product_translations tl on tl.product_id = p.id and tl.locale = ${viewer.locale}
    join categories c on c.id = p.category_id
    join category_translations ce on ce.category_id = c.id and ce.locale = ${DEFAULT_LOCALE}
    left join category_translations cl on cl.category_id = c.id and cl.locale = ${viewer.locale}`;
}

const NONE_OWNED: ReadonlySet<number> = new Set();

/** Which of these products the viewer owns: asked of the orders once per read, for a signed-in viewer. */
export function ownedOf(viewer: Viewer, productIds: number[]): Promise<ReadonlySet<number>> {
  if (!viewer.userId || !viewer.ownedAmong || productIds.length === 0) return Promise.resolve(NONE_OWNED);
  return viewer.ownedAmong(productIds);
}
