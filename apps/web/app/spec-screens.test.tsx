import type { Profile } from '@promptmarket/contracts/accounts';
import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import type { Offer } from '@promptmarket/contracts/offers';
import type { ComponentType, ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductCard } from './features/catalogue/components/product-card';
import { OfferForm } from './features/offers/offer-form';
import { payoutFailureText } from './features/offers/rules';
import { type ApiTransport, apiErrorFrom } from './lib/api-client';
import { EURO } from './lib/currency';
import { createTranslator } from './lib/i18n';
import type { Messages } from './lib/messages';
import { messagesFor } from './lib/messages.server';
import { pack } from './lib/packed';
import type { SiteData } from './lib/site-data';
import { DEFAULT_SETTINGS } from './lib/site-defaults';
import DashboardOffers from './routes/dashboard/offers';
import { loader as cartLoader } from './routes/shop/cart';
import Home from './routes/shop/home';
import { ProductTiles } from './routes/shop/products';
import { renderPage, testMember } from './test/render-page';

// Screens of spec section 2 (home, product tiles, the dashboard's offers), the offer form's file
// input (section 5), the cart's call (section 6) and the card payout's failure text (section 8),
// each as the server renders it or as its rule module decides it.

const english = createTranslator('en', messagesFor('en') as Messages);

const site: SiteData = {
  locale: 'en',
  origin: 'https://shop.example',
  settings: DEFAULT_SETTINGS,
  languages: [{ code: 'en', name: 'English' }],
  currencies: [EURO],
  categories: [],
  styles: [],
  staticPages: [],
  socialLinks: [],
  texts: '',
};

const member: Profile = testMember;

/** A page as the server renders it below the locale and session layouts, in English, for a guest unless told. */
const render = (
  Page: ComponentType<never> | (() => ReactNode),
  loaderData: unknown,
  { url = '/en', user = null }: { url?: string; user?: Profile | null } = {},
) => renderPage(Page, loaderData, { site, url, user });

const product = (id: number, changes: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  slug: `harbour-at-dawn-${id}`,
  title: `Harbour at dawn ${id}`,
  price: 4.5,
  price_eur: 4.5,
  thumb_url: `/media/products/harbour-${id}/320.webp`,
  image_url: `/media/products/harbour-${id}/640.webp`,
  images: { webp: { 320: `/media/products/harbour-${id}/320.webp` }, avif: {} },
  likes_count: 7,
  liked: false,
  owned: false,
  category: { id: 3, slug: 'seascapes', title: 'Seascapes' },
  rating_average: null,
  rating_count: 0,
  ...changes,
});

const homeData = (fresh: ProductSummary[] = []) => ({
  featured: false,
  lists: pack({ hero: [], fresh, topSellers: [] }),
  cutTitles: {},
});

beforeAll(async () => {
  // A tile's buttons are an island whose code the server loads on its first render: rendered once
  // here, they are in the renders the tests read.
  render(Home, homeData([product(1)]));
  await import('./features/orders/tile-actions');
  await new Promise((resolve) => setTimeout(resolve, 10));
});

describe('the home page’s hero (spec section 2)', () => {
  it('has its title, its description and an Explore button leading to the products', () => {
    const { html } = render(Home, homeData());
    const hero = html.slice(html.indexOf('<h1'), html.indexOf('</section>'));
    expect(english.t('home.heroTitle')).toBe('Find the prompt behind the picture');
    expect(hero).toMatch(/<h1[^>]*>Find the prompt behind the picture<\/h1>/);
    expect(english.t('home.heroDescription')).toBe(
      'Discover prompts for AI-generated images by category and style, buy the original in full resolution and create images of your own.',
    );
    expect(hero).toContain(
      '>Discover prompts for AI-generated images by category and style, buy the original in full resolution and create images of your own.</p>',
    );
    expect(english.t('home.explore')).toBe('Explore prompts');
    expect(hero).toMatch(/<a [^>]*href="\/en\/products"[^>]*>Explore prompts<\/a>/);
  });
});

describe('the New prompts carousel (spec section 2)', () => {
  it('gives each tile a Buy now link to the prompt’s details page', () => {
    const { html } = render(Home, homeData([product(1), product(2), product(3)]));
    const section = html.slice(html.indexOf('id="new-prompts"'));
    expect(english.t('home.buyNow')).toBe('Buy now');
    const buyLinks = [...section.matchAll(/<a [^>]*href="([^"]+)"[^>]*>Buy now<\/a>/g)].map(
      (found) => found[1],
    );
    expect(buyLinks).toEqual([
      '/en/products/harbour-at-dawn-1',
      '/en/products/harbour-at-dawn-2',
      '/en/products/harbour-at-dawn-3',
    ]);
  });
});

