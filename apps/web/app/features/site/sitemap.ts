/** Escapes text for XML. */
function xml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A <url> entry for one page, with an hreflang alternate for each language, as search
 * engines expect for translated pages. `pathIn` is the page's builder from `lib/paths`.
 */
export function urlEntry(
  origin: string,
  pathIn: (locale: string) => string,
  locales: readonly string[],
  locale: string,
  lastmod?: string,
): string {
  const alternates = locales
    .map(
      (code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${xml(`${origin}${pathIn(code)}`)}"/>`,
    )
    .join('');
  return `<url><loc>${xml(`${origin}${pathIn(locale)}`)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}${alternates}</url>`;
}

export function urlSet(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>\n`;
}

export function sitemapIndex(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((url) => `<sitemap><loc>${xml(url)}</loc></sitemap>`)
    .join('')}</sitemapindex>\n`;
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
