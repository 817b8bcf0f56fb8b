import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';

const messages = {
  nav: { categories: 'Categories', allCategories: 'All {{category}}' },
  product: { likes_one: '{{count}} like', likes_other: '{{count}} likes' },
  cart: { items_zero: 'Your cart is empty', items_one: 'One item', items_other: '{{count}} items' },
  greeting: 'Hello {{ name }}, {{missing}}!',
};

const polish = {
  product: {
    likes_one: '{{count}} polubienie',
    likes_few: '{{count}} polubienia',
    likes_many: '{{count}} polubień',
  },
};

describe('translator', () => {
  it('looks texts up by dotted keys and shows the key of a missing text', () => {
    const { t } = createTranslator('en', messages);
    expect(t('nav.categories')).toBe('Categories');
    expect(t('nav.unknown')).toBe('nav.unknown');
    expect(t('nav')).toBe('nav');
  });

  it('keeps the lookups of each text set apart: the same key in another set is the text of that set', () => {
    const english = createTranslator('en', messages);
    const changed = createTranslator('en', { ...messages, nav: { categories: 'Kategorien' } });
    expect(english.t('nav.categories')).toBe('Categories');
    expect(changed.t('nav.categories')).toBe('Kategorien');
    expect(english.t('nav.categories')).toBe('Categories');
    expect(changed.t('nav.allCategories')).toBe('nav.allCategories');
  });

  it('fills in values, without escaping (React does that) and leaving out missing ones', () => {
    const { t } = createTranslator('en', messages);
    expect(t('nav.allCategories', { category: 'Pets & <Cats>' })).toBe('All Pets & <Cats>');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada, !');
  });

  it('picks the plural form by the language, with an own text for zero when there is one', () => {
    const english = createTranslator('en', messages);
    expect(english.t('product.likes', { count: 1 })).toBe('1 like');
    expect(english.t('product.likes', { count: 0 })).toBe('0 likes');
    expect(english.t('product.likes', { count: 7 })).toBe('7 likes');
    expect(english.t('cart.items', { count: 0 })).toBe('Your cart is empty');
    expect(english.t('cart.items', { count: 2 })).toBe('2 items');
    const { t } = createTranslator('pl', polish);
    expect(t('product.likes', { count: 1 })).toBe('1 polubienie');
    expect(t('product.likes', { count: 3 })).toBe('3 polubienia');
    expect(t('product.likes', { count: 5 })).toBe('5 polubień');
    expect(t('product.likes', { count: 22 })).toBe('22 polubienia');
  });
});
