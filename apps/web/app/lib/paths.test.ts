import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the product list with its filters in the URL', () => {
    expect(paths.products({ locale: 'en' })).toBe('/en/products');
    expect(paths.products({ locale: 'de', search: 'rote Katze & Hund' })).toBe(
      '/de/products?search=rote+Katze+%26+Hund',
    );
    expect(
      paths.products({ locale: 'en', category: ['pets', 'portraits'], style: 'watercolor', page: 3 }),
    ).toBe('/en/products?category=pets&category=portraits&style=watercolor&page=3');
    expect(paths.products({ locale: 'pl', category: 'pets', page: 1 })).toBe('/pl/products?category=pets');
    expect(paths.products({ locale: 'en', sort: 'newest' })).toBe('/en/products?sort=newest');
    expect(paths.products({ locale: 'en', query: 'category=pets', page: 2 })).toBe(
      '/en/products?category=pets&page=2',
    );
  });

  it('links a product, a static page and the account screens under the locale', () => {
    expect(paths.home('fr')).toBe('/fr');
    expect(paths.product('it', 'sky-whale-among-clouds')).toBe('/it/products/sky-whale-among-clouds');
    expect(paths.product('en', 'a/b')).toBe('/en/products/a%2Fb');
    expect(paths.staticPage('es', 'terms')).toBe('/es/page/terms');
    expect(paths.dashboard('en')).toBe('/en/dashboard');
    expect(paths.profile('en')).toBe('/en/dashboard/profile');
    expect(paths.profile('en', 'edit-profile')).toBe('/en/dashboard/profile#edit-profile');
    expect(paths.cart('de')).toBe('/de/cart');
    expect(paths.deposit('en')).toBe('/en/dashboard/deposits/create');
    expect(paths.deposits('de')).toBe('/de/dashboard/deposits');
    expect(paths.orders('en')).toBe('/en/dashboard/orders');
    expect(paths.verification('en')).toBe('/en/dashboard/verification');
    expect(paths.verifyEmail('pl')).toBe('/pl/email/verify');
    expect(paths.aboutUs('en')).toBe('/en/about-us');
    expect(paths.contactUs('en')).toBe('/en/contact-us');
  });

  it('keeps the page to come back to in the login link, encoded', () => {
    expect(paths.login('en')).toBe('/en/login');
    expect(paths.login('en', '/en/products?category=pets&page=2')).toBe(
      '/en/login?redirect=%2Fen%2Fproducts%3Fcategory%3Dpets%26page%3D2',
    );
  });

  it('carries the payment results their query', () => {
    expect(paths.processingPayment('en', 'ord 1')).toBe('/en/processing-payment?order_id=ord+1');
    expect(paths.failPayment('de')).toBe('/de/fail-payment');
    expect(paths.failPayment('de', 'declined')).toBe('/de/fail-payment?error=declined');
    expect(paths.failPayment('de', 'declined', 'expired_card')).toBe(
      '/de/fail-payment?error=declined&reason=expired_card',
    );
    expect(paths.failPayment('de', 'expired', null)).toBe('/de/fail-payment?error=expired');
    expect(paths.successPayment('pl')).toBe('/pl/success-payment');
    expect(paths.successPayment('pl', 42)).toBe('/pl/success-payment?order_id=42');
  });
});
