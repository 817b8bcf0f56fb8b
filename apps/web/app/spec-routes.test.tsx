import type { Profile } from '@promptmarket/contracts/accounts';
import type { Category } from '@promptmarket/contracts/catalogue';
import type { SocialLink, StaticPageSummary } from '@promptmarket/contracts/content';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './components/layout/site-header';
import { SiteFooter } from './features/site/components/site-footer';
import type { ApiTransport } from './lib/api-client';
import type { SiteData } from './lib/site-data';
import enCommon from './locales/en/common.json';
import enShop from './locales/en/shop.json';
import { loader as forgotPasswordLoader } from './routes/account/forgot-password';
import { loader as loginLoader } from './routes/account/login';
import { loader as registerLoader } from './routes/account/register';
import { loader as resetPasswordLoader } from './routes/account/reset-password';
import { loader as verifyEmailLoader } from './routes/account/verify-email';
import { loader as depositCreateLoader } from './routes/dashboard/deposit-create';
import { loader as siteLoader } from './routes/locale-layout';
import { loader as cartLoader } from './routes/shop/cart';
import { loader as paymentProcessingLoader } from './routes/shop/payment-processing';
import { loader as paymentResultLoader } from './routes/shop/payment-result';
import { renderPage, testMember } from './test/render-page';

// Rules of spec sections 2, 5 and 7 that the server holds: the route guards, as each screen's loader
// runs them, and the header and footer as the server renders them from the site's data.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API that answers every call with a server error. */
const failing: ApiTransport = async () => json(500, { message: 'Server Error' });

/** An API that answers the paths given (their start) and fails the rest. */
const answering =
  (answers: Record<string, unknown>): ApiTransport =>
  async (path, init) => {
    const found = Object.entries(answers).find(([start]) => path.startsWith(start));
    return found ? json(200, found[1]) : failing(path, init);
  };

/** A loader's arguments for the address `url` (its first segment the locale), with an API and a cookie. */
function args(url: string, transport: ApiTransport, cookie?: string) {
  const locale = new URL(url).pathname.split('/')[1] ?? 'en';
  return {
    request: new Request(url, { headers: cookie ? { cookie } : {} }),
    params: { locale },
    context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n' },
  } as never;
}

/** What a loader threw or gave back. */
const outcome = (run: () => Promise<unknown>) => run().catch((error: unknown) => error);

function location(thrown: unknown): string | null {
  expect(thrown, 'the loader redirects').toBeInstanceOf(Response);
  const response = thrown as Response;
  expect([301, 302, 303, 307, 308]).toContain(response.status);
  return response.headers.get('location');
}

const profile: Profile = testMember;

/** The API of a signed-in, verified user. */
const signedIn = answering({ '/api/user/profile': { status: 'OK', payload: profile } });
const sessionCookie = 'promptmarket_session=abc';

let site: SiteData;

beforeEach(async () => {
  // The loaders log what they could not load.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  site = (await siteLoader(args('https://shop.example/en', failing))) as SiteData;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login guard (spec section 5)', () => {
  const guarded: [string, (a: never) => Promise<unknown>, string][] = [
    ['cart', cartLoader, '/en/cart?step=2'],
    ['email/verify', verifyEmailLoader, '/en/email/verify'],
    ['dashboard/deposits/create', depositCreateLoader, '/en/dashboard/deposits/create?amount=50'],
    ['dashboard/deposit/processing', paymentProcessingLoader, '/en/dashboard/deposit/processing?order_id=4'],
    ['processing-payment', paymentProcessingLoader, '/en/processing-payment?order_id=9'],
    ['success-payment', paymentResultLoader, '/en/success-payment?order_id=3'],
    ['fail-payment', paymentResultLoader, '/en/fail-payment?error=x'],
    ['fail-payment in German', paymentResultLoader, '/de/fail-payment?error=card_declined&code=51'],
  ];

  it.each(guarded)(
    'sends a guest of %s to login with the full path and query to come back to',
    async (_name, loader, path) => {
      const thrown = await outcome(() => loader(args(`https://shop.example${path}`, failing)));
      const locale = path.split('/')[1];
      expect(location(thrown)).toBe(`/${locale}/login?redirect=${encodeURIComponent(path)}`);
      const back = new URL(location(thrown) ?? '', 'https://shop.example').searchParams.get('redirect');
      expect(back).toBe(path);
    },
  );

  it('lets a signed-in user through to those screens', async () => {
    const user = answering({
      '/api/user/profile': { status: 'OK', payload: { ...profile, is_email_verified: false } },
    });
    await expect(
      paymentProcessingLoader(
        args('https://shop.example/en/processing-payment?order_id=9', signedIn, sessionCookie),
      ),
    ).resolves.toBeNull();
    await expect(
      paymentResultLoader(args('https://shop.example/en/fail-payment?error=x', signedIn, sessionCookie)),
    ).resolves.toMatchObject({ failed: true });
    await expect(
      verifyEmailLoader(args('https://shop.example/en/email/verify', user, sessionCookie)),
    ).resolves.toEqual({ email: profile.email });
  });
});

