import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { parseMinorUnits } from './money';

/** Product list page size (spec section 9) and the most a client may ask for. */
export const PRODUCT_PAGE_SIZE = 18;
export const PRODUCT_PAGE_SIZE_MAX = 60;
/** Widths of the public preview images, each as webp and avif; the original (1024x1024) is private. */
export const PREVIEW_WIDTHS = [320, 640] as const;

import { productSorts } from './product-sorts';

export { type ProductSort, productSorts } from './product-sorts';

/** A product list filters by at most this many categories, and as many styles; each slug this long at most. */
export const SLUG_FILTER_MAX = 20;
export const SLUG_MAX_LENGTH = 100;

const filterSlug = z
  .string()
  .max(SLUG_MAX_LENGTH, 'field.too_long')
  .regex(/^[a-z0-9-]+$/, 'field.invalid');
/** Comma-separated slugs (`a,b`). A repeated parameter (`?x=a&x=b`) is not a list here: 422. */
const slugList = z
  .string('field.invalid')
  .max(SLUG_FILTER_MAX * (SLUG_MAX_LENGTH + 1), 'field.too_long')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(filterSlug).max(SLUG_FILTER_MAX, 'field.too_many'));
const euros = z.string().transform((value, context) => {
  const minor = parseMinorUnits(value);
  if (minor === null) {
    context.addIssue({ code: 'custom', message: 'field.invalid' });
    return z.NEVER;
  }
  return minor;
});

export const productListQuery = z.object({
  page: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(100_000, 'field.invalid')
    .default(1),
  per_page: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .default(PRODUCT_PAGE_SIZE)
    .transform((value) => Math.min(value, PRODUCT_PAGE_SIZE_MAX)),
  search: z.string('field.invalid').trim().max(100, 'field.too_long').optional(),
  category_slugs: slugList.optional(),
  style_slugs: slugList.optional(),
  sort: z.enum(productSorts, 'field.invalid').optional(),
  /** Price range in the internal currency (what the tiles show), as decimals ("4.50"). */
  price_min: euros.optional(),
  price_max: euros.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const categoryRef = z.object({ id: z.number(), slug: z.string(), title: z.string() });

/**
 * A product's rating from its buyers' visible reviews: the average of their stars to one decimal
 * (null without a review), how many there are, and how many gave each number of stars.
 */
export const ratingSummary = z.object({
  average: z.number().nullable(),
  count: z.number(),
  spread: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const productSummary = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  /** In the internal currency; `price_eur` in EUR. Display numbers, from integer cents. */
  price: z.number(),
  price_eur: z.number(),
  thumb_url: z.string(),
  image_url: z.string(),
  /** Preview image URLs by format, for srcset: width -> URL. */
  images: z.object({ webp: z.record(z.string(), z.string()), avif: z.record(z.string(), z.string()) }),
  likes_count: z.number(),
  liked: z.boolean(),
  /** True when the signed-in viewer has bought it (then it is downloaded, not bought). */
  owned: z.boolean(),
  category: categoryRef,
  /** The average of the buyers' stars to one decimal, null without a review; and how many reviews. */
  rating_average: z.number().nullable(),
  rating_count: z.number(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const styleRef = z.object({ id: z.number(), slug: z.string(), title: z.string() });

export const productDetail = productSummary.extend({
  description: z.string(),
  /** The first words of the prompt; the whole prompt comes only with a purchase. */
  prompt_preview: z.string(),
  /**
   * The whole prompt, for a signed-in viewer who bought it; null for anyone else (a guest's answer
   * is cached and shared, so it never carries one).
   */
  prompt: z.string().nullable(),
  /** True when the signed-in viewer has it in their cart. */
  in_cart: z.boolean(),
  styles: z.array(styleRef),
  created_at: z.string(),
  rating: ratingSummary,
  similar: z.array(productSummary),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const paginationMeta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
});

/**
 * A product list's meta: the paging, and for a search that found nothing as typed, the nearest words
 * the shop looked for instead, as written in the titles ("did you mean").
 */
export const productListMeta = paginationMeta.extend({ suggestion: z.string().optional() });

export const productListResponse = z.object({ data: z.array(productSummary), meta: productListMeta });
export const productListOnlyResponse = z.object({ data: z.array(productSummary) });
export const productDetailResponse = z.object({ data: productDetail });
export const productParams = z.object({ idOrSlug: z.string().regex(/^[a-z0-9-]{1,120}$/) });

const menuEntry = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  query: z.string(),
});
export const category = menuEntry.extend({
  parent_id: z.null(),
  subcategories: z.array(menuEntry.extend({ parent_id: z.number() })),
});
export type Category = z.infer<typeof category>;
export const categoriesResponse = z.object({ data: z.array(category) });

export const style = menuEntry.extend({ image_url: z.string().nullable() });
export type Style = z.infer<typeof style>;
export const stylesResponse = z.object({ data: z.array(style) });

/** Ids are PostgreSQL integers: a larger number names no product. */
export const INT4_MAX = 2_147_483_647;
export const likeParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

export const likeResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({ liked: z.boolean(), likes_count: z.number() }),
});

/** Products per sitemap file: times six languages, well under the 50,000 URLs a sitemap may hold. */
export const SITEMAP_PRODUCTS_PER_FILE = 5000;
export const sitemapProductsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const sitemapProductsResponse = z.object({
  data: z.array(z.object({ slug: z.string(), updated_at: z.string() })),
  meta: paginationMeta,
});

/** `/media/{key}`: a public image (preview, style picture) by its storage key. */
export const mediaParams = z.object({ '*': z.string().max(500) });
export const mediaImage = z.unknown().describe('The image file');

const collectionEndpoint = <const Path extends string>(path: Path, summary: string) =>
  defineEndpoint({ method: 'GET', path, summary, response: productListOnlyResponse });

export const catalogueEndpoints = {
  products: defineEndpoint({
    method: 'GET',
    path: '/products',
    summary: 'Search and filter products',
    query: productListQuery,
    response: productListResponse,
  }),
  hero: collectionEndpoint('/products/hero', 'Products of the hero collection'),
  featured: collectionEndpoint('/products/featured', 'Products of the featured collection'),
  new: collectionEndpoint('/products/new', 'Products of the new collection'),
  topSellers: collectionEndpoint('/products/top-sellers', 'Products of the top-sellers collection'),
  product: defineEndpoint({
    method: 'GET',
    path: '/products/:idOrSlug',
    summary: 'One product by id or slug',
    params: productParams,
    response: productDetailResponse,
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/products/:id/like',
    summary: 'Like a product',
    params: likeParams,
    response: likeResponse,
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/products/:id/like',
    summary: 'Take a like back',
    params: likeParams,
    response: likeResponse,
  }),
  sitemapProducts: defineEndpoint({
    method: 'GET',
    path: '/sitemap/products',
    summary: 'Product slugs for the sitemap',
    query: sitemapProductsQuery,
    response: sitemapProductsResponse,
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/categories',
    summary: 'Categories with their subcategories',
    response: categoriesResponse,
  }),
  styles: defineEndpoint({
    method: 'GET',
    path: '/styles',
    summary: 'Image styles',
    response: stylesResponse,
  }),
  /** A public image (preview, style picture); the answer is the file. */
  media: defineEndpoint({ method: 'GET', path: '/media/*', summary: 'A public image', params: mediaParams }),
};
