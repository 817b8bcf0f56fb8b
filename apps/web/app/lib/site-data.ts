import type { Category, Style } from '@promptmarket/contracts/catalogue';
import type { SocialLink, StaticPageSummary } from '@promptmarket/contracts/content';
import type { Currency, Language, Settings } from '@promptmarket/contracts/site';
import { useRouteLoaderData } from 'react-router';
import type { Messages } from './messages';
import { type Packed, unpack } from './packed';

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
   * The language's texts as one JSON text, read with `messagesOf`. Sent as loader data they were
   * a thousand values for React Router to decode one by one while the page starts; one string is
   * decoded at once, and JSON.parse reads it in a fraction of a millisecond (decision 0019).
   */
  messagesJson: Packed<Messages>;
};

export const SITE_ROUTE_ID = 'routes/locale-layout';

/** The site's texts (parsed once while they stay among the last texts read). */
export function messagesOf(site: SiteData): Messages {
  return unpack(site.messagesJson);
}

/** The site data of the locale layout, for any component below it. */
export function useSite(): SiteData {
  const site = useRouteLoaderData<SiteData>(SITE_ROUTE_ID);
  if (!site) throw new Error('useSite() is only available below the locale layout');
  return site;
}
