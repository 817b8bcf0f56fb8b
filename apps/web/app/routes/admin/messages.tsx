import { adminMeta } from '../../features/admin/admin-meta';
import { Pager, SearchBox, Table } from '../../features/admin/admin-ui';
import { getContactMessages, getSubscribers, newsletterExportHref } from '../../features/admin/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.messages');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = url.searchParams.get('view') === 'newsletter' ? 'newsletter' : 'messages';
  const query = new URLSearchParams({ per_page: '25' });
  const page = Number(url.searchParams.get('page'));
  if (Number.isInteger(page) && page > 1) query.set('page', String(page));
  const search = url.searchParams.get('search')?.trim().slice(0, 120);
  if (search) query.set('search', search);
  const api = serverApi(request, context, params.locale, true);
  try {
    if (view === 'newsletter') {
      const { payload } = await getSubscribers(api, query);
      return { view, subscribers: payload, messages: null, failed: false };
    }
    const { payload } = await getContactMessages(api, query);
    return { view, subscribers: null, messages: payload, failed: false };
  } catch {
    return { view, subscribers: null, messages: null, failed: true };
  }
}

const tabClass = (active: boolean) =>
  `rounded-full px-3 py-1.5 text-sm font-medium ${active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`;

/** What visitors sent: the contact form's messages, and the newsletter's subscribers with a CSV export. */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { view, subscribers, messages, failed } = loaderData;
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  return (
    <section aria-labelledby="admin-messages-title" className="space-y-4">
      <h2 id="admin-messages-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.messages')}
      </h2>
      <nav aria-label={t('admin.nav.messages')} className="flex flex-wrap gap-2">
        <a
          href="?view=messages"
          aria-current={view === 'messages' ? 'page' : undefined}
          className={tabClass(view === 'messages')}
        >
          {t('admin.content.contactMessages')}
        </a>
        <a
          href="?view=newsletter"
          aria-current={view === 'newsletter' ? 'page' : undefined}
          className={tabClass(view === 'newsletter')}
        >
          {t('admin.content.newsletter')}
        </a>
      </nav>
      <SearchBox label={t('admin.content.searchEmail')} submitLabel={t('admin.users.find')} />
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      ) : null}
      {view === 'newsletter' && subscribers ? (
        <>
          <a
            href={newsletterExportHref()}
            download
            className="inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('admin.content.exportCsv')}
          </a>
          {subscribers.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('admin.empty')}</p>
          ) : (
            <Table head={[t('admin.users.account'), t('admin.content.language'), t('admin.deposits.date')]}>
              {subscribers.data.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-3">{row.email}</td>
                  <td className="px-4 py-3 uppercase text-slate-600">{row.locale}</td>
                  <td className="px-4 py-3 text-slate-600">{date(row.created_at)}</td>
                </tr>
              ))}
            </Table>
          )}
          <Pager page={subscribers.meta.current_page} lastPage={subscribers.meta.last_page} />
        </>
      ) : null}
      {view === 'messages' && messages ? (
        <>
          {messages.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('admin.empty')}</p>
          ) : (
            <ul className="space-y-3">
              {messages.data.map((message) => (
                <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="text-sm font-semibold text-slate-900">
                    {message.name} ·{' '}
                    <a href={`mailto:${message.email}`} className="text-brand-700 hover:underline">
                      {message.email}
                    </a>
                  </p>
                  <p className="text-xs text-slate-500">
                    {date(message.created_at)} · {message.phone} · {message.address}, {message.country} ·{' '}
                    {message.locale.toUpperCase()}
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{message.message || '—'}</p>
                </li>
              ))}
            </ul>
          )}
          <Pager page={messages.meta.current_page} lastPage={messages.meta.last_page} />
        </>
      ) : null}
    </section>
  );
}
