import { siteEndpoints } from '@promptmarket/contracts/site';
import type { ApiClient } from '../../lib/api-client';

/** The site's calls, each from the endpoint its contract declares. */
export const getSettings = (api: ApiClient) => api.call(siteEndpoints.settings);
export const getLanguages = (api: ApiClient) => api.call(siteEndpoints.languages);
export const getCurrencies = (api: ApiClient) => api.call(siteEndpoints.currencies);
/** The interface texts the back office changed for a language. */
export const getWords = (api: ApiClient, locale: string) =>
  api.call(siteEndpoints.words, { params: { locale } });
