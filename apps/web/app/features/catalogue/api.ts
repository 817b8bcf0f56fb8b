import { catalogueEndpoints } from '@promptmarket/contracts/catalogue';
import type { ApiClient } from '../../lib/api-client';
import { apiQuery, type ListState } from './list-query';

// The catalogue's calls, each from the endpoint its contract declares.

/** The list as the API's JSON text, for a loader to hand on as it is. */
export const getProductsJson = (api: ApiClient, state: ListState) =>
  api.callJson(catalogueEndpoints.products, { query: apiQuery(state) });
export const getHeroProducts = (api: ApiClient) => api.call(catalogueEndpoints.hero);
export const getNewProducts = (api: ApiClient) => api.call(catalogueEndpoints.new);
export const getFeaturedProducts = (api: ApiClient) => api.call(catalogueEndpoints.featured);
export const getTopSellers = (api: ApiClient) => api.call(catalogueEndpoints.topSellers);
export const getProduct = (api: ApiClient, slug: string) =>
  api.call(catalogueEndpoints.product, { params: { idOrSlug: slug } });
export const setLike = (api: ApiClient, productId: number, liked: boolean) =>
  api.call(liked ? catalogueEndpoints.like : catalogueEndpoints.unlike, { params: { id: productId } });
export const getSitemapProducts = (api: ApiClient, page: number) =>
  api.call(catalogueEndpoints.sitemapProducts, { query: { page } });
export const getCategories = (api: ApiClient) => api.call(catalogueEndpoints.categories);
export const getStyles = (api: ApiClient) => api.call(catalogueEndpoints.styles);
