import type { Category, Style } from '@promptmarket/contracts/catalogue';
import type { SocialLink, StaticPageSummary } from '@promptmarket/contracts/content';
import type { Currency, Language, Settings } from '@promptmarket/contracts/site';
import { useRouteLoaderData } from 'react-router';
import type { Messages } from './messages';
import { type Packed, unpack } from './packed';
import { cachedTexts } from './texts';

/** What every page under /:locale gets from the locale layout's loader. */
export type SiteData = {
  locale: string;
  origin: string;
  settings: Settings;
  languages: Language[];
  currencies: Currency[];
  categories: Category[];
  styles: Style[];
  staticPages: StaticPageSummary[];
  socialLinks: SocialLink[];
  /**
   * The address of the language's texts script (decision 0032), which the page names in its
   * head and the browser caches: a page's HTML does not carry the texts.
   */
  texts: string;
  /**
   * The texts themselves as one JSON text, only in loader data the browser fetches after the
   * page (a navigation to another language, a revalidation after a change of the texts), whose
   * script it has not run. One string is decoded at once (decision 0019).
   */
  messagesJson?: Packed<Messages>;
};

export const SITE_ROUTE_ID = 'routes/locale-layout';

/** The site's texts: sent along with the data, or those the texts script cached. */
export function messagesOf(site: Pick<SiteData, 'texts' | 'messagesJson'>): Messages {
  return site.messagesJson === undefined ? cachedTexts(site.texts) : unpack(site.messagesJson);
}

/** The site data of the locale layout, for any component below it. */
export function useSite(): SiteData {
  const site = useRouteLoaderData<SiteData>(SITE_ROUTE_ID);
  if (!site) throw new Error('useSite(): no locale layout');
  return site;
}
