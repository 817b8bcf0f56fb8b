import type { Category, Style } from '@promptmarket/contracts/catalogue';
import type { SocialLink, StaticPageSummary } from '@promptmarket/contracts/content';
import type { Currency, Language, Settings } from '@promptmarket/contracts/site';
import { useRouteLoaderData } from 'react-router';
import type { Messages } from './messages';

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
  messages: Messages;
};

export const SITE_ROUTE_ID = 'routes/locale-layout';

/** The site data of the locale layout, for any component below it. */
export function useSite(): SiteData {
  const site = useRouteLoaderData<SiteData>(SITE_ROUTE_ID);
  if (!site) throw new Error('useSite() is only available below the locale layout');
  return site;
}
