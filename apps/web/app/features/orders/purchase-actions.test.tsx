import type { Profile } from '@promptmarket/contracts/accounts';
import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render-in-site';
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
  return renderInSite(() => <PurchaseActions product={shown} />, {
    language,
    user,
    path: 'products/:slug',
    url: 'products/red-fox?from=home',
  });
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

  it('say it in the language of the page, the missing amount in the genitive Polish needs after "brakuje"', () => {
    const short = (price: number, balance: number) => render(product({ price }), balance, 'pl').text;
    expect(short(5, 3)).toContain('Twoje saldo to 3 kredyty: do zakupu tego promptu brakuje ci 2 kredytów.');
    expect(short(5, 4)).toContain('Twoje saldo to 4 kredyty: do zakupu tego promptu brakuje ci 1 kredytu.');
    expect(short(10, 5)).toContain(
      'Twoje saldo to 5 kredytów: do zakupu tego promptu brakuje ci 5 kredytów.',
    );
    expect(short(13.9, 2)).toContain('brakuje ci 11,90 kredytu.');
    expect(short(24, 2)).toContain('brakuje ci 22 kredytów.');
  });

  it('make the verb agree with the missing amount where the language needs it', () => {
    const short = (language: string, price: number, balance: number) =>
      render(product({ price }), balance, language).text;
    expect(short('en', 5, 4)).toContain('you need 1 credit more to buy this prompt.');
    expect(short('en', 5, 3)).toContain('you need 2 credits more to buy this prompt.');
    expect(short('de', 5, 4)).toContain('Für diesen Prompt fehlt dir 1 Credit.');
    expect(short('de', 5, 3)).toContain('Für diesen Prompt fehlen dir 2 Credits.');
    expect(short('de', 5, 3.5)).toContain('Für diesen Prompt fehlen dir 1,50 Credits.');
    expect(short('fr', 5, 4)).toContain('il vous manque 1 crédit pour acheter ce prompt.');
    expect(short('fr', 5, 3)).toContain('il vous manque 2 crédits pour acheter ce prompt.');
    expect(short('es', 5, 4)).toContain('te falta 1 crédito para comprar este prompt.');
    expect(short('es', 5, 3)).toContain('te faltan 2 créditos para comprar este prompt.');
    expect(short('it', 5, 4)).toContain('ti manca 1 credito per acquistare questo prompt.');
    expect(short('it', 5, 3)).toContain('ti mancano 2 crediti per acquistare questo prompt.');
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
