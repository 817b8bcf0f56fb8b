import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { languages } from '../site/site.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('categories_parent_id_idx').on(table.parentId)],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] })],
);

export const styles = pgTable('styles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** Storage key of the style's picture in the public bucket; styles without one are not shown on the home page. */
  imageKey: text('image_key'),
  position: integer('position').notNull().default(0),
});

export const styleTranslations = pgTable(
  'style_translations',
  {
    styleId: integer('style_id')
      .notNull()
      .references(() => styles.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.styleId, table.locale] })],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** EUR cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** The full English prompt: sold, never shown before purchase. */
    prompt: text('prompt').notNull(),
    /** Storage key prefix: `<key>/original.png` (private) and `<key>/<width>.<format>` thumbnails (public). */
    imageKey: text('image_key').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    /**
     * The buyers' visible reviews (modules/reviews): how many, the sum of their stars, and how many
     * gave 1 to 5 stars. Written by `setProductRating` in the review's transaction; they move the
     * catalogue version, as the rating shows on the tiles and sorts the lists.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingSpread: integer('rating_spread').array().notNull().default(sql`'{0,0,0,0,0}'::integer[]`),
    isHero: boolean('is_hero').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('products_price_not_negative', sql`${table.priceCents} >= 0`),
    check('products_likes_not_negative', sql`${table.likesCount} >= 0`),
    index('products_category_id_idx').on(table.categoryId),
    // Ascending keys: scanned backwards for the descending sorts, whose NULLS FIRST would not match a DESC index.
    index('products_created_at_idx').on(table.createdAt, table.id),
    index('products_price_idx').on(table.priceCents, table.id),
    index('products_popular_idx').on(table.salesCount, table.likesCount, table.id),
    // The home page's short lists: a handful of rows each, found without reading the catalogue.
    // The shop lists only active products: these hold just their sort keys, so a page, however
    // deep, is read from the index alone.
    index('products_active_created_at_idx').on(table.createdAt, table.id).where(sql`${table.isActive}`),
    index('products_active_price_idx').on(table.priceCents, table.id).where(sql`${table.isActive}`),
    index('products_active_popular_idx')
      .on(table.salesCount, table.likesCount, table.id)
      .where(sql`${table.isActive}`),
    // A product matched by its translations is checked (active, category, price, sort keys) from
    // this index alone, without reading its row.
    index('products_active_lookup_idx')
      .on(table.id, table.categoryId, table.priceCents, table.salesCount, table.likesCount, table.createdAt)
      .where(sql`${table.isActive}`),
    // The few products taken off sale: a ranked search leaves these out of its matches (an anti-join)
    // instead of looking up every match among the active products.
    index('products_inactive_idx').on(table.id).where(sql`not ${table.isActive}`),
    index('products_hero_idx').on(table.id).where(sql`${table.isHero} and ${table.isActive}`),
    index('products_featured_idx').on(table.id).where(sql`${table.isFeatured} and ${table.isActive}`),
  ],
);

/**
 * The 64-bit difference hash of each product's original (lib/image-hash), signed, for finding
 * offers that copy a product. A narrow table of its own: a near-duplicate lookup reads every
 * hash, and a table of the hashes alone is a small part of the size of the products' rows.
 * `imageKey` is the picture the hash was made from: a product whose picture changed is hashed
 * again.
 */
export const productImageHashes = pgTable(
  'product_image_hashes',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
  },
  (table) => [index('product_image_hashes_hash_idx').on(table.hash)],
);

/** Title and description per language. */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => languages.code, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.productId, table.locale] })],
);

/**
 * Each translation's full-text vector in its own language's dictionary, made from its title and
 * description folded (lower case, accents dropped, as `foldText`; every search is folded the same
 * way, so "zachod slonca" finds "Zachód słońca"). A trigger on product_translations keeps it
 * (migration 0047, `product_search_vector`). A table of its own, so that making or remaking every
 * vector never locks the translations that every page reads (decision 0055).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id').notNull(),
    locale: text('locale').notNull(),
    search: tsvector('search').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.locale] }),
    foreignKey({
      columns: [table.productId, table.locale],
      foreignColumns: [productTranslations.productId, productTranslations.locale],
    }).onDelete('cascade'),
    index('product_search_idx').using('gin', table.search),
    // A search reads one language's titles (and English's): an index of each built-in language's
    // rows finds them without intersecting the whole table's matches with the language's rows.
    ...['en', 'de', 'fr', 'es', 'it', 'pl'].map((locale) =>
      index(`product_search_${locale}_idx`)
        .using('gin', table.search)
        .where(sql.raw(`locale = '${locale}'`)),
    ),
  ],
);

export const productStyles = pgTable(
  'product_styles',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    styleId: integer('style_id')
      .notNull()
      .references(() => styles.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.styleId] }),
    index('product_styles_style_id_idx').on(table.styleId),
  ],
);

export const productLikes = pgTable(
  'product_likes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.userId] }),
    index('product_likes_user_id_idx').on(table.userId),
  ],
);

/**
 * Every distinct word of the product titles (maintained by a trigger on product_translations), as
 * written and folded, with a trigram index: a misspelt search word is compared, folded, with these
 * words, far fewer than the titles, instead of with every title, and the nearest one is offered as
 * written.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey(), folded: text('folded').notNull() },
  (table) => [index('search_words_trgm_idx').using('gin', sql`${table.folded} gin_trgm_ops`)],
);

export type ProductRow = typeof products.$inferSelect;

/**
 * One row whose version moves on with every change of what a product list shows (which products are
 * on sale, their category, price, age, titles, styles; the categories and styles themselves), made by
 * the database's own triggers (migration 0024). Each process caches the list keys in memory
 * (`catalogue.index.ts`) and reads this version to know whether they are still current. Sales and
 * likes do not move it: the popular order they make is read again every minute.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Moves when picture hashes are stored in the background: the hash index reloads, cached lists stay. */
    picturesVersion: bigint('pictures_version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('catalogue_version_one_row', sql`${table.id}`)],
);
