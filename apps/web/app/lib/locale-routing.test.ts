import { describe, expect, it } from 'vitest';
import { localeRedirectTarget, preferredLocale, switchLocalePath } from './locale-routing';

const supported = ['en', 'de', 'fr', 'es', 'it', 'pl'];

describe('localeRedirectTarget', () => {
  it('replaces an unsupported locale prefix and keeps path and query', () => {
    expect(localeRedirectTarget('/xx/anything', '?a=1', supported, 'en')).toBe('/en/anything?a=1');
    expect(localeRedirectTarget('/pt-BR/products/sunset', '', supported, 'de')).toBe('/de/products/sunset');
  });

  it('prefixes paths that carry no locale, such as the payment and verification results', () => {
    expect(localeRedirectTarget('/success-payment', '?order_id=7', supported, 'en')).toBe(
      '/en/success-payment?order_id=7',
    );
    expect(localeRedirectTarget('/email/verify/success', '', supported, 'fr')).toBe(
      '/fr/email/verify/success',
    );
    expect(localeRedirectTarget('/', '?ref=mail', supported, 'en')).toBe('/en?ref=mail');
  });

  it('maps a supported locale written in capitals to its code', () => {
    expect(localeRedirectTarget('/DE/products', '', supported, 'en')).toBe('/de/products');
  });
});

describe('preferredLocale', () => {
  it('reads the stored choice from the cookie when it is offered, else en', () => {
    expect(preferredLocale('theme=dark; language=pl', supported)).toBe('pl');
    expect(preferredLocale('language=xx', supported)).toBe('en');
    expect(preferredLocale(null, supported)).toBe('en');
  });
});

describe('switchLocalePath', () => {
  it('keeps the path, query and hash', () => {
    expect(switchLocalePath('/en/products', '?page=2', '#list', 'de')).toBe('/de/products?page=2#list');
    expect(switchLocalePath('/en', '', '', 'it')).toBe('/it');
  });
});
