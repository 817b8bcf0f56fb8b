import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequest, type Profile, resetPasswordRequest } from '@promptmarket/contracts/accounts';
import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import type { Deposit } from '@promptmarket/contracts/deposits';
import type { Offer } from '@promptmarket/contracts/offers';
import type { Order } from '@promptmarket/contracts/orders';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileMenu } from './components/layout/mobile-menu';
import { SiteHeader } from './components/layout/site-header';
import { Dialog } from './components/ui/dialog';
import { ProductCard } from './features/catalogue/components/product-card';
import { CardStep } from './features/offers/approval/card-step';
import { offerFailure, offerFailureText, payoutFailureText } from './features/offers/rules';
import { ApiError, type ApiTransport, apiErrorFrom } from './lib/api-client';
import { paymentFailureText } from './lib/failure-text';
import { fieldError } from './lib/form-errors';
import { createTranslator, type Translate } from './lib/i18n';
import type { Messages } from './lib/messages';
import { messagesFor } from './lib/messages.server';
import type { SiteData } from './lib/site-data';
import ResetPassword from './routes/account/reset-password';
import type { Route as ProfileRoute } from './routes/dashboard/+types/profile';
import DashboardDeposits from './routes/dashboard/deposits';
import DashboardOffers from './routes/dashboard/offers';
import DashboardOrders from './routes/dashboard/orders';
import DashboardProfile from './routes/dashboard/profile';
import { shouldRevalidate, loader as siteLoader } from './routes/locale-layout';
import { renderInSite } from './test/render-in-site';
import { renderPage, testMember } from './test/render-page';

type ProfileProps = ProfileRoute.ComponentProps;

// Rules of the spec that the index listed as open (docs/spec-index.md, "Open"): what screens show
// as the server renders them from their data, and the English texts of the failures the offers
// and payment screens show, each by its catalogue key and by its words.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API that answers every call with a server error. */
const failing: ApiTransport = async () => json(500, { message: 'Server Error' });

function args(url: string, transport: ApiTransport) {
  const locale = new URL(url).pathname.split('/')[1] ?? 'en';
  return {
    request: new Request(url),
    params: { locale },
    context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n' },
  } as never;
}

let site: SiteData;

