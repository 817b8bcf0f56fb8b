import type { Cart, CartItem } from '@promptmarket/contracts/orders';
import { describe, expect, it } from 'vitest';
import { builtInLocales } from '../../lib/messages.server';
import { renderInSite } from '../../test/render-in-site';
import type { Route } from './+types/cart';
import CartPage from './cart';

const item = (id: number, title: string, price: number, available: boolean): CartItem => ({
  id,
  product_id: 100 + id,
  slug: title.toLowerCase().replaceAll(' ', '-'),
  title,
  price,
  currency: 'Credits',
  thumb_url: `/media/${id}.webp`,
  available,
});

/** The cart page as the shop renders it from its loader data (the cart, which only a signed-in user has), in `language`. */
function render(cart: Cart, language = 'en') {
  return renderInSite(() => <CartPage {...({ loaderData: { cart } } as unknown as Route.ComponentProps)} />, {
    language,
  });
}

const withHidden: Cart = {
  items: [item(1, 'Harbour lights', 4.9, true), item(2, 'Frost queen', 9.9, false)],
  currency: 'Credits',
  totals: { subtotal: 4.9, fee: 0, total: 4.9 },
};

describe('the cart page', () => {
  it('marks a prompt taken off sale as no longer available, with its Remove button, outside the total', () => {
    const { html, text } = render(withHidden);
    expect(text).toContain('Harbour lights 4.90 credits');
    expect(text).toContain('Frost queen No longer available');
    expect(text).not.toContain('9.90');
    expect(text).toContain('Total 4.90 credits');
    expect(text).toContain('Fee 0 credits');
    // Its page is gone: no link to it; the Remove button stays.
    expect(html).toContain('href="/en/products/harbour-lights"');
    expect(html).not.toContain('href="/en/products/frost-queen"');
    expect(html).toContain('aria-label="Remove Frost queen"');
    expect(html).toMatch(/<button type="button" class="[^"]*">Checkout<\/button>/);
  });

  it('writes every amount with the plural form of the name the language needs', () => {
    const cart: Cart = {
      items: [item(1, 'Harbour lights', 2, true), item(2, 'Frost queen', 3, true)],
      currency: 'Kredyty',
      totals: { subtotal: 5, fee: 0.5, total: 5.5 },
    };
    const { text } = render(cart, 'pl');
    expect(text).toContain('Harbour lights 2 kredyty');
    expect(text).toContain('5 kredytów');
    expect(text).toContain('0,50 kredytu');
    expect(text).toContain('5,50 kredytu');
    expect(render({ ...cart, currency: 'Credits' }).text).toContain('Harbour lights 2 credits');
    // A currency the shop renamed is written as it was named.
    expect(render({ ...cart, currency: 'Tokens' }).text).toContain('Harbour lights 2 Tokens');
  });

  it('offers no checkout when nothing in the cart is on sale', () => {
    const { html } = render({
      items: [item(2, 'Frost queen', 9.9, false)],
      currency: 'Credits',
      totals: { subtotal: 0, fee: 0, total: 0 },
    });
    expect(html).toContain('aria-label="Remove Frost queen"');
    expect(html).toMatch(/<button type="button" disabled="" class="[^"]*">Checkout<\/button>/);
  });

  it('says so in every language of the shop', () => {
    const texts = new Set<string>();
    for (const language of builtInLocales) {
      const { text } = render(withHidden, language);
      expect(text, language).not.toContain('cart.unavailable');
      const said = text.split('Frost queen')[1] ?? '';
      texts.add(said.trim().split(/\s+/).slice(0, 3).join(' '));
    }
    expect(texts.size).toBe(builtInLocales.length);
  });
});
