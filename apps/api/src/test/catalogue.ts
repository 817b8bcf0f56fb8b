import type { Db } from '../db/client';
import {
  categories,
  categoryTranslations,
  productStyles,
  products,
  productTranslations,
  styles,
  styleTranslations,
} from '../modules/catalogue/catalogue.tables';

type FixtureProduct = {
  slug: string;
  category: string;
  styles?: string[];
  priceCents: number;
  title: string;
  titleDe?: string;
  description?: string;
  sales?: number;
  hero?: boolean;
  featured?: boolean;
  createdAt?: Date;
};

/**
 * A small catalogue: two top-level categories with a subcategory each, three styles,
 * and the given products (English, with German titles where given).
 */
export async function createCatalogue(db: Db, items: FixtureProduct[]) {
  const [portraits, landscapes] = await db
    .insert(categories)
    .values([
      { slug: 'portraits', position: 0 },
      { slug: 'landscapes', position: 1 },
    ])
    .returning();
  if (!portraits || !landscapes) throw new Error('no categories');
  const [fantasy, seascapes] = await db
    .insert(categories)
    .values([
      { slug: 'fantasy-portraits', parentId: portraits.id },
      { slug: 'seascapes', parentId: landscapes.id },
    ])
    .returning();
  if (!fantasy || !seascapes) throw new Error('no subcategories');
  await db.insert(categoryTranslations).values([
    { categoryId: portraits.id, locale: 'en', title: 'Portraits' },
    { categoryId: portraits.id, locale: 'de', title: 'Porträts' },
    { categoryId: landscapes.id, locale: 'en', title: 'Landscapes' },
    { categoryId: fantasy.id, locale: 'en', title: 'Fantasy portraits' },
    { categoryId: seascapes.id, locale: 'en', title: 'Seascapes' },
  ]);
  const styleRows = await db
    .insert(styles)
    .values([
      { slug: 'watercolor', position: 0, imageKey: 'styles/watercolor.webp' },
      { slug: 'anime', position: 1, imageKey: null },
      { slug: 'cinematic', position: 2, imageKey: 'styles/cinematic.webp' },
    ])
    .returning();
  await db.insert(styleTranslations).values(
    styleRows.flatMap((style) => [
      { styleId: style.id, locale: 'en', title: style.slug.replace(/^./, (c) => c.toUpperCase()) },
      { styleId: style.id, locale: 'de', title: `${style.slug} (de)` },
    ]),
  );
  const categoryIds: Record<string, number> = {
    portraits: portraits.id,
    landscapes: landscapes.id,
    'fantasy-portraits': fantasy.id,
    seascapes: seascapes.id,
  };
  const styleIds = Object.fromEntries(styleRows.map((style) => [style.slug, style.id]));
  const created: Record<string, number> = {};
  for (const [index, item] of items.entries()) {
    const [row] = await db
      .insert(products)
      .values({
        slug: item.slug,
        categoryId: categoryIds[item.category] ?? portraits.id,
        priceCents: item.priceCents,
        prompt: `A detailed prompt for ${item.title} with soft light, rich colour, a wide lens and a calm, quiet mood in the evening`,
        imageKey: `fixture-${item.slug}`,
        salesCount: item.sales ?? 0,
        isHero: item.hero ?? false,
        isFeatured: item.featured ?? false,
        createdAt: item.createdAt ?? new Date(Date.UTC(2026, 0, 1 + index)),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('no product');
    created[item.slug] = row.id;
    await db.insert(productTranslations).values([
      {
        productId: row.id,
        locale: 'en',
        title: item.title,
        description: item.description ?? `${item.title}.`,
      },
      ...(item.titleDe
        ? [{ productId: row.id, locale: 'de', title: item.titleDe, description: `${item.titleDe}.` }]
        : []),
    ]);
    for (const style of item.styles ?? []) {
      const styleId = styleIds[style];
      if (styleId) await db.insert(productStyles).values({ productId: row.id, styleId });
    }
  }
  return { products: created, categories: categoryIds };
}
