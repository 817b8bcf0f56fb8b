import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTransport } from '../lib/api-client';
import { messageAt, pageMeta } from '../lib/seo';
import { messagesOf, type SiteData } from '../lib/site-data';
import { loader as registerLoader } from './account/register';
import { loader as siteLoader } from './locale-layout';
import { loader as robotsLoader } from './seo/robots';

/** An API that answers every call with a server error, as during an outage. */
const failingTransport: ApiTransport = async () =>
  new Response(JSON.stringify({ message: 'Server Error' }), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });

const appUrl = 'https://shop.example';

function args(url: string, locale: string) {
  return {
    request: new Request(url, { headers: { host: new URL(url).host } }),
    params: { locale },
    context: { apiFetch: failingTransport, appUrl, cspNonce: 'n' },
  } as never;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('site data when the API fails (spec section 8)', () => {
  it('falls back to built-in texts, default settings and EUR, and only logs the failed language list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const site = (await siteLoader(args('http://evil.example/de/products', 'de'))) as SiteData;
    expect(site.settings.is_reg_enabled).toBe(true);
    expect(site.settings.internal_currency_rate_eur).toBe('1.00');
    expect(site.currencies).toEqual([{ code: 'EUR', value: 1, symbol: '€', name: 'Euro' }]);
    expect(messageAt(messagesOf(site), 'footer.language')).toBe('Sprache');
    expect(messageAt(messagesOf(site), 'form.validationError')).toBe('Validierungsfehler');
    expect(site.languages).toEqual([]);
    expect(site.categories).toEqual([]);
    expect(warn).toHaveBeenCalledWith('The language list could not be loaded', expect.anything());
  });

  it('still sends an unknown language prefix to a built-in language when the list fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const thrown = await siteLoader(args('http://shop.example/xx/products', 'xx')).catch((error) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/en/products');
  });

  it('lets the register page open when its settings call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(registerLoader(args('http://shop.example/en/register', 'en'))).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('The settings could not be loaded', expect.anything());
  });
});

describe('absolute URLs', () => {
  it('come from APP_URL, never from the Host header', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const site = (await siteLoader(args('http://evil.example/en/products', 'en'))) as SiteData;
    const withLanguages = {
      ...site,
      languages: [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
      ],
    };
    const meta = pageMeta([{ id: 'routes/locale-layout', loaderData: withLanguages }], '/en/products', {});
    const urls = meta.flatMap((entry) =>
      Object.values(entry).filter(
        (value): value is string => typeof value === 'string' && /^https?:/.test(value),
      ),
    );
    expect(urls).toContain('https://shop.example/en/products');
    expect(urls).toContain('https://shop.example/de/products');
    expect(urls.every((url) => url.startsWith(`${appUrl}/`))).toBe(true);

    const robots = await (robotsLoader(args('http://evil.example/robots.txt', 'en')) as Response).text();
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots).not.toContain('evil.example');
  });
});
