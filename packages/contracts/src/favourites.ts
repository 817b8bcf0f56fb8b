import { z } from 'zod';
import { paginationMeta, productListQuery, productSummary } from './catalogue';
import { defineEndpoint } from './endpoint';

/**
 * The products a signed-in user liked, newest like first, as the product list pages them (18 a
 * page unless `per_page` asks for up to 60) and in the list's tile, so a favourite is shown,
 * bought and put in the cart as any tile is. Only products on sale are listed.
 */
export const favouritesQuery = productListQuery.pick({ page: true, per_page: true });
export type FavouritesQuery = z.infer<typeof favouritesQuery>;

export const favouritesResponse = z.object({ data: z.array(productSummary), meta: paginationMeta });
export type Favourites = z.infer<typeof favouritesResponse>;

export const favouriteEndpoints = {
  favourites: defineEndpoint({
    method: 'GET',
    path: '/user/favourites',
    summary: 'The products the signed-in user liked, newest like first, on sale only',
    query: favouritesQuery,
    response: favouritesResponse,
  }),
};