describe('the guests-only guard (spec section 5)', () => {
  const guestsOnly: [string, (a: never) => Promise<unknown>][] = [
    ['login', loginLoader],
    ['register', registerLoader],
    ['forgot-password', forgotPasswordLoader],
    ['reset-password', resetPasswordLoader],
  ];

  it.each(guestsOnly)('sends a signed-in user from %s to the dashboard', async (name, loader) => {
    const thrown = await outcome(() =>
      loader(
        args(`https://shop.example/de/${name}?token=t&email=ada%40example.test`, signedIn, sessionCookie),
      ),
    );
    expect(location(thrown)).toBe('/de/dashboard');
  });

  it.each(guestsOnly)('shows %s to a guest', async (name, loader) => {
    // Registration is open: the settings say so (a failed settings call would also show the form).
    const api = answering({
      '/api/settings': { status: 'OK', payload: { ...site.settings, is_reg_enabled: true } },
    });
    await expect(loader(args(`https://shop.example/en/${name}`, api))).resolves.toBeNull();
  });
});

/** `element` as the server renders it below the locale and session layouts, for `siteData`. */
function renderWithSite(element: () => React.ReactNode, siteData: SiteData, user: Profile | null = null) {
  return renderPage(element, null, { site: siteData, user }).html;
}

type Anchor = { href: string; name: string; attributes: string };

/**
 * The links of `html`: address, accessible name (aria-label, else the text without what is
 * hidden from assistive technology) and the opening tag's attributes.
 */
function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => {
    const label = /aria-label="([^"]*)"/.exec(attributes)?.[1];
    const text = inner
      .replace(/<svg[^>]*aria-hidden="true"[\s\S]*?<\/svg>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      href: /href="([^"]*)"/.exec(attributes)?.[1]?.replaceAll('&amp;', '&') ?? '',
      name: label ?? text,
      attributes,
    };
  });
}

