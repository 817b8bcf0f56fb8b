import type { MetaDescriptor } from 'react-router';
import type { Messages } from './messages';
import { messagesOf, SITE_ROUTE_ID, type SiteData } from './site-data';

type Match = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** Reads a dotted key from loaded messages, for meta functions that run outside React. */
export function messageAt(messages: Messages, key: string): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

export function siteDataOf(matches: readonly Match[]): SiteData | undefined {
  const match = matches.find((candidate) => candidate?.id === SITE_ROUTE_ID);
  return (match?.loaderData ?? match?.data) as SiteData | undefined;
}

/**
 * Title, description, canonical URL and one hreflang alternate per language for a page.
 * `titleKey`/`descriptionKey` are message keys; the page title is followed by the brand.
 */
export function pageMeta(
  matches: readonly Match[],
  pathname: string,
  { titleKey, descriptionKey = 'meta.description' }: { titleKey?: string; descriptionKey?: string },
): MetaDescriptor[] {
  const site = siteDataOf(matches);
  if (!site) return [{ title: 'PromptMarket' }];
  const messages = messagesOf(site);
  const brand = messageAt(messages, 'brand.name');
  const title = titleKey ? `${messageAt(messages, titleKey)} | ${brand}` : messageAt(messages, 'meta.title');
  const description = messageAt(messages, descriptionKey);
  const rest = pathname.split('/').filter(Boolean).slice(1).join('/');
  const urlFor = (locale: string) => `${site.origin}/${locale}${rest ? `/${rest}` : ''}`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: urlFor(site.locale) },
    { property: 'og:locale', content: site.locale },
    { tagName: 'link', rel: 'canonical', href: urlFor(site.locale) },
    ...site.languages.map((language) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language.code,
      href: urlFor(language.code),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: urlFor('en') },
  ];
}
