import { SITEMAP_PRODUCTS_PER_FILE } from '@promptmarket/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from './catalogue.tables';

/** Slugs and change dates of active products, in id order, for the sitemaps. */
export async function listSitemapProducts(db: Db, page: number) {
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.isActive, true));
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .limit(SITEMAP_PRODUCTS_PER_FILE)
    .offset((page - 1) * SITEMAP_PRODUCTS_PER_FILE);
  return {
    data: rows.map((row) => ({ slug: row.slug, updated_at: row.updatedAt.toISOString() })),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / SITEMAP_PRODUCTS_PER_FILE)),
      per_page: SITEMAP_PRODUCTS_PER_FILE,
      total,
    },
  };
}