describe('a product tile’s likes (spec section 2)', () => {
  /** The likes a tile shows: its number and the tooltip over it. */
  const likesOf = (html: string) =>
    [
      ...html.matchAll(
        /<span class="inline-flex items-center gap-1 text-slate-500" title="([^"]*)">.*?<span>([^<]*)<\/span>/g,
      ),
    ].map((found) => ({ title: found[1], count: found[2] }));

  it('shows 0 likes when the product has no likes_count, or a null one', () => {
    const missing = { ...product(1) } as Partial<ProductSummary>;
    delete missing.likes_count;
    const cases = [missing as ProductSummary, product(2, { likes_count: null as never })];
    for (const tile of cases) {
      const { html } = render(() => <ProductCard product={tile} />, null);
      expect(likesOf(html)).toEqual([{ title: '0 likes', count: '0' }]);
    }
    expect(likesOf(render(() => <ProductCard product={product(3)} />, null).html)).toEqual([
      { title: '7 likes', count: '7' },
    ]);
  });

  it('shows 0 likes on the list page’s tiles too', () => {
    const { html } = render(
      () => <ProductTiles products={[product(1, { likes_count: undefined as never }), product(2)]} />,
      null,
    );
    expect(likesOf(html)).toEqual([
      { title: '0 likes', count: '0' },
      { title: '7 likes', count: '7' },
    ]);
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
    service_price: status === 'pending' ? null : 45,
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

describe('the dashboard’s offers table (spec section 2)', () => {
  it('has a View Offer button only in the row of an offer whose status is offer', () => {
    const statuses: Offer['status'][] = [
      'pending',
      'offer',
      'approved',
      'declined',
      'declined_by_service',
      'declined_by_user',
    ];
    const { html } = render(
      DashboardOffers,
      {
        offers: statuses.map((status, index) => offer(index + 1, status)),
        failed: false,
        countries: [],
        verification: null,
        lastDeposit: null,
      },
      { user: member },
    );
    const rows = html.slice(html.indexOf('<tbody')).match(/<tr[\s\S]*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(statuses.length);
    expect(english.t('offers.view')).toBe('View Offer');
    const withButton = rows
      .filter((row) => /<button[^>]*>View Offer<\/button>/.test(row))
      .map((row) => /Work \d+/.exec(row)?.[0]);
    expect(withButton).toEqual(['Work 2']);
    expect(rows[1]).toContain('Offer Available');
  });
});

describe('the offer form’s file (spec section 5)', () => {
  it('accepts images and notes "JPG, PNG, GIF (max. 10MB)" under the input', () => {
    const { html } = render(() => <OfferForm onCreated={() => {}} />, null, { user: member });
    const input = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? '';
    const accept = /accept="([^"]*)"/.exec(input)?.[1] ?? '';
    const accepted = accept.split(',').map((type) => type.trim());
    // Every picture, or at least the picture types the note names.
    expect(
      accepted.includes('image/*') ||
        ['image/jpeg', 'image/png', 'image/gif'].every((type) => accepted.includes(type)),
    ).toBe(true);
    const noteId = /aria-describedby="([^" ]+)/.exec(input)?.[1];
    expect(noteId).toBeTruthy();
    const note = new RegExp(`<p id="${noteId}"[^>]*>([^<]*)</p>`).exec(html)?.[1];
    expect(english.t('offers.fields.fileNote')).toBe('JPG, PNG, GIF (max. 10MB)');
    expect(note).toBe('JPG, PNG, GIF (max. 10MB)');
  });
});

describe('the cart’s call (spec section 6)', () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  /** An API that signs in `user` (null: nobody), has an empty cart, and notes every path asked for. */
  function recording(user: Profile | null) {
    const asked: string[] = [];
    const transport: ApiTransport = async (path) => {
      asked.push(path);
      if (path.startsWith('/api/user/profile')) {
        return user
          ? json({ status: 'OK', payload: user })
          : new Response(JSON.stringify({ message: 'Unauthenticated.' }), {
              status: 401,
              headers: { 'content-type': 'application/json' },
            });
      }
      if (path.startsWith('/api/cart')) {
        return json({
          status: 'OK',
          payload: { items: [], totals: { subtotal: 0, fee: 0, total: 0 }, currency: 'Credits' },
        });
      }
      return json({ status: 'OK', payload: {} });
    };
    return { asked, transport };
  }

  const args = (transport: ApiTransport, cookie?: string) =>
    ({
      request: new Request('https://shop.example/en/cart', { headers: cookie ? { cookie } : {} }),
      params: { locale: 'en' },
      context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n' },
    }) as never;

  it('is made for a signed-in user, and never for a guest, who goes to login instead', async () => {
    const signedIn = recording(member);
    await cartLoader(args(signedIn.transport, 'promptmarket_session=abc'));
    expect(signedIn.asked.filter((path) => path.startsWith('/api/cart'))).toHaveLength(1);

    for (const cookie of [undefined, 'promptmarket_session=expired']) {
      const guest = recording(null);
      const thrown = await cartLoader(args(guest.transport, cookie)).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get('location')).toBe('/en/login?redirect=%2Fen%2Fcart');
      expect(guest.asked.filter((path) => path.startsWith('/api/cart'))).toEqual([]);
    }
  });
});

describe('the card payout’s failure (spec section 8)', () => {
  it('says "Failed to process card payment. Please try again." when new card details get no usable answer', () => {
    expect(english.t('offers.cardFailed')).toBe('Failed to process card payment. Please try again.');
    // No answer at all, or an answer without the API's words (a proxy's page in between).
    const failures = [
      new TypeError('Failed to fetch'),
      apiErrorFrom(0, 'Network error', ''),
      apiErrorFrom(400, 'Bad Request', '<html><body>Bad Request</body></html>'),
    ];
    for (const failure of failures) {
      expect(payoutFailureText(failure, english.t, 'retryCard')).toBe(
        'Failed to process card payment. Please try again.',
      );
    }
  });
});
