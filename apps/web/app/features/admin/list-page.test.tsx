import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTranslator, TranslationProvider } from '../../lib/i18n';
import type { Messages } from '../../lib/messages';
import { allMessagesFor } from '../../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../../lib/site-data';
import { listQuery } from './list-controls';
import { AdminListPage } from './list-page';

/** `page` as the server renders it at `/<language>/admin/things<address>`: its HTML. */
function render(page: ReactNode, { language = 'en', address = '' } = {}) {
  const Stub = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      children: [{ id: SESSION_ROUTE_ID, children: [{ path: 'admin/things', Component: () => page }] }],
    },
  ]);
  return renderToStaticMarkup(
    <TranslationProvider translator={createTranslator(language, allMessagesFor(language) as Messages)}>
      <Stub
        initialEntries={[`/${language}/admin/things${address}`]}
        hydrationData={{
          loaderData: {
            [SITE_ROUTE_ID]: { locale: language, settings: {} } as SiteData,
            [SESSION_ROUTE_ID]: { user: null, personalDeferred: false } as SessionData,
          },
        }}
      />
    </TranslationProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

type Thing = { id: number; name: string };
const things = (data: Thing[], page = 1, pages = 1) => ({
  data,
  meta: { current_page: page, last_page: pages, per_page: 25, total: data.length },
});

function Things({ list, failed }: { list: ReturnType<typeof things> | null; failed?: string }) {
  return (
    <AdminListPage
      name="things"
      title="Things"
      search="Name of the thing"
      status={{ statuses: ['new', 'old'], label: (status) => `Only ${status}`, param: 'age', name: 'Age' }}
      list={list}
      failed={failed}
      head={['Name']}
      row={(thing) => (
        <tr key={thing.id}>
          <td>{thing.name}</td>
        </tr>
      )}
    />
  );
}

describe('a list screen of the back office', () => {
  it('is a section named by its heading, with the search and the filter kept in the address', () => {
    const html = render(<Things list={things([{ id: 1, name: 'Łódź' }], 2, 3)} />, {
      address: '?age=old&search=x&page=2',
    });
    expect(html).toMatch(/<section aria-labelledby="admin-things-title"[^>]*><h2 id="admin-things-title"/);
    expect(html).toContain('role="search" aria-label="Search this list"');
    expect(html).toContain('placeholder="Name of the thing"');
    // The search keeps the filter; a new search starts at the first page.
    expect(html).toContain('<input type="hidden" name="age" value="old"/>');
    expect(html).not.toContain('name="page"');
    // The filter under its own name in the address: another choice keeps the search, not the page.
    expect(html).toContain('<nav aria-label="Age"');
    expect(html).toContain('href="/en/admin/things?search=x"');
    expect(html).toContain('href="/en/admin/things?age=new&amp;search=x"');
    expect(html).toMatch(/aria-current="page"[^>]*>Only old</);
    expect(text(html)).toContain('Łódź');
    expect(text(html)).toContain('Page 2 of 3');
  });

  it('says in the page’s language when the list could not be loaded or has nothing, unless the screen says it', () => {
    expect(render(<Things list={null} />)).toContain('role="alert"');
    expect(text(render(<Things list={null} />))).toContain('The list could not be loaded.');
    expect(text(render(<Things list={null} />, { language: 'de' }))).toContain(
      'Die Liste konnte nicht geladen werden.',
    );
    expect(text(render(<Things list={null} failed="No things today." />))).toContain('No things today.');
    const empty = render(<Things list={things([])} />);
    expect(empty).not.toContain('<table');
    expect(empty).not.toContain('aria-label="Pages"');
    expect(text(empty)).toContain('Nothing here.');
    expect(text(render(<Things list={things([])} />, { language: 'de' }))).toContain('Hier ist nichts.');
  });
});

describe('the query a list screen asks for', () => {
  const query = (address: string, filters?: Parameters<typeof listQuery>[1]) =>
    String(listQuery(new Request(`http://shop.test/en/admin/things${address}`), filters));

  it('passes on the page, the search and the status, and nothing else', () => {
    expect(query('?page=3&status=pending&search=%20anna%20&sort=name')).toBe(
      'page=3&status=pending&search=anna&per_page=25',
    );
    expect(query('?page=1&status=DROP%20TABLE')).toBe('per_page=25');
  });

  it('passes on the filters a screen names, each only with a value it allows', () => {
    const filters = { category_id: /^\d{1,9}$/, hidden: ['yes', 'no'] };
    expect(query('?category_id=12&hidden=yes&status=pending', filters)).toBe(
      'category_id=12&hidden=yes&per_page=25',
    );
    expect(query('?category_id=x&hidden=maybe', filters)).toBe('per_page=25');
  });
});
