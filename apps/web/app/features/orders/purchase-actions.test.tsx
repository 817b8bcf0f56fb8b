import type { Profile } from '@promptmarket/contracts/accounts';
import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { messagesFor } from '../../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../../lib/site-data';
import { PurchaseActions } from './purchase-actions';

const product = (values: Partial<ProductDetail> = {}) =>
  ({
    id: 7,
    slug: 'red-fox',
    title: 'Red fox',
    price: 9.9,
    price_eur: 9.9,
    owned: false,
    in_cart: false,
    prompt: null,
    ...values,
  }) as ProductDetail;

/** The product page's buttons for a signed-in user with `balance` (or a guest), in `language`. */
function render(shown: ProductDetail, balance: number | null, language = 'en') {
  const user = balance === null ? null : ({ balance, first_name: 'Ada', last_name: 'L' } as Profile);
  const Page = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      children: [
        {
          id: SESSION_ROUTE_ID,
          children: [
            { id: 'product', path: 'products/:slug', Component: () => <PurchaseActions product={shown} /> },
          ],
        },
      ],
    },
  ]);
  const html = renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, messagesFor(language) as Messages)}>
      <Page
        initialEntries={[`/${language}/products/red-fox?from=home`]}
        hydrationData={{
          loaderData: {
            [SITE_ROUTE_ID]: {
              locale: language,
              settings: { internal_currency_name: language === 'pl' ? 'Kredyty' : 'Credits' },
            } as SiteData,
            [SESSION_ROUTE_ID]: { user, personalDeferred: false } as SessionData,
          },
        }}
      />
    </TranslationProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe("the product page's buy buttons", () => {
  it('say before a press that the balance is too small, with Top up coming back to the page', () => {
    const { html, text } = render(product(), 2);
    expect(text).toContain('Your balance is 2 credits: you need 7.90 credits more to buy this prompt.');
    const buy = /<button type="button" disabled="" aria-describedby="([^"]+)"[^>]*>Buy now<\/button>/.exec(
      html,
    );
    expect(buy).not.toBeNull();
    expect(html).toContain(`id="${buy?.[1]}"`);
    expect(html).toContain(
      `href="/en/dashboard/deposits/create?return=%2Fen%2Fproducts%2Fred-fox%3Ffrom%3Dhome"`,
    );
    expect(text).toContain('Top up your balance');
  });

  it('say it in the language of the page, with its plural forms', () => {
    const { text } = render(product({ price: 5 }), 3, 'pl');
    expect(text).toContain('Twoje saldo to 3 kredyty: do zakupu tego promptu brakuje ci 2 kredyty.');
  });

  it('offer Buy now without a warning when the balance pays for it', () => {
    const { html, text } = render(product(), 9.9);
    expect(text).not.toContain('more to buy this prompt');
    expect(html).not.toContain('deposits/create');
    expect(html).not.toContain('aria-describedby');
  });

  it('say "In your cart" instead of Add to cart for a prompt in the cart', () => {
    const { html, text } = render(product({ in_cart: true }), 50);
    expect(html).toContain('href="/en/cart"');
    expect(text).toContain('In your cart');
    expect(text).not.toContain('Add to cart');
    expect(render(product(), 50).text).toContain('Add to cart');
  });

  it('offer Download for a prompt the user owns, and send a guest to log in', () => {
    expect(render(product({ owned: true }), 0).text).toContain('You own this prompt. Download');
    const guest = render(product(), null).html;
    expect(guest).toContain('href="/en/login?redirect=%2Fen%2Fproducts%2Fred-fox%3Ffrom%3Dhome"');
    expect(guest).not.toContain('In your cart');
  });
});
