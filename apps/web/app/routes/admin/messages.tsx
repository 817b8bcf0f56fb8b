import { useState } from 'react';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import type { Notice } from '../../features/admin/admin-ui';
import { getContactMessages, getSubscribers, newsletterExportHref } from '../../features/admin/api';
import { BulkBar, BulkReportAlert, useBulkAction } from '../../features/admin/bulk-action';
import { chosenOnPage, pageState, toggled, toggledPage } from '../../features/admin/bulk-selection';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { Pager, SearchBox } from '../../features/admin/list-controls';
import { MessageCard } from '../../features/admin/message-card';
import { hideMessages } from '../../features/admin/work-api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.messages');

const states = ['all', 'open', 'handled'] as const;
type State = (typeof states)[number];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = url.searchParams.get('view') === 'newsletter' ? 'newsletter' : 'messages';
  const query = new URLSearchParams({ per_page: '25' });
  const page = Number(url.searchParams.get('page'));
  if (Number.isInteger(page) && page > 1) query.set('page', String(page));
  const search = url.searchParams.get('search')?.trim().slice(0, 120);
  if (search) query.set('search', search);
  const state = url.searchParams.get('state');
  if (view === 'messages' && (state === 'open' || state === 'handled')) query.set('state', state);
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

/** Links to the same list with the messages open, handled or all (the search stays). */
function StateFilter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current: State = (params.get('state') as State | null) ?? 'all';
  return (
    <nav aria-label={t('adminWork.messages.show')} className="flex flex-wrap gap-2">
      {states.map((state) => {
        const next = new URLSearchParams(params);
        next.delete('page');
        if (state === 'all') next.delete('state');
        else next.set('state', state);
        return (
          <Link
            key={state}
            to={`${pathname}?${next}`}
            aria-current={current === state ? 'page' : undefined}
            className={tabClass(current === state)}
          >
            {t(`adminWork.messages.${state}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * What visitors sent: the contact form's messages (open or handled, searched, answered by mail
 * from here, hidden several at once), and the newsletter's subscribers with a CSV export.
 */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { view, subscribers, messages, failed } = loaderData;
  const [notice, setNotice] = useState<Notice>(null);
  const bulk = useBulkAction<string>({
    done: (count) => t('adminWork.messages.hidden', { count }),
    failed: (count) => t('adminWork.offers.bulkFailed', { count }),
    item: (id, message) => `${id}: ${message}`,
  });
  const { selection, setSelection } = bulk;
  const onPage = messages?.data.map((message) => message.id) ?? [];
  const chosen = chosenOnPage(selection, onPage);
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';
  const date = (iso: string) => new Date(iso).toLocaleString(locale);

  return (
    <section aria-labelledby="admin-messages-title" aria-busy={loading} className="space-y-4">
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
      {view === 'messages' ? <StateFilter /> : null}
      <SearchBox
        label={view === 'messages' ? t('adminWork.messages.search') : t('admin.content.searchEmail')}
        submitLabel={t('adminWork.messages.find')}
      />
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          {t('adminWork.messages.loading')}
        </p>
      ) : null}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <BulkReportAlert report={bulk.report} />
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {view === 'messages' ? t('adminWork.messages.failed') : t('admin.failed')}
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
            <p className="text-sm text-slate-600">{t('adminWork.messages.empty')}</p>
          ) : (
            <>
              <BulkBar
                label={t('adminWork.messages.hideSelected')}
                state={pageState(selection, onPage)}
                allLabel={t('adminWork.messages.selectAll')}
                onToggleAll={() => setSelection(toggledPage(selection, onPage))}
                chosenText={t('adminWork.messages.selected', { count: chosen.length })}
              >
                <ConfirmButton
                  label={t('adminWork.messages.hideSelected')}
                  question={t('adminWork.messages.hideQuestion', { count: chosen.length })}
                  disabled={chosen.length === 0 || bulk.busy}
                  onConfirm={(_, key) => bulk.run(() => hideMessages(api, chosen, key))}
                />
              </BulkBar>
              <ul className="space-y-3">
                {messages.data.map((message) => (
                  <MessageCard
                    key={message.id}
                    message={message}
                    chosen={selection.has(message.id)}
                    onChoose={(on) => setSelection(toggled(selection, message.id, on))}
                    onNotice={setNotice}
                  />
                ))}
              </ul>
            </>
          )}
          <Pager page={messages.meta.current_page} lastPage={messages.meta.last_page} />
        </>
      ) : null}
    </section>
  );
}
