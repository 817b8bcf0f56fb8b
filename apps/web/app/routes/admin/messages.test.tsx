import { describe, expect, it } from 'vitest';
import { renderBackOfficePage } from '../../test/render-page';
import AdminMessages from './messages';

type Data = Parameters<typeof AdminMessages>[0]['loaderData'];

/** The messages screen as the server renders it in English at `address`, from the loader's data. */
const render = (data: Data, address = '') =>
  renderBackOfficePage(AdminMessages, data, `/en/admin/messages${address}`).html;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const meta = { current_page: 1, last_page: 1, per_page: 25, total: 0 };

describe('the messages screen', () => {
  it('shows the open, handled or all messages by `state` in the address, the search kept', () => {
    const html = render({ view: 'messages', list: { data: [], meta } }, '?state=open&search=anna&page=2');
    expect(html).toContain('<nav aria-label="Show"');
    expect(html).toMatch(/href="\/en\/admin\/messages\?search=anna"[^>]*>All</);
    expect(html).toMatch(/href="\/en\/admin\/messages\?state=handled&amp;search=anna"[^>]*>Handled</);
    expect(html).toMatch(/aria-current="page"[^>]*>Open</);
    expect(html).toContain('placeholder="Search by name, e-mail, subject or text"');
    expect(text(html)).toContain('No messages here.');
    expect(text(render({ view: 'messages', list: null }))).toContain(
      'The messages could not be loaded. Please try again.',
    );
  });

  it('lists the newsletter’s subscribers with their download, and no state to choose', () => {
    const html = render(
      {
        view: 'newsletter',
        list: {
          data: [
            { id: 's-1', email: 'zofia@example.test', locale: 'pl', created_at: '2026-11-29T06:30:00Z' },
          ],
          meta: { ...meta, total: 1 },
        },
      },
      '?view=newsletter',
    );
    expect(html).toMatch(/href="\?view=newsletter" aria-current="page"/);
    expect(html).not.toContain('aria-label="Show"');
    expect(html).toContain('placeholder="E-mail or name"');
    expect(text(html)).toContain('Download all subscribers (CSV)');
    expect(text(html)).toContain('zofia@example.test pl');
    expect(text(render({ view: 'newsletter', list: null }, '?view=newsletter'))).toContain(
      'The list could not be loaded.',
    );
  });
});
