import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../../lib/i18n';
import type { Messages } from '../../../lib/messages';
import en from '../../../locales/en/shop.json';
import { Pagination } from './pagination';

function render(page: number, last: number) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/en/products']}>
      <TranslationProvider translator={createTranslator('en', en as Messages)}>
        <Pagination page={page} last={last} href={(target) => `?page=${target}`} onPage={() => undefined} />
      </TranslationProvider>
    </MemoryRouter>,
  );
}

describe('the product list’s pager', () => {
  it('links the first, the last and the current page’s neighbours, "…" between them', () => {
    const html = render(10, 20);
    const labels = [...html.matchAll(/aria-label="(Page \d+)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['Page 1', 'Page 9', 'Page 10', 'Page 11', 'Page 20']);
    // Two gaps, shown but not read out: the links on either side say which pages they leave out.
    expect(html.match(/<span aria-hidden="true"[^>]*>…<\/span>/g)).toHaveLength(2);
    expect(html).toMatch(/<a aria-current="page" aria-label="Page 10"[^>]* href="\/en\/products\?page=10"/);
    expect(html).toContain('rel="prev" href="/en/products?page=9"');
    expect(html).toContain('rel="next" href="/en/products?page=11"');
    // Links all of them, so each is reached with Tab and followed with Enter.
    expect(html).not.toContain('tabindex');
    expect(html).toContain('>Previous page</span>');
  });

  it('leaves out previous on the first page and next on the last', () => {
    expect(render(1, 3)).not.toContain('rel="prev"');
    expect(render(3, 3)).not.toContain('rel="next"');
    expect(render(3, 3)).not.toContain('…');
  });

  it('says of a page past the end where the results end, with a link to the last page or the first', () => {
    const past = render(99, 3);
    expect(past).toContain('There is no page 99: the results end at page 3.');
    expect(past).toContain('href="/en/products?page=3"');
    expect(past).toContain('>Go to the last page (3)</a>');
    expect(past).not.toContain('<nav');
    expect(render(5, 1)).toContain('>Go to the first page</a>');
  });
});
