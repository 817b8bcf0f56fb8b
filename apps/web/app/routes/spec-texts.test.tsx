import type { Profile } from '@promptmarket/contracts/accounts';
import type { ProductSummary, Style } from '@promptmarket/contracts/catalogue';
import type { Offer } from '@promptmarket/contracts/offers';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '../features/site/components/site-footer';
import type { ApiTransport } from '../lib/api-client';
import { requireUser } from '../lib/guards.server';
import { pack } from '../lib/packed';
import type { SiteData } from '../lib/site-data';
import { renderPage } from '../test/render-page';
import { loader as registerLoader } from './account/register';
import DashboardDeposits, { loader as depositsLoader } from './dashboard/deposits';
import DashboardOffers, { loader as offersLoader } from './dashboard/offers';
import DashboardOrders, { loader as ordersLoader } from './dashboard/orders';
import { loader as siteLoader } from './locale-layout';
import Home, { loader as homeLoader } from './shop/home';
import Products, { loader as productsLoader } from './shop/products';

// Texts and rules of the spec (sections 2, 4, 5, 6 and 8) that pages show from their loaders'
// data: each loader is run against an API that fails or answers as given, and its page rendered
// as the server renders it.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API that answers every call with a server error, as during an outage. */
const failing: ApiTransport = async () => json(500, { message: 'Server Error' });

/** An API that answers the paths given (their start) and fails the rest. */
const answering =
  (answers: Record<string, unknown>): ApiTransport =>
  async (path, init) => {
    const found = Object.entries(answers).find(([start]) => path.startsWith(start));
    return found ? json(200, found[1]) : failing(path, init);
  };

function args(url: string, transport: ApiTransport, cookie?: string) {
  return {
    request: new Request(url, { headers: cookie ? { cookie } : {} }),
    params: { locale: 'en' },
    context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n' },
  } as never;
}

let site: SiteData;

beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // The site's defaults, as the locale layout gives them when its own calls fail.
  site = (await siteLoader(args('https://shop.example/en', failing))) as SiteData;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: null,
  is_email_verified: true,
  verification_data: { status: null },
} as unknown as Profile;

/** A page as the server renders it below the locale and session layouts, as text. */
const render = (
  Page: ComponentType<never> | (() => ReactNode),
  loaderData: unknown,
  { url = '/en', siteData = site }: { url?: string; siteData?: SiteData } = {},
) => renderPage(Page, loaderData, { site: siteData, url, user });