/** The part of `html` inside the element that opens with `opening` (no element of its kind nested). */
function section(html: string, opening: string, tag: string): string {
  const start = html.indexOf(opening);
  expect(start, `${opening} is in the page`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

describe('the header’s brand link (spec section 2)', () => {
  it('goes to the home page of the page’s language, named by the shop’s brand', () => {
    expect(enCommon.brand.name).toBe('PromptMarket');
    for (const locale of ['en', 'de']) {
      const header = renderWithSite(() => <SiteHeader />, { ...site, locale });
      const brand = anchors(header).filter((link) => link.name === 'PromptMarket');
      expect(brand).toHaveLength(1);
      expect(brand[0]?.href).toBe(`/${locale}`);
    }
  });
});

const category = (index: number): Category => ({
  id: index,
  name: `cat-${index}`,
  title: `Category ${index}`,
  url: `/products?category=cat-${index}`,
  query: `category=cat-${index}`,
  parent_id: null,
  subcategories: [],
});

const page = (
  id: number,
  slug: string,
  title: string,
  flags: Partial<StaticPageSummary> = {},
): StaticPageSummary => ({
  id,
  slug,
  title,
  is_terms: false,
  is_privacy: false,
  is_cookie: false,
  ...flags,
});

describe('the footer (spec section 2)', () => {
  it('lists the first 6 of more top-level categories under Explore, each to the products of its category', () => {
    expect(enShop.footer.explore).toBe('Explore');
    const html = renderWithSite(() => <SiteFooter />, {
      ...site,
      categories: [1, 2, 3, 4, 5, 6, 7, 8].map(category),
    });
    const explore = section(html, '<nav aria-labelledby="footer-explore"', 'nav');
    expect(explore).toContain('>Explore</h2>');
    expect(anchors(explore).map(({ href, name }) => [href, name])).toEqual(
      [1, 2, 3, 4, 5, 6].map((index) => [`/en/products?category=cat-${index}`, `Category ${index}`]),
    );

    // Fewer than 6: all of them.
    const few = renderWithSite(() => <SiteFooter />, { ...site, categories: [1, 2].map(category) });
    expect(
      anchors(section(few, '<nav aria-labelledby="footer-explore"', 'nav')).map((link) => link.name),
    ).toEqual(['Category 1', 'Category 2']);
  });

  it('lists about-us, contact-us and the static pages under Resources', () => {
    expect(enShop.footer.resources).toBe('Resources');
    expect(enShop.footer.aboutUs).toBe('About us');
    expect(enShop.footer.contactUs).toBe('Contact us');
    const html = renderWithSite(() => <SiteFooter />, {
      ...site,
      staticPages: [
        page(1, 'terms', 'Terms and Conditions', { is_terms: true }),
        page(2, 'privacy', 'Privacy Policy', { is_privacy: true }),
        page(3, 'cookie-rules', 'Our cookies', { is_cookie: true }),
        page(4, 'shipping', 'Shipping'),
      ],
    });
    const resources = section(html, '<nav aria-labelledby="footer-resources"', 'nav');
    expect(resources).toContain('>Resources</h2>');
    expect(anchors(resources).map(({ href, name }) => [href, name])).toEqual([
      ['/en/about-us', 'About us'],
      ['/en/contact-us', 'Contact us'],
      ['/en/page/terms', 'Terms and Conditions'],
      ['/en/page/privacy', 'Privacy Policy'],
      ['/en/page/cookie-rules', 'Our cookies'],
      ['/en/page/shipping', 'Shipping'],
    ]);
  });

  it('opens each social link in a new tab, with the icon of its host or a generic one', () => {
    expect(enShop.footer.social).toBe('Follow us');
    const links: SocialLink[] = [
      { id: 1, url: 'https://www.instagram.com/promptmarket' },
      { id: 2, url: 'https://x.com/promptmarket' },
      { id: 3, url: 'https://t.me/promptmarket' },
      { id: 4, url: 'https://www.facebook.com/promptmarket' },
      { id: 5, url: 'https://www.youtube.com/@promptmarket' },
      { id: 6, url: 'https://discord.gg/promptmarket' },
      { id: 7, url: 'https://blog.example.org/promptmarket' },
    ];
    const html = renderWithSite(() => <SiteFooter />, { ...site, socialLinks: links });
    const list = section(html, '<ul aria-label="Follow us"', 'ul');
    const shown = anchors(list);
    expect(shown.map(({ href, name }) => [href, name])).toEqual([
      ['https://www.instagram.com/promptmarket', 'instagram'],
      ['https://x.com/promptmarket', 'twitter'],
      ['https://t.me/promptmarket', 'telegram'],
      ['https://www.facebook.com/promptmarket', 'facebook'],
      ['https://www.youtube.com/@promptmarket', 'youtube'],
      ['https://discord.gg/promptmarket', 'discord'],
      ['https://blog.example.org/promptmarket', 'https://blog.example.org/promptmarket'],
    ]);
    for (const link of shown) {
      expect(link.attributes).toContain('target="_blank"');
      expect(link.attributes).toContain('rel="noopener noreferrer"');
    }
    // Each host its own icon: seven links, seven different drawings.
    const icons = [...list.matchAll(/<path d="([^"]+)"/g)].map(([, drawing]) => drawing);
    expect(icons).toHaveLength(7);
    expect(new Set(icons).size).toBe(7);
  });
});

describe('social links whose call fails (spec sections 7 and 8)', () => {
  const categories = { data: [category(1)] };
  const socialLinks = { status: 'OK', payload: [{ id: 1, url: 'https://www.instagram.com/promptmarket' }] };

  it('are emptied and the failure logged only: the rest of the site data kept, no error thrown, no social list in the footer', async () => {
    vi.mocked(console.warn).mockClear();
    const answered = (await siteLoader(
      args(
        'https://shop.example/en',
        answering({ '/api/categories': categories, '/api/social-links': socialLinks }),
      ),
    )) as SiteData;
    expect(answered.socialLinks).toEqual(socialLinks.payload);
    expect(renderWithSite(() => <SiteFooter />, answered)).toContain('aria-label="Follow us"');

    expect(console.warn).not.toHaveBeenCalledWith('The social links could not be loaded', expect.anything());
    const failed = (await siteLoader(
      args('https://shop.example/en', answering({ '/api/categories': categories })),
    )) as SiteData;
    // Logged only.
    expect(console.warn).toHaveBeenCalledWith('The social links could not be loaded', expect.anything());
    expect(failed.socialLinks).toEqual([]);
    expect(failed.categories).toEqual(categories.data);
    const footer = renderWithSite(() => <SiteFooter />, failed);
    expect(footer).not.toContain('aria-label="Follow us"');
    expect(footer).not.toContain('instagram');
    expect(footer).toContain('Category 1');
  });
});
