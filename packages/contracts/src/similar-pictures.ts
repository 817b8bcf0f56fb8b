import { z } from 'zod';
import { likeParams, productSummary } from './catalogue';
import { defineEndpoint } from './endpoint';

/** How many products "more like this picture" lists unless asked, and the most it lists. */
export const SIMILAR_PICTURES_DEFAULT = 8;
export const SIMILAR_PICTURES_MAX = 24;

export const similarPicturesParams = likeParams;

export const similarPicturesQuery = z.object({
  limit: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(SIMILAR_PICTURES_MAX, 'field.invalid')
    .default(SIMILAR_PICTURES_DEFAULT),
});
export type SimilarPicturesQuery = z.infer<typeof similarPicturesQuery>;

/**
 * Products on sale, in any category, whose pictures look most like the product's, nearest first by
 * their perceptual hashes (ties: the most liked, then the lowest id), in the list's tile. Never the
 * product itself nor a copy of its picture, and each picture once.
 */
export const similarPicturesResponse = z.object({ data: z.array(productSummary) });
export type SimilarPictures = z.infer<typeof similarPicturesResponse>;

export const similarPicturesEndpoints = {
  similarPictures: defineEndpoint({
    method: 'GET',
    path: '/products/:id/similar-pictures',
    summary: "Products on sale whose pictures look like this product's, nearest first",
    params: similarPicturesParams,
    query: similarPicturesQuery,
    response: similarPicturesResponse,
  }),
};
