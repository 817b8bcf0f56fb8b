import type { AdminReview } from '@promptmarket/contracts/reviews';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/admin-reviews.json';
import en from '../../locales/en/admin-reviews.json';
import es from '../../locales/es/admin-reviews.json';
import fr from '../../locales/fr/admin-reviews.json';
import it_ from '../../locales/it/admin-reviews.json';
import pl from '../../locales/pl/admin-reviews.json';
import { renderBackOfficePage } from '../../test/render-page';
import AdminReviews from './reviews';

type Data = Parameters<typeof AdminReviews>[0]['loaderData'];

/** The reviews screen as the server renders it, from the loader's data. */
const renderHtml = (data: Data, language = 'en') =>
  renderBackOfficePage(AdminReviews, data, `/${language}/admin/reviews`).html;

/** The screen's text, tags taken out. */
const render = (data: Data, language = 'en') =>
  renderHtml(data, language)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

function review(id: number, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id,
    product: { id: 7, slug: 'misty-harbour', title: 'Misty Harbour' },
    author: { id: '0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c', name: 'Zofia Nowak', email: 'zofia@example.test' },
    stars: 2,
    text: 'Not what the title says',
    language: 'pl',
    reports_count: 3,
    last_reported_at: '2026-11-29T06:30:00.000Z',
    hidden: false,
    created_at: '2026-11-28T06:30:00.000Z',
    updated_at: '2026-11-28T06:30:00.000Z',
    ...overrides,
  };
}

const list = (data: AdminReview[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});

describe('the reported reviews screen', () => {
  it('says when the queue could not be loaded, and when nothing is reported, in the page’s language', () => {
    expect(render({ list: null })).toContain('The reported reviews could not be loaded.');
    expect(render({ list: list([]) })).toContain('No reported reviews.');
    expect(render({ list: list([]) }, 'de')).toContain('Keine gemeldeten Bewertungen.');
    expect(render({ list: null }, 'pl')).toContain('Nie udało się wczytać zgłoszonych opinii.');
  });

  it('shows each review with its product, author, stars, text, language, reports and status, and the button it needs', () => {
    const text = render({
      list: list([review(1), review(2, { hidden: true, text: null, stars: 1, reports_count: 1 })]),
    });
    expect(text).toContain(
      'Misty Harbour Zofia Nowak zofia@example.test ★★ ★★★ 2 stars of 5 Not what the title says pl 3',
    );
    expect(text).toContain('Shown Hide');
    expect(text).toContain('1 star of 5 No text, stars only pl 1');
    expect(text).toContain('Hidden Restore');
    const html = renderHtml({ list: list([review(1)]) });
    expect(html).toContain('href="/en/products/misty-harbour"');
    expect(html).toContain('href="/en/admin/users/0b4f8a4e-8f4a-4d1c-9a55-0a4c1f1e2d3c"');
    // The text in its own language, for a screen reader to read it so.
    expect(html).toContain('<p lang="pl"');
  });

  it('writes a review’s markup as letters, never as markup', () => {
    const html = renderHtml({
      list: list([review(1, { text: '<img src=x onerror=alert(1)> <b>bold</b>' })]),
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
  });

  it('counts stars in each language’s plural forms', () => {
    expect(render({ list: list([review(1, { stars: 4 })]) }, 'pl')).toContain('4 gwiazdki na 5');
    expect(render({ list: list([review(1, { stars: 5 })]) }, 'pl')).toContain('5 gwiazdek na 5');
    expect(render({ list: list([review(1, { stars: 1 })]) }, 'fr')).toContain('1 étoile sur 5');
  });
});

describe('the reported reviews texts', () => {
  /** Every dotted key of a nested text file, plural forms as one key. */
  function keysOf(value: unknown, prefix = ''): string[] {
    if (typeof value === 'string') return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
    return [
      ...new Set(
        Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
          keysOf(child, prefix ? `${prefix}.${key}` : key),
        ),
      ),
    ];
  }

  it('are written in all six languages, each with every key and its own words', () => {
    const english = keysOf(en).sort();
    const englishTexts = JSON.stringify(en);
    for (const [language, texts] of Object.entries({ de, fr, es, it: it_, pl })) {
      expect(keysOf(texts).sort(), language).toEqual(english);
      expect(JSON.stringify(texts), language).not.toEqual(englishTexts);
    }
  });
});
