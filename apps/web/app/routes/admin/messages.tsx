import { contactMessageStates } from '@promptmarket/contracts/admin-messages';
import { useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { adminMeta } from '../../features/admin/admin-meta';
import type { Notice } from '../../features/admin/admin-ui';
import { getContactMessages, getSubscribers, newsletterExportHref } from '../../features/admin/api';
import { BulkBar, BulkReportAlert, useBulkAction } from '../../features/admin/bulk-action';
import { chosenOnPage, pageState, toggled, toggledPage } from '../../features/admin/bulk-selection';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { listQuery, pillClass } from '../../features/admin/list-controls';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { MessageCard } from '../../features/admin/message-card';
import { hideMessages } from '../../features/admin/work-api';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.messages');

/** The contact form's messages (open, handled or all), or the newsletter's subscribers. */
export async function loader(args: Route.LoaderArgs) {
  if (new URL(args.request.url).searchParams.get('view') === 'newsletter') {
    return {
      view: 'newsletter' as const,
      ...(await loadList(args, getSubscribers, listQuery(args.request, {}))),
    };
  }
  const query = listQuery(args.request, { state: contactMessageStates });
  return { view: 'messages' as const, ...(await loadList(args, getContactMessages, query)) };
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
  const [notice, setNotice] = useState<Notice>(null);
  const bulk = useBulkAction<string>({
    done: (count) => t('adminWork.messages.hidden', { count }),
    failed: (count) => t('adminWork.offers.bulkFailed', { count }),
    item: (id, message) => `${id}: ${message}`,
  });
  const { selection, setSelection } = bulk;
  const onPage =
    loaderData.view === 'messages' ? (loaderData.list?.data.map((message) => message.id) ?? []) : [];
  const chosen = chosenOnPage(selection, onPage);
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';
  const page = {
    name: 'messages',
    title: t('admin.nav.messages'),
    top: (
      <nav aria-label={t('admin.nav.messages')} className="flex flex-wrap gap-2">
        {(['messages', 'newsletter'] as const).map((view) => (
          <a
            key={view}
            href={`?view=${view}`}
            aria-current={loaderData.view === view ? 'page' : undefined}
            className={pillClass(loaderData.view === view)}
          >
            {t(view === 'messages' ? 'admin.content.contactMessages' : 'admin.content.newsletter')}
          </a>
        ))}
      </nav>
    ),
    find: t('adminWork.messages.find'),
    notice,
    busy: loading,
  };
  const loadingStatus = loading ? (
    <p role="status" className="text-sm text-slate-600">
      {t('adminWork.messages.loading')}
    </p>
  ) : null;

  if (loaderData.view === 'newsletter') {
    return (
      <AdminListPage
        {...page}
        search={t('admin.content.searchEmail')}
        tools={
          loaderData.list ? (
            <a
              href={newsletterExportHref()}
              download
              className="inline-block text-sm font-semibold text-brand-700 hover:underline"
            >
              {t('admin.content.exportCsv')}
            </a>
          ) : null
        }
        list={loaderData.list}
        head={[t('admin.users.account'), t('admin.content.language'), t('admin.deposits.date')]}
        row={(row) => (
          <tr key={row.id}>
            <td className="px-4 py-3">{row.email}</td>
            <td className="px-4 py-3 uppercase text-slate-600">{row.locale}</td>
            <td className="px-4 py-3 text-slate-600">{new Date(row.created_at).toLocaleString(locale)}</td>
          </tr>
        )}
      >
        {loadingStatus}
      </AdminListPage>
    );
  }
  return (
    <AdminListPage
      {...page}
      search={t('adminWork.messages.search')}
      status={{
        statuses: contactMessageStates,
        label: (state) => t(`adminWork.messages.${state}`),
        param: 'state',
        name: t('adminWork.messages.show'),
        all: t('adminWork.messages.all'),
      }}
      list={loaderData.list}
      failed={t('adminWork.messages.failed')}
      empty={t('adminWork.messages.empty')}
      items={(messages) => (
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
    >
      {loadingStatus}
      <BulkReportAlert report={bulk.report} />
    </AdminListPage>
  );
}