describe('guards (spec section 5)', () => {
  it('sends a visitor whose authentication check fails to login with the page to come back to', async () => {
    const thrown = await requireUser(
      args('https://shop.example/en/dashboard/orders?order=7', failing, 'promptmarket_session=abc'),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/dashboard/orders?order=7')}`,
    );
  });

  it('shows the site is unavailable (503, Retry-After) rather than login when the database is out of reach', async () => {
    const unavailable: ApiTransport = async () =>
      new Response(JSON.stringify({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
      });
    const thrown = await requireUser(
      args('https://shop.example/en/dashboard/orders', unavailable, 'promptmarket_session=abc'),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get('retry-after')).toBe('5');
    expect((thrown as Response).headers.get('location')).toBeNull();
  });

  it('sends a guest from register to home while registration is switched off, and shows it otherwise', async () => {
    const settings = (is_reg_enabled: boolean) =>
      answering({
        '/api/settings': {
          status: 'OK',
          payload: {
            ...site.settings,
            min_deposit_amount_eur: site.settings.min_deposit_eur,
            is_reg_enabled,
          },
        },
      });
    const thrown = await registerLoader(args('https://shop.example/en/register', settings(false))).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/en');
    await expect(
      registerLoader(args('https://shop.example/en/register', settings(true))),
    ).resolves.toBeNull();
  });
});

describe('the dashboard’s orders (spec sections 2 and 8)', () => {
  it('says "Failed to load orders. Please try again later" when the orders cannot be loaded', async () => {
    const data = await ordersLoader(args('https://shop.example/en/dashboard/orders', failing));
    expect(data).toMatchObject({ orders: [], failed: true });
    const { text } = render(DashboardOrders, data);
    expect(text).toContain('Failed to load orders. Please try again later');
    expect(text).not.toContain('No orders found');
  });

  it('says "No orders found" without orders, and "Invalid order ID" for an order that is not the user’s', async () => {
    const data = await ordersLoader(
      args(
        'https://shop.example/en/dashboard/orders',
        answering({
          '/api/purchase/history': { status: 'OK', payload: [] },
          '/api/purchase/generations': { status: 'OK', payload: [] },
        }),
      ),
    );
    expect(data).toMatchObject({ orders: [], failed: false });
    const empty = render(DashboardOrders, data).text;
    expect(empty).toContain('No orders found');
    expect(empty).not.toContain('Invalid order ID');
    expect(render(DashboardOrders, data, { url: '/en?order=999' }).text).toContain('Invalid order ID');
  });
});

describe('the dashboard’s deposits (spec section 8)', () => {
  it('says "Failed to fetch deposit history" when the history cannot be loaded', async () => {
    const data = await depositsLoader(args('https://shop.example/en/dashboard/deposits', failing));
    expect(data).toMatchObject({ deposits: [], failed: true });
    const { text } = render(DashboardDeposits, data);
    expect(text).toContain('Failed to fetch deposit history');
    expect(text).not.toContain('No deposits found');
  });
});

const offer = (id: number, status: Offer['status']) =>
  ({
    id,
    title: `Work ${id}`,
    description: null,
    category_id: 1,
    category_title: 'Portraits',
    user_price: 60,
    service_price: 45,
    currency: 'EUR',
    status,
    doc_type: 'image',
    doc_url: `/api/offer/${id}/media`,
    style_ids: [1],
    add_text: null,
    confirm: true,
    created_at: '2026-11-02T10:00:00.000Z',
    payout: null,
  }) as Offer;

describe('the dashboard’s offers (spec sections 4, 5 and 8)', () => {
  it('says "Failed to fetch offers" when the offers cannot be loaded', async () => {
    const data = await offersLoader(args('https://shop.example/en/dashboard/offers', failing));
    expect(data).toMatchObject({ offers: [], failed: true });
    expect(render(DashboardOffers, data).text).toContain('Failed to fetch offers');
  });

  it('labels the declined statuses "Declined by Service" and "Declined by You", and notes the file types', () => {
    const { text } = render(DashboardOffers, {
      offers: [offer(1, 'declined_by_service'), offer(2, 'declined_by_user'), offer(3, 'pending')],
      failed: false,
      countries: [],
    });
    expect(text).toMatch(/Work 1 .*Declined by Service/);
    expect(text).toMatch(/Work 2 .*Declined by You/);
    expect(text).not.toContain('Failed to fetch offers');
    expect(text).toContain('JPG, PNG, GIF (max. 10MB)');
  });
});

describe('the product list (spec section 8)', () => {
  it('says "Failed to load products. Please try again." and shows no products when the list fails', async () => {
    const data = await productsLoader(args('https://shop.example/en/products', failing));
    const { text, html } = render(Products, data);
    expect(text).toContain('Failed to load products. Please try again.');
    expect(html).not.toMatch(/href="\/en\/products\/[^"?]+"/);
  });
});

const style = (id: number, slug: string, image_url: string | null): Style =>
  ({
    id,
    name: slug,
    title: `Style ${slug}`,
    url: slug,
    query: `style=${slug}`,
    image_url,
  }) as Style;

describe('the home page (spec section 2)', () => {
  it('browses by style only the styles that have a picture, each to its filtered list', () => {
    const siteData = {
      ...site,
      styles: [
        style(1, 'watercolor', '/media/styles/watercolor.webp'),
        style(2, 'anime', null),
        style(3, 'cinematic', '/media/styles/cinematic.webp'),
      ],
    };
    const { html } = render(Home, { lists: pack({ hero: [], fresh: [], topSellers: [] }) }, { siteData });
    const section = html.slice(html.indexOf('id="styles-title"'));
    expect(section).toContain('Style watercolor');
    expect(section).toContain('Style cinematic');
    expect(section).toContain('/media/styles/cinematic.webp');
    expect(section).toMatch(/href="\/en\/products\?style=watercolor"/);
    expect(section).not.toContain('Style anime');
    expect(section).not.toContain('style=anime');
  });
});

describe('the Top Sellers list (spec sections 2 and 9)', () => {
  const seller = (id: number, title: string) =>
    ({
      id,
      slug: `seller-${id}`,
      title,
      price: 5,
      price_eur: 5,
      thumb_url: '/media/thumb.webp',
      image_url: '/media/image.webp',
      images: { webp: {}, avif: {} },
      likes_count: 0,
      liked: false,
      owned: false,
      category: { id: 1, title: 'Nature', slug: 'nature' },
      rating_average: null,
      rating_count: 0,
    }) as ProductSummary;

  it('shows a title longer than 15 characters cut to 15 and two dots, the whole title naming the link', async () => {
    // The loader cuts the titles (decision 0059): the page is rendered from what it gives.
    const data = await homeLoader(
      args(
        'https://shop.example/en',
        answering({
          '/api/products/top-sellers': { data: [seller(1, 'Portrait of an Old Sailor'), seller(2, 'Fox')] },
        }),
      ),
    );
    const { html } = render(Home, data);
    const section = html.slice(html.indexOf('id="top-title"'), html.indexOf('</ol>'));
    const links = section.match(/<a [^>]*>.*?<\/a>/g) ?? [];
    expect(links).toHaveLength(2);
    // What the eye reads is cut; the tooltip and the text a screen reader gives are whole.
    expect(links[0]).toContain('title="Portrait of an Old Sailor"');
    expect(links[0]).toMatch(/<span aria-hidden="true"[^>]*>Portrait of an \.\.<\/span>/);
    expect(links[0]).toMatch(/<span class="sr-only">Portrait of an Old Sailor<\/span>/);
    expect(links[1]).toMatch(/<span aria-hidden="true"[^>]*>Fox<\/span>/);
  });
});

describe('the footer (spec section 2)', () => {
  it('shows the support e-mail, and the company phone only when there is one', () => {
    const withPhone = {
      ...site,
      settings: { ...site.settings, support_email: 'help@shop.example', company_phone: '+44 20 7946 0000' },
    };
    const shown = render(SiteFooter, null, { siteData: withPhone }).html;
    expect(shown).toContain('href="mailto:help@shop.example"');
    expect(shown).toContain('help@shop.example');
    expect(shown).toContain('href="tel:+442079460000"');
    expect(shown).toContain('+44 20 7946 0000');
    const withoutPhone = { ...withPhone, settings: { ...withPhone.settings, company_phone: null } };
    const hidden = render(SiteFooter, null, { siteData: withoutPhone }).html;
    expect(hidden).toContain('href="mailto:help@shop.example"');
    expect(hidden).not.toContain('tel:');
  });
});
