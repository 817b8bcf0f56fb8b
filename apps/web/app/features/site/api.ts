import { type ContactRequest, contentEndpoints } from '@promptmarket/contracts/content';
import { siteEndpoints } from '@promptmarket/contracts/site';
import type { ApiClient } from '../../lib/api-client';

/** The site's calls, each from the endpoint its contract declares. */
export const getSettings = (api: ApiClient) => api.call(siteEndpoints.settings);
export const getLanguages = (api: ApiClient) => api.call(siteEndpoints.languages);
export const getCurrencies = (api: ApiClient) => api.call(siteEndpoints.currencies);
/** The texts the back office changed for a language; the web merges them over its own. */
export const getWords = (api: ApiClient, locale: string) =>
  api.call(siteEndpoints.wordOverrides, { params: { locale } });

export const getCountries = (api: ApiClient) => api.call(contentEndpoints.countries);
export const getSocialLinks = (api: ApiClient) => api.call(contentEndpoints.socialLinks);
export const getStaticPages = (api: ApiClient) => api.call(contentEndpoints.staticPages);
export const getStaticPage = (api: ApiClient, slug: string) =>
  api.call(contentEndpoints.staticPage, { params: { slug } });
export const subscribeToNewsletter = (api: ApiClient, email: string) =>
  api.call(contentEndpoints.subscribe, { body: { email } });
/** The link of the newsletter's confirmation mail, as the visitor opened it. */
export const confirmNewsletter = (api: ApiClient, query: URLSearchParams) =>
  api.call(contentEndpoints.confirmNewsletter, {
    query: {
      id: query.get('id') ?? '',
      expires: Number(query.get('expires')),
      signature: query.get('signature') ?? '',
    },
  });
/** The unsubscribe link of a newsletter mail, as the visitor opened it. */
export const unsubscribeFromNewsletter = (api: ApiClient, query: URLSearchParams) =>
  api.call(contentEndpoints.unsubscribeNewsletter, {
    query: { email: query.get('email') ?? '', token: query.get('token') ?? '' },
  });
export const sendContactMessage = (api: ApiClient, message: ContactRequest) =>
  api.call(contentEndpoints.contact, { body: message });