beforeEach(async () => {
  // The loaders log what they could not load.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  site = (await siteLoader(args('https://shop.example/en', failing))) as SiteData;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user: Profile = testMember;

/** A page as the server renders it in English below the locale and session layouts, signed in unless told. */
const render = (
  Page: ComponentType<never> | (() => ReactNode),
  loaderData: unknown,
  { url = '/en', signedIn = user as Profile | null }: { url?: string; signedIn?: Profile | null } = {},
) => {
  const { html } = renderPage(Page, loaderData, { site, url, user: signedIn });
  return { html, text: textOf(html) };
};

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The English texts, as a page in English shows them. */
const english: Translate = createTranslator('en', messagesFor('en') as Messages).t;
/** The keys themselves, to see which text of the catalogue was chosen. */
const keys: Translate = (key) => `<${key}>`;

describe('a product tile (spec section 2, row 2.40)', () => {
  it('shows the title and the category title', () => {
    const product = {
      id: 7,
      slug: 'misty-harbour',
      title: 'Misty harbour',
      price: 4,
      likes_count: 3,
      category: { id: 3, slug: 'seascapes', title: 'Seascapes' },
      thumb_url: '/media/products/misty-harbour/320.webp',
      image_url: '/media/products/misty-harbour/640.webp',
      images: { webp: {}, avif: {} },
    } as unknown as ProductSummary;
    const { html, text } = render(() => <ProductCard product={product} />, null);
    expect(text).toBe('Seascapes Misty harbour 4 credits 3');
    expect(html).toMatch(
      /<h3[^>]*><a[^>]*href="\/en\/products\/misty-harbour"[^>]*>Misty harbour<\/a><\/h3>/,
    );
  });
});

const order = {
  id: 31,
  order_id: 12,
  product_id: 7,
  slug: 'misty-harbour',
  title: 'Misty harbour',
  description: 'Boats in the fog at dawn',
  price: 12.9,
  currency: 'Credits',
  created_at: '2026-11-02T10:00:00.000Z',
  date: '2026-11-02T10:00:00.000Z',
  image: '/api/purchase/31/image',
  format: null,
  size: null,
  prompt: 'boats in a misty harbour at dawn',
} satisfies Order;

describe('the dashboard’s orders tab (spec section 2, row 2.57)', () => {
  it('is a grid of cards, each with the image, the title, and the price with the currency', () => {
    const { html } = render(DashboardOrders, { orders: [order], failed: false, generations: [] });
    const grid = /<ul class="[^"]*grid[^"]*">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    const cards = [...grid.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => match[1] ?? '');
    expect(cards).toHaveLength(1);
    const card = cards[0] ?? '';
    expect(card).toMatch(/^<button type="button"/);
    expect(card).toContain('<img src="/api/purchase/31/image"');
    expect(textOf(card)).toBe('Misty harbour 12.90 credits');
    // The currency is the order's own: a shop that renamed its credits shows the new name.
    const renamed = render(DashboardOrders, {
      orders: [{ ...order, currency: 'Tokens' }],
      failed: false,
      generations: [],
    });
    expect(renamed.text).toContain('Misty harbour 12.90 Tokens');
  });
});

const deposit = {
  id: 5,
  sum: 20,
  currency: 'EUR',
  internal_currency_name: 'Credits',
  internal_amount: 20,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  countryIso: 'GB',
  city: 'London',
  address: '12 St James Square',
  zip: 'SW1Y 4JH',
  created_at: '2026-11-02T10:00:00.000Z',
  status: 'success',
  decline_code: null,
  order_number: '5',
  date: '2026-11-02T10:00:00.000Z',
} satisfies Deposit;

describe('the dashboard’s deposits tab (spec section 2, row 2.60)', () => {
  it('lists each deposit with its status, date, sum and currency name', () => {
    const { html } = render(DashboardDeposits, {
      deposits: [deposit, { ...deposit, id: 6, sum: 45.5, currency: 'USD', status: 'processing' }],
      failed: false,
    });
    const rows = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((match) => match[1] ?? '');
    expect(rows).toHaveLength(2);
    const [first = '', second = ''] = rows;
    // Status, date (a relative time holding the moment), sum in its currency, and what it credits.
    expect(first).toMatch(/<time [^>]*datetime="2026-11-02T10:00:00.000Z"/i);
    expect(textOf(first.replace(/<time[\s\S]*?<\/time>/, ' [date] '))).toBe(
      'Show deposit #5 Successful [date] 20.00 EUR 20 credits',
    );
    expect(textOf(second.replace(/<time[\s\S]*?<\/time>/, ' [date] '))).toBe(
      'Show deposit #6 Processing [date] 45.50 USD 20 credits',
    );
  });
});

const offer = (id: number, changes: Partial<Offer> = {}) =>
  ({
    id,
    title: `Work ${id}`,
    description: null,
    category_id: 1,
    category_title: 'Portraits',
    user_price: 60,
    service_price: 45,
    currency: 'EUR',
    status: 'offer',
    doc_type: 'image',
    doc_url: `/api/offer/${id}/media`,
    style_ids: [1],
    add_text: null,
    confirm: true,
    created_at: '2026-11-02T10:00:00.000Z',
    payout: null,
    ...changes,
  }) as Offer;

describe('the dashboard’s offers tab (spec section 2, row 2.65)', () => {
  it('is a table of media, title, category, price, status and actions', () => {
    const { html } = render(DashboardOffers, {
      offers: [
        offer(1),
        offer(2, {
          status: 'pending',
          service_price: null,
          doc_type: 'pdf',
          category_title: 'Landscapes',
        } as Partial<Offer>),
      ],
      failed: false,
      countries: [],
      verification: null,
      lastDeposit: null,
    });
    const table = /<table[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    const head = [...table.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((match) => textOf(match[1] ?? ''));
    expect(head).toEqual(['Media', 'Title', 'Category', 'Price', 'Our price', 'Status', 'Actions']);
    const rows = [
      ...(/<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '').matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g),
    ];
    const cells = rows.map(([, row = '']) =>
      [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => match[1] ?? ''),
    );
    expect(cells).toHaveLength(2);
    const [image = [], document = []] = cells;
    // The cells' own labels (shown on a phone, where each row is a card) are left out.
    const shown = (cell: string) => textOf(cell.replace(/<span aria-hidden="true"[^>]*>[^<]*<\/span>/g, ''));
    // Media: the picture itself, or a link to the document named by its type.
    expect(image[0]).toMatch(/^<img src="\/api\/offer\/1\/media"/);
    expect(document[0]).toMatch(/^<a href="\/api\/offer\/2\/media" aria-label="[^"]*Work 2[^"]*"/);
    expect(shown(document[0] ?? '')).toBe('pdf');
    expect(image.slice(1).map(shown)).toEqual([
      'Work 1',
      'Portraits',
      '60.00 EUR',
      '45.00 EUR',
      'Offer Available',
      'View Offer',
    ]);
    expect(document.slice(1).map(shown)).toEqual(['Work 2', 'Landscapes', '60.00 EUR', '—', 'Pending', '']);
  });
});

type Anchor = { href: string; name: string };
const anchors = (html: string): Anchor[] =>
  [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
    href: /href="([^"]*)"/.exec(attributes)?.[1] ?? '',
    name: textOf(inner),
  }));

