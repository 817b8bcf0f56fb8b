import { PRODUCT_PAGE_SIZE } from '@promptmarket/contracts/catalogue';
import { favouriteEndpoints } from '@promptmarket/contracts/favourites';
import type { ApiClient } from '../../lib/api-client';

/** One page of the user's favourites, as many a page as the product list shows. */
export const getFavourites = (api: ApiClient, page: number) =>
  api.call(favouriteEndpoints.favourites, { query: { page, per_page: PRODUCT_PAGE_SIZE } });
