import { adminReviewEndpoints } from '@promptmarket/contracts/reviews';
import type { ApiClient } from '../../lib/api-client';

/** The back office's calls for reported reviews, each from the endpoint its contract declares. */

/** The reported reviews, the newest report first; the page's address gives the page and `hidden`. */
export const getReportedReviews = (api: ApiClient, query: URLSearchParams) =>
  api.call(adminReviewEndpoints.list, { query });

/** Hides a review from the shop (it leaves its product's rating); answers the review as it is now. */
export const hideReview = (api: ApiClient, id: number) =>
  api.call(adminReviewEndpoints.hide, { params: { id } });

/** Shows a hidden review in the shop again; answers the review as it is now. */
export const restoreReview = (api: ApiClient, id: number) =>
  api.call(adminReviewEndpoints.restore, { params: { id } });