describe('the header (spec section 2, row 2.86)', () => {
  it('shows a guest Log in and Register, in the bar and in the folded menu, and a signed-in user neither', () => {
    const entries = (html: string) =>
      anchors(html).filter((link) => link.name === 'Log in' || link.name === 'Register');
    const both = [
      { href: '/en/login', name: 'Log in' },
      { href: '/en/register', name: 'Register' },
    ];
    expect(entries(render(SiteHeader, null, { signedIn: null }).html)).toEqual(both);
    // The folded menu's links come with its code, once its button is reached for (decision 0059).
    const menus = { categories: [], styles: [] };
    const folded = (signedIn: boolean) => () => <MobileMenu menus={menus} signedIn={signedIn} />;
    expect(entries(render(folded(false), null, { signedIn: null }).html)).toEqual(both);
    const member = anchors(render(SiteHeader, null).html + render(folded(true), null).html);
    expect(member.filter((link) => /\/en\/(login|register)$/.test(link.href))).toEqual([]);
  });
});

describe('the card payout form (spec section 5, row 5.30)', () => {
  it('shows the offer’s price as the amount, read-only', () => {
    const priced = { id: 7, title: 'Harbour lights', service_price: 45.5, user_price: 60 } as Offer;
    const { html } = render(
      () => (
        <Dialog open>
          <CardStep
            offer={priced}
            defaultValues={{
              card_number: '',
              card_holder_name: 'Ada Lovelace',
              expire_month: '',
              expire_year: '',
              amount: '1',
              terms: false,
            }}
            onBack={() => undefined}
            onSend={async () => ({})}
          />
        </Dialog>
      ),
      null,
    );
    const label = /<label[^>]*for="([^"]+)"[^>]*>Amount</.exec(html);
    expect(label, 'the form has an Amount field').not.toBeNull();
    const input = new RegExp(`<input[^>]*id="${label?.[1]}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input).toContain('value="45.50 EUR"');
    expect(input).toMatch(/\sreadOnly=""/i);
  });
});

describe('a new password (spec section 5, row 5.49)', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it('is refused by the change-password and reset forms unless its confirmation matches', async () => {
    // The forms' own resolvers (react-hook-form with the contract's schema), as one signature.
    type Resolve = (
      values: Record<string, string>,
      context: undefined,
      options: never,
    ) => Promise<{ errors: Record<string, { message?: string }> }>;
    const change = zodResolver(changePasswordRequest) as unknown as Resolve;
    const reset = zodResolver(resetPasswordRequest) as unknown as Resolve;
    const changing = { current_password: 'old horse battery', password: 'a new horse battery' };
    const resetting = { email: 'ada@example.test', token: 't', password: 'a new horse battery' };
    for (const [resolve, values] of [
      [change, changing],
      [reset, resetting],
    ] as const) {
      const refused = await resolve(
        { ...values, password_confirmation: 'a new horse batery' },
        undefined,
        options,
      );
      const message = refused.errors.password_confirmation?.message;
      expect(message).toBe('password.confirmed');
      expect(fieldError(message, createTranslator('en', messagesFor('en')).t)).toBe(
        'The password confirmation does not match.',
      );
      expect(Object.keys(refused.errors)).toEqual(['password_confirmation']);
      const missing = await resolve({ ...values }, undefined, options);
      expect(Object.keys(missing.errors)).toEqual(['password_confirmation']);
      const taken = await resolve({ ...values, password_confirmation: values.password }, undefined, options);
      expect(taken.errors).toEqual({});
    }
  });

  it('has a confirmation field on the profile’s change-password form and on the reset form', () => {
    const labels = (html: string) =>
      [...html.matchAll(/<label[^>]*>([^<]+)/g)].map((match) => (match[1] ?? '').trim());
    const profile = renderInSite(
      () => <DashboardProfile {...({ loaderData: { blockers: {} } } as unknown as ProfileProps)} />,
      { user, layouts: [{ id: 'routes/dashboard-layout', loaderData: { user } }] },
    ).html;
    expect(profile).toContain('id="change-password"');
    const change = profile.slice(profile.indexOf('id="change-password"'));
    expect(labels(change).slice(0, 3)).toEqual(['Current password', 'New password', 'Confirm new password']);
    const reset = render(ResetPassword, null, {
      url: '/en?token=t&email=ada%40example.test',
      signedIn: null,
    }).html;
    expect(labels(reset)).toEqual(['Email', 'New password', 'Confirm new password']);
  });
});

describe('the site data on a change of language (spec section 4, row 4.41)', () => {
  it('is loaded again for another language, with its categories, styles and pages in that language', async () => {
    const change = (from: string, to: string, formMethod?: string) =>
      shouldRevalidate({
        currentParams: { locale: from },
        nextParams: { locale: to },
        formMethod,
        defaultShouldRevalidate: true,
      } as never);
    expect(change('en', 'de')).toBe(true);
    // Not for another page or filter in the same language.
    expect(change('en', 'en')).toBe(false);
    expect(change('en', 'en', 'GET')).toBe(false);

    const asked: { path: string; language: string | undefined }[] = [];
    const recording: ApiTransport = async (path, init) => {
      asked.push({ path, language: (init.headers as Record<string, string>)['frontend-language'] });
      if (path.startsWith('/api/languages')) {
        return json(200, {
          status: 'OK',
          payload: [
            { code: 'en', name: 'English' },
            { code: 'de', name: 'Deutsch' },
          ],
        });
      }
      return failing(path, init);
    };
    await siteLoader(args('https://shop.example/de/about-us', recording));
    const inGerman = (start: string) =>
      asked.filter((call) => call.path.startsWith(start)).map((call) => call.language);
    expect(inGerman('/api/categories')).toEqual(['de']);
    expect(inGerman('/api/styles')).toEqual(['de']);
    expect(inGerman('/api/static-pages')).toEqual(['de']);
  });
});

describe('the offers’ failure texts (spec section 8, rows 8.7, 8.8, 8.12, 8.44)', () => {
  it('says "API error. Please contact support." for a 500 about a null array offset', () => {
    const error = new ApiError(500, 'Trying to access array offset on value of type null');
    expect(offerFailure(error)).toEqual({ key: 'offers.apiError' });
    expect(offerFailureText(error, keys, 'offers.createFailed')).toBe('<offers.apiError>');
    expect(offerFailureText(error, english, 'offers.createFailed')).toBe(
      'API error. Please contact support.',
    );
    expect(payoutFailureText(error, english, 'approve')).toBe('API error. Please contact support.');
  });

  it('says "Payment gateway error. …" for a 500 that mentions the gateway', () => {
    const error = new ApiError(500, 'Gateway timeout from the bank');
    expect(offerFailureText(error, keys, 'offers.approveFailed')).toBe('<offers.gatewayError>');
    expect(offerFailureText(error, english, 'offers.approveFailed')).toBe(
      'Payment gateway error. Please try again later or use a different payment method.',
    );
  });

  it('shows the 10MB message for a 413 on creating an offer', () => {
    const error = apiErrorFrom(413, 'Payload Too Large', '{"message":"Request body is too large"}');
    expect(offerFailureText(error, keys, 'offers.createFailed')).toBe('<offers.tooLarge>');
    expect(offerFailureText(error, english, 'offers.createFailed')).toBe('File size must not exceed 10MB');
  });
});

describe('the payment screens’ failure texts (spec section 8, rows 8.22 and 8.25)', () => {
  const noAnswer = new TypeError('Failed to fetch');
  const unauthenticated = new ApiError(401, 'Unauthenticated.');

  it('says "Failed to process bank details. Please try again." when new bank details fail', () => {
    expect(payoutFailureText(noAnswer, keys, 'retryBank')).toBe('<offers.bankFailed>');
    expect(payoutFailureText(noAnswer, english, 'retryBank')).toBe(
      'Failed to process bank details. Please try again.',
    );
  });

  it('says "Authentication error. Please log in again and try once more." for a 401', () => {
    expect(payoutFailureText(unauthenticated, keys, 'retryBank')).toBe('<payment.authError>');
    expect(paymentFailureText(unauthenticated, keys, 'deposit.checkoutFailed')).toBe('<payment.authError>');
    const text = 'Authentication error. Please log in again and try once more.';
    expect(payoutFailureText(unauthenticated, english, 'retryBank')).toBe(text);
    expect(payoutFailureText(unauthenticated, english, 'retryCard')).toBe(text);
    expect(paymentFailureText(unauthenticated, english, 'deposit.checkoutFailed')).toBe(text);
  });
});
