import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlEntry, urlSet } from './sitemap';

describe('sitemaps', () => {
  it('writes one entry per page and language with every hreflang alternate', () => {
    const entry = urlEntry(
      'https://shop.example',
      (locale) => `/${locale}/products/a&b`,
      ['en', 'de'],
      'de',
      '2026-11-01',
    );
    expect(entry).toBe(
      '<url><loc>https://shop.example/de/products/a&#38;b</loc><lastmod>2026-11-01</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/en/products/a&#38;b"/>' +
        '<xhtml:link rel="alternate" hreflang="de" href="https://shop.example/de/products/a&#38;b"/></url>',
    );
    expect(urlSet([entry])).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('indexes the sitemap files', () => {
    expect(sitemapIndex(['https://shop.example/sitemap-pages.xml'])).toContain(
      '<sitemap><loc>https://shop.example/sitemap-pages.xml</loc></sitemap>',
    );
  });
});
