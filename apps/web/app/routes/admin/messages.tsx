import type { AdminContactMessageItem } from '@promptmarket/contracts/admin-messages';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import { getContactMessages, getSubscribers, newsletterExportHref } from '../../features/admin/api';
import { BulkBar, BulkReportAlert, useBulkAction } from '../../features/admin/bulk-action';
import { chosenOnPage, pageState, toggled, toggledPage } from '../../features/admin/bulk-selection';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { Pager, SearchBox } from '../../features/admin/list-controls';
import { hideMessages, replyToMessage, setMessageHandled } from '../../features/admin/work-api';
import { serverApi } from '../../lib/api.server';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
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

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The failure of a call as the page says it: the first field's text, else the answer's message. */
function failureText(caught: unknown): string {
  return caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
}

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

/** One message with its thread, its handled state, and the reply form. */
function MessageCard({
  message,
  chosen,
  onChoose,
  onNotice,
}: {
  message: AdminContactMessageItem;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const revalidator = useRevalidator();
  const [reply, setReply] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const replyId = useId();
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  const language = (() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(message.locale) ?? message.locale;
    } catch {
      return message.locale;
    }
  })();

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await replyToMessage(api, message.id, reply, key);
      setReply('');
      setKey(newIdempotencyKey());
      onNotice({ kind: 'success', text: t('adminWork.messages.sent') });
      revalidator.revalidate();
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  }

  async function mark(handled: boolean) {
    setBusy(true);
    try {
      await setMessageHandled(api, message.id, handled);
      onNotice({
        kind: 'success',
        text: t(handled ? 'adminWork.messages.markedHandled' : 'adminWork.messages.reopened'),
      });
      revalidator.revalidate();
    } catch (caught) {
      onNotice({ kind: 'error', text: t('admin.actionFailed', { message: failureText(caught) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${chosen ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={chosen}
          onChange={(event) => onChoose(event.target.checked)}
          aria-label={t('adminWork.messages.select', { name: message.name })}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 break-words text-sm font-semibold text-slate-900">
              {message.name} · <span className="font-normal text-slate-700">{message.email}</span>
            </p>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${message.handled_at ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}
            >
              {message.handled_at
                ? t('adminWork.messages.stateHandled', { date: date(message.handled_at) })
                : t('adminWork.messages.stateOpen')}
            </span>
          </div>
          <p className="break-words text-xs text-slate-500">
            {date(message.created_at)} · {message.locale.toUpperCase()}
          </p>
          <p className="break-words text-sm font-medium text-slate-900">
            {message.subject || t('adminWork.messages.noSubject')}
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{message.message || '—'}</p>
          {message.replies.length > 0 ? (
            <section
              aria-label={t('adminWork.messages.thread')}
              className="space-y-2 border-l-2 border-brand-200 pl-3"
            >
              <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t('adminWork.messages.thread')}
              </h4>
              <ol className="space-y-2">
                {message.replies.map((item) => (
                  <li key={item.id} className="rounded-lg bg-brand-50/60 p-2">
                    <p className="text-xs text-slate-500">
                      {t('adminWork.messages.replyMeta', {
                        email: item.admin_email,
                        date: date(item.created_at),
                      })}
                    </p>
                    <p className="whitespace-pre-line break-words text-sm text-slate-800">{item.body}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <form onSubmit={send} className="space-y-2">
            <label htmlFor={replyId} className="block text-sm font-medium text-slate-800">
              {t('adminWork.messages.replyLabel', { name: message.name })}
            </label>
            <textarea
              id={replyId}
              rows={3}
              required
              minLength={2}
              maxLength={5000}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${replyId}-hint${error ? ` ${replyId}-error` : ''}`}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <p id={`${replyId}-hint`} className="text-xs text-slate-500">
              {t('adminWork.messages.replyHint', { email: message.email, language })}
            </p>
            {error ? (
              <p id={`${replyId}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={buttonStyles.primary}>
                {t('adminWork.messages.send')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => mark(!message.handled_at)}
                className={buttonStyles.secondary}
              >
                {message.handled_at ? t('adminWork.messages.reopen') : t('adminWork.messages.markHandled')}
              </button>
            </div>
          </form>
        </div>
      </div>
    </li>
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
