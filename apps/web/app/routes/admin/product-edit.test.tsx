// @vitest-environment jsdom
import type { AdminProduct } from '@promptmarket/contracts/admin-catalogue';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteData } from '../../lib/site-data';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import AdminProductEdit from './product-edit';

const site: Partial<SiteData> = {
  languages: [
    { code: 'en', name: 'English' },
    { code: 'de', name: 'Deutsch' },
  ] as SiteData['languages'],
  categories: [{ id: 3, title: 'Nature', subcategories: [] }] as unknown as SiteData['categories'],
  styles: [
    { id: 5, title: 'Watercolour' },
    { id: 6, title: 'Ink' },
  ] as unknown as SiteData['styles'],
};

const product: AdminProduct = {
  id: 41,
  slug: 'glass-forest',
  title: 'Glass forest',
  category_id: 3,
  category_title: 'Nature',
  price: 4.5,
  hero: false,
  featured: true,
  hidden: false,
  sales_count: 0,
  thumb_url: '/thumb.webp',
  updated_at: '2026-11-28T10:00:00.000Z',
  prompt: 'A forest of glass trees at dawn',
  style_ids: [5],
  likes_count: 0,
  image_url: '/image.webp',
  translations: {
    en: { title: 'Glass forest', description: 'Trees of glass' },
    de: { title: 'Gläserner Wald', description: '' },
  },
  created_at: '2026-11-01T10:00:00.000Z',
};

const page = (edited: AdminProduct | null) => () => (
  <AdminProductEdit
    loaderData={{ product: edited, failed: false, missing: false }}
    params={{ locale: 'en', id: edited ? String(edited.id) : 'new' }}
    matches={[] as never}
  />
);

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('a new product', () => {
  it('is checked by the contract of its creation before it is sent, each problem at its field in the page’s language', async () => {
    opened = await formInBrowser(page(null), { language: 'de', site });
    await opened.click('Anlegen');
    expect(opened.errorOf('Titel (English)')).toBe('Der englische Titel ist erforderlich.');
    expect(opened.errorOf('Prompt (Englisch, wird mit dem Bild verkauft)')).toBe(
      'Bitte beschreibe das Bild mit mindestens 3 Zeichen.',
    );
    expect(opened.errorOf('Preis (EUR)')).toBe('Bitte gib einen Preis ein.');
    expect(opened.errorOf('Kategorie')).toBe('Bitte wähle eine Kategorie.');
    expect(opened.errorOf('Bild')).toBe('Bitte wähle eine Datei aus.');
    expect(opened.sent).toEqual([]);
  });
});

describe('a product changed', () => {
  it('keeps its one style unticked when the shop has one style and the product none', async () => {
    opened = await formInBrowser(page({ ...product, style_ids: [] }), {
      site: { ...site, styles: site.styles?.slice(0, 1) },
      answer: () => ({ status: 200, body: { status: 'OK', message: 'Product saved', payload: product } }),
    });
    expect(opened.field('Watercolour').checked).toBe(false);
    await opened.click('Save');
    expect(opened.sent[0]?.body).toMatchObject({ style_ids: [] });
    await opened.unmount();
    opened = await formInBrowser(page(product), {
      site: { ...site, styles: site.styles?.slice(0, 1) },
      answer: () => ({ status: 200, body: { status: 'OK', message: 'Product saved', payload: product } }),
    });
    expect(opened.field('Watercolour').checked).toBe(true);
    await opened.click('Save');
    expect(opened.sent[0]?.body).toMatchObject({ style_ids: [5] });
  });

  it('refuses a bad price and an emptied English title before sending', async () => {
    opened = await formInBrowser(page(product), { site });
    expect(opened.field('Price (EUR)').value).toBe('4.50');
    await opened.type('Price (EUR)', '1.234');
    await opened.type('Title (English)', ' ');
    await opened.click('Save');
    expect(opened.errorOf('Price (EUR)')).toBe(
      'Please enter a price of at least 0 with at most two decimals.',
    );
    expect(opened.errorOf('Title (English)')).toBe('The English title is required.');
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at its field with the notice, then saves what was typed', async () => {
    const answers = [
      refusal({ 'translations.de.title': ['This field is too long.'] }),
      { status: 200, body: { status: 'OK', message: 'Product saved', payload: product } },
    ];
    opened = await formInBrowser(page(product), {
      site,
      answer: () =>
        answers.shift() ?? { status: 200, body: { status: 'OK', message: 'Product', payload: product } },
    });
    await opened.type('Title (Deutsch)', 'Wald aus Glas');
    await opened.type('Price (EUR)', '5,90');
    await opened.click('Save');
    expect(opened.errorOf('Title (Deutsch)')).toBe('This field is too long.');
    expect(opened.text()).toContain('Please check the marked fields.');
    await opened.type('Title (Deutsch)', '');
    await opened.click('Save');
    expect(opened.text()).toContain('Saved. The shop shows it now.');
    const [refused, saved] = opened.sent.map((call) => call.body);
    expect(refused).toEqual({
      category_id: '3',
      style_ids: [5],
      price: '5,90',
      prompt: 'A forest of glass trees at dawn',
      hero: false,
      featured: true,
      hidden: false,
      translations: {
        en: { title: 'Glass forest', description: 'Trees of glass' },
        de: { title: 'Wald aus Glas', description: '' },
      },
    });
    // The German title emptied: its texts go, and the shop shows English there.
    expect(saved).toMatchObject({ translations: { en: { title: 'Glass forest' }, de: null } });
    expect(opened.sent.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual([
      'PUT /api/admin/products/41',
      'PUT /api/admin/products/41',
    ]);
  });
});
