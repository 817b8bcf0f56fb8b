import { reviewEndpoints } from '@promptmarket/contracts/reviews';
import { similarPicturesEndpoints } from '@promptmarket/contracts/similar-pictures';
import type { ApiClient } from '../../lib/api-client';

// The reviews' calls, and the product page's "looks like this" row, each from the endpoint its
// contract declares.

/** A page of a product's visible reviews with its rating; with a session, the viewer's own and whether they may write one. */
export const getReviews = (api: ApiClient, productId: number, page = 1) =>
  api.call(reviewEndpoints.list, { params: { id: productId }, query: { page } });
/** 403 NOT_A_BUYER, 409 REVIEW_EXISTS, 429 when written too often. */
export const createReview = (
  api: ApiClient,
  productId: number,
  body: { stars: number; text: string | null },
) => api.call(reviewEndpoints.create, { params: { id: productId }, body });
export const updateReview = (api: ApiClient, id: number, body: { stars: number; text: string | null }) =>
  api.call(reviewEndpoints.update, { params: { id }, body });
export const deleteReview = (api: ApiClient, id: number) =>
  api.call(reviewEndpoints.remove, { params: { id } });
/** 403 FORBIDDEN for one's own review; a second report changes nothing. */
export const reportReview = (api: ApiClient, id: number) =>
  api.call(reviewEndpoints.report, { params: { id } });
export const getSimilarPictures = (api: ApiClient, productId: number, limit: number) =>
  api.call(similarPicturesEndpoints.similarPictures, { params: { id: productId }, query: { limit } });
