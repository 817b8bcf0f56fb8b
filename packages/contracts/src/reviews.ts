import { z } from 'zod';
import { adminList, adminPageRequest } from './admin';
import { INT4_MAX, paginationMeta, ratingSummary } from './catalogue';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';
import { multiLineText } from './single-line-text';

/**
 * Buyers' reviews of the prompts they bought: 1 to 5 stars and an optional text, one per buyer and
 * prompt. The shop lists the visible ones under the product; a signed-in visitor may report one,
 * and the back office hides or restores the reported ones.
 */

/** The longest review text, in characters. */
export const REVIEW_TEXT_MAX = 2000;
/** Reviews per page of a product's list. */
export const REVIEWS_PAGE_SIZE = 10;

const stars = z.number('review.stars').int('review.stars').min(1, 'review.stars').max(5, 'review.stars');

/**
 * The text as typed, trimmed; lines and tabs are kept, control and text direction characters
 * refused (`field.control_characters`). An empty text is no text (null).
 */
const reviewText = multiLineText('field.invalid')
  .trim()
  .max(REVIEW_TEXT_MAX, 'review.text_too_long')
  .transform((text) => (text === '' ? null : text));

/** `POST /products/{id}/reviews`. */
export const reviewCreateRequest = z
  .object({ stars, text: reviewText.nullable().optional() })
  .strict()
  .transform((body) => ({ stars: body.stars, text: body.text ?? null }));
export type ReviewCreateRequest = z.output<typeof reviewCreateRequest>;

/** `PATCH /reviews/{id}`: the fields to change; a text of null or "" removes it. At least one field. */
export const reviewUpdateRequest = z
  .object({ stars: stars.optional(), text: reviewText.nullable().optional() })
  .strict()
  .refine((body) => body.stars !== undefined || body.text !== undefined, { message: 'update.empty' });
export type ReviewUpdateRequest = z.output<typeof reviewUpdateRequest>;

export const reviewProductParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
export const reviewParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

export const reviewListQuery = z.object({
  page: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(100_000, 'field.invalid')
    .default(1),
});

export const review = z.object({
  id: z.number(),
  product_id: z.number(),
  stars: z.number(),
  /** Exactly as typed (trimmed): plain text, never HTML. */
  text: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The author's first name and the initial of the last: "Anna K.". */
  author_name: z.string(),
  /** Every review is by a buyer of the prompt. */
  verified_purchase: z.literal(true),
  /** The language the text was written in (the shop's language when it was written or last changed). */
  language: z.string(),
  /** True for the signed-in viewer's own review. */
  mine: z.boolean(),
  /**
   * True when the back office hid it: it is not listed and leaves the rating, and only its author
   * sees it (as `own`). False on every listed review.
   */
  hidden: z.boolean(),
});
export type Review = z.infer<typeof review>;

/**
 * A product's visible reviews, newest first, with the rating's summary; for a signed-in viewer
 * their own review (even when hidden or on another page) and whether they may write one now.
 */
export const reviewListResponse = z.object({
  data: z.array(review),
  meta: paginationMeta,
  summary: ratingSummary,
  own: review.nullable(),
  can_review: z.boolean(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

export const reviewResponse = okEnvelope(review);
export const reviewDeletedResponse = okEnvelope(z.object({ deleted: z.literal(true) }));
export const reviewReportResponse = okEnvelope(z.object({ reported: z.literal(true) }));

export const reviewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/products/:id/reviews',
    summary: "A product's visible reviews, newest first, with its rating",
    params: reviewProductParams,
    query: reviewListQuery,
    response: reviewListResponse,
  }),
  /** 403 NOT_A_BUYER for anyone who has not bought it (or had it refunded); 409 REVIEW_EXISTS for a second one. */
  create: defineEndpoint({
    method: 'POST',
    path: '/products/:id/reviews',
    summary: 'Review a prompt the user bought: 1 to 5 stars and an optional text',
    params: reviewProductParams,
    body: reviewCreateRequest,
    response: reviewResponse,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/reviews/:id',
    summary: "Change the user's own review",
    params: reviewParams,
    body: reviewUpdateRequest,
    response: reviewResponse,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/reviews/:id',
    summary: "Delete the user's own review",
    params: reviewParams,
    response: reviewDeletedResponse,
  }),
  /** Once per user and review (a second report changes nothing); one's own review is refused with 403. */
  report: defineEndpoint({
    method: 'POST',
    path: '/reviews/:id/report',
    summary: 'Report a review to the back office',
    params: reviewParams,
    response: reviewReportResponse,
  }),
};

/* The back office */

export const adminReviewsRequest = adminPageRequest.extend({
  /** Only the hidden (true) or only the shown (false) reviews; both without it. */
  hidden: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const adminReview = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  stars: z.number(),
  text: z.string().nullable(),
  language: z.string(),
  reports_count: z.number(),
  last_reported_at: z.string().nullable(),
  hidden: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsResponse = adminList(adminReview);
export const adminReviewResponse = okEnvelope(adminReview);

export const adminReviewEndpoints = {
  /** The reported reviews, the newest report first. */
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/reviews',
    summary: 'Reported reviews, the newest report first',
    query: adminReviewsRequest,
    response: adminReviewsResponse,
  }),
  hide: defineEndpoint({
    method: 'POST',
    path: '/admin/reviews/:id/hide',
    summary: 'Hide a review from the shop (audited)',
    params: reviewParams,
    response: adminReviewResponse,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/admin/reviews/:id/restore',
    summary: 'Show a hidden review again (audited)',
    params: reviewParams,
    response: adminReviewResponse,
  }),
};
