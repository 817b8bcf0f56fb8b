import { type Category, DEFAULT_LOCALE, type Style } from '@promptmarket/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forgetPublicAnswers } from '../../lib/public-answers';
import { createTtlCache } from '../../lib/ttl-cache';
import { categories, categoryTranslations, styles, styleTranslations } from './catalogue.tables';

/* The menus on every page (categories, styles), titled in the language, with their cache. */

async function titlesOf(db: Db, table: 'category' | 'style', locale: string): Promise<Map<number, string>> {
  const source = table === 'category' ? categoryTranslations : styleTranslations;
  const idColumn = table === 'category' ? categoryTranslations.categoryId : styleTranslations.styleId;
  const rows = await db
    .select({ id: idColumn, locale: source.locale, title: source.title })
    .from(source)
    .where(inArray(source.locale, [...new Set([locale, DEFAULT_LOCALE])]));
  const titles = new Map<number, string>();
  for (const row of rows) if (row.locale === locale || !titles.has(row.id)) titles.set(row.id, row.title);
  return titles;
}

/** The menus (categories, styles) are on every page and change rarely: cached for five seconds. */
const menuCache = createTtlCache<Db, unknown>(5_000, { name: 'catalogue-menus' });

/** Top-level categories with their subcategories, titled in the language, each with its list query. */
export function listCategories(db: Db, locale: string): Promise<Category[]> {
  return menuCache.get(db, `categories:${locale}`, () => loadCategories(db, locale)) as Promise<Category[]>;
}

export function listStyles(db: Db, locale: string): Promise<Style[]> {
  return menuCache.get(db, `styles:${locale}`, () => loadStyles(db, locale)) as Promise<Style[]>;
}

/** Call after changing categories or styles, so this process shows the change at once. */
export function forgetCatalogueMenus(db: Db): void {
  menuCache.clear(db);
  forgetPublicAnswers(db);
}

async function loadCategories(db: Db, locale: string): Promise<Category[]> {
  const [rows, titles] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    titlesOf(db, 'category', locale),
  ]);
  const entry = (row: (typeof rows)[number]) => {
    const title = titles.get(row.id) ?? row.slug;
    return { id: row.id, name: title, title, url: row.slug, query: `category=${row.slug}` };
  };
  return rows
    .filter((row) => row.parentId === null)
    .map((top) => ({
      ...entry(top),
      parent_id: null,
      subcategories: rows
        .filter((row) => row.parentId === top.id)
        .map((sub) => ({ ...entry(sub), parent_id: top.id })),
    }));
}

async function loadStyles(db: Db, locale: string): Promise<Style[]> {
  const [rows, titles] = await Promise.all([
    db.select().from(styles).orderBy(asc(styles.position), asc(styles.id)),
    titlesOf(db, 'style', locale),
  ]);
  return rows.map((row) => {
    const title = titles.get(row.id) ?? row.slug;
    return {
      id: row.id,
      name: title,
      title,
      url: row.slug,
      query: `style=${row.slug}`,
      image_url: row.imageKey ? `/media/${row.imageKey}` : null,
    };
  });
}
