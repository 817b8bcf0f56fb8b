import { z } from 'zod';
import { adminList } from './admin';
import { moneyField } from './money-field';
import { multiLineText, singleLineText } from './single-line-text';

/**
 * The back office's catalogue editor (issue: catalogue): products, the category tree and styles.
 * Texts are per language (`translations: {de: {title, …}}`); an update changes only what it names.
 * Prices are typed as decimals (EUR) and travel on as integer cents.
 */

const list = adminList;
const one = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('OK'), message: z.string(), payload: item });

/** The highest price the editor takes: one million EUR. */
export const ADMIN_MAX_PRICE_CENTS = 100_000_000;
/** The largest original a product or style picture may be. */
export const ADMIN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const id = z.coerce.number('field.invalid').int('field.invalid').positive('field.invalid').max(2_147_483_647);
export const adminCatalogueIdParams = z.object({ id });
const categoryId = z.coerce
  .number('category.required')
  .int('category.required')
  .positive('category.required')
  .max(2_147_483_647, 'category.required');

const locale = z.string().regex(/^[a-z]{2}(?:-[a-z0-9]{2,4})?$/, 'locale.invalid');
export const catalogueSlug = z
  .string('slug.invalid')
  .trim()
  .max(100, 'field.too_long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug.invalid');

/** A product's price in euro cents, by the one rule of every amount (`readAmount`): 0 or more. */
export const priceInCents = moneyField({
  required: 'price.required',
  invalid: 'price.invalid',
  sign: 'zero',
  maxMinor: ADMIN_MAX_PRICE_CENTS,
});

const title = singleLineText('title.required').trim().min(1, 'title.required').max(200, 'field.too_long');
const description = multiLineText('field.invalid').trim().max(5000, 'field.too_long');
const prompt = multiLineText('prompt.required').trim().min(3, 'prompt.required').max(4000, 'field.too_long');
const styleIds = z.array(id, 'styles.required').max(20, 'field.too_many');

/* Products */

const productText = z.object({ title, description: description.default('') }).strict();
const productTextPatch = z.object({ title: title.optional(), description: description.optional() }).strict();

export const adminProductCreate = z
  .object({
    slug: catalogueSlug.optional(),
    category_id: categoryId,
    style_ids: styleIds.default([]),
    price: priceInCents,
    prompt,
    hero: z.boolean('field.invalid').default(false),
    featured: z.boolean('field.invalid').default(false),
    hidden: z.boolean('field.invalid').default(false),
    translations: z
      .record(locale, productText, 'translations.english')
      .refine((texts) => 'en' in texts, { message: 'translations.english', path: ['en', 'title'] }),
  })
  .strict();
export type AdminProductCreate = z.input<typeof adminProductCreate>;

/**
 * A product's changes: only the fields named change. In `translations` a language given as
 * `null` loses its texts (the shop then shows English there); English cannot be removed.
 */
export const adminProductUpdate = z
  .object({
    slug: catalogueSlug.optional(),
    category_id: categoryId.optional(),
    style_ids: styleIds.optional(),
    price: priceInCents.optional(),
    prompt: prompt.optional(),
    hero: z.boolean('field.invalid').optional(),
    featured: z.boolean('field.invalid').optional(),
    hidden: z.boolean('field.invalid').optional(),
    translations: z
      .record(locale, productTextPatch.nullable(), 'field.invalid')
      .refine((texts) => texts.en !== null, { message: 'translations.english', path: ['en', 'title'] })
      .optional(),
  })
  .strict();
export type AdminProductUpdate = z.input<typeof adminProductUpdate>;

export const adminProductsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120, 'field.too_long').optional(),
  category_id: id.optional(),
  hidden: z.enum(['yes', 'no'], 'field.invalid').optional(),
});

export const adminProductRow = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  category_id: z.number(),
  category_title: z.string(),
  price: z.number(),
  hero: z.boolean(),
  featured: z.boolean(),
  hidden: z.boolean(),
  sales_count: z.number(),
  thumb_url: z.string(),
  updated_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;
export const adminProductsResponse = list(adminProductRow);

export const adminProduct = adminProductRow.extend({
  prompt: z.string(),
  style_ids: z.array(z.number()),
  likes_count: z.number(),
  image_url: z.string(),
  translations: z.record(z.string(), z.object({ title: z.string(), description: z.string() })),
  created_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductResponse = one(adminProduct);

/* Categories: a tree of two levels, as the shop's menus show it */

const namedText = z.object({ title }).strict();

export const adminCategoryCreate = z
  .object({
    slug: catalogueSlug,
    parent_id: id.nullable().default(null),
    position: z.coerce.number('field.invalid').int('field.invalid').min(0).max(10_000).default(0),
    translations: z
      .record(locale, namedText, 'translations.english')
      .refine((texts) => 'en' in texts, { message: 'translations.english', path: ['en', 'title'] }),
  })
  .strict();
export type AdminCategoryCreate = z.input<typeof adminCategoryCreate>;

export const adminCategoryUpdate = z
  .object({
    slug: catalogueSlug.optional(),
    parent_id: id.nullable().optional(),
    position: z.coerce.number('field.invalid').int('field.invalid').min(0).max(10_000).optional(),
    translations: z
      .record(locale, namedText.nullable(), 'field.invalid')
      .refine((texts) => texts.en !== null, { message: 'translations.english', path: ['en', 'title'] })
      .optional(),
  })
  .strict();
export type AdminCategoryUpdate = z.input<typeof adminCategoryUpdate>;

export const adminCategory = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  slug: z.string(),
  position: z.number(),
  title: z.string(),
  translations: z.record(z.string(), z.object({ title: z.string() })),
  product_count: z.number(),
  subcategory_count: z.number(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoriesResponse = list(adminCategory);
export const adminCategoryResponse = one(adminCategory);

/* Styles, with a picture */

export const adminStyleCreate = z
  .object({
    slug: catalogueSlug,
    position: z.coerce.number('field.invalid').int('field.invalid').min(0).max(10_000).default(0),
    translations: z
      .record(locale, namedText, 'translations.english')
      .refine((texts) => 'en' in texts, { message: 'translations.english', path: ['en', 'title'] }),
  })
  .strict();
export type AdminStyleCreate = z.input<typeof adminStyleCreate>;

export const adminStyleUpdate = z
  .object({
    slug: catalogueSlug.optional(),
    position: z.coerce.number('field.invalid').int('field.invalid').min(0).max(10_000).optional(),
    translations: z
      .record(locale, namedText.nullable(), 'field.invalid')
      .refine((texts) => texts.en !== null, { message: 'translations.english', path: ['en', 'title'] })
      .optional(),
  })
  .strict();
export type AdminStyleUpdate = z.input<typeof adminStyleUpdate>;

export const adminStyle = z.object({
  id: z.number(),
  slug: z.string(),
  position: z.number(),
  title: z.string(),
  image_url: z.string().nullable(),
  translations: z.record(z.string(), z.object({ title: z.string() })),
  product_count: z.number(),
});
export type AdminStyle = z.infer<typeof adminStyle>;
export const adminStylesResponse = list(adminStyle);
export const adminStyleResponse = one(adminStyle);

export const adminCatalogueListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(120, 'field.too_long').optional(),
});

export const adminDeletedResponse = z.object({ status: z.literal('OK'), message: z.string() });
