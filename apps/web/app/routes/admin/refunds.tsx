import { type RefundSubject, refundStatuses, refundSubjects } from '@promptmarket/contracts/admin-refunds';
import { useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import { getRefunds } from '../../features/admin/api';
import { listQuery, Pager, SearchBox, StatusFilter } from '../../features/admin/list-controls';
import { RefundButton } from '../../features/admin/refund-dialog';
import { serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/refunds';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.refunds');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = listQuery(request);
  const subject = new URL(request.url).searchParams.get('subject');
  if (subject && (refundSubjects as readonly string[]).includes(subject)) query.set('subject', subject);
  try {
    const { payload } = await getRefunds(serverApi(request, context, params.locale, true), query);
    return { list: payload };
  } catch {
    return { list: null };
  }
}

const statusTone = {
  pending: 'bg-amber-50 text-amber-800',
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
} as const;

/** Links to the same list of one kind of refund (`all` clears it). */
function SubjectFilter() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = params.get('subject') ?? 'all';
  return (
    <nav aria-label={t('admin.refunds.what')} className="flex flex-wrap gap-2">
      {['all', ...refundSubjects].map((subject) => {
        const next = new URLSearchParams(params);
        next.delete('page');
        if (subject === 'all') next.delete('subject');
        else next.set('subject', subject);
        return (
          <Link
            key={subject}
            to={`${pathname}?${next}`}
            aria-current={current === subject ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${
              current === subject
                ? 'bg-slate-800 text-white'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            }`}
          >
            {subject === 'all' ? t('admin.all') : t(`admin.refunds.subjectNames.${subject}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * A refund started from a number (the one a customer writes in a mail): what to refund and its
 * number, then the refund dialog.
 */
function NewRefund({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [subject, setSubject] = useState<RefundSubject>('order');
  const [number, setNumber] = useState('');
  const typed = number.trim().replace(/^#/, '');
  const valid = /^\d{1,12}$/.test(typed) && Number(typed) > 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('admin.refunds.new')}
      </h3>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-subject`} className="mb-1 block text-xs font-medium text-slate-700">
            {t('admin.refunds.kind')}
          </label>
          <select
            id={`${id}-subject`}
            value={subject}
            onChange={(event) => setSubject(event.target.value as RefundSubject)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {refundSubjects.map((one) => (
              <option key={one} value={one}>
                {t(`admin.refunds.kinds.${one}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-number`} className="mb-1 block text-xs font-medium text-slate-700">
            {t('admin.refunds.numberLabel')}
          </label>
          <input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="off"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            className="block w-32 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <RefundButton
          key={`${subject}-${typed}`}
          subject={subject}
          id={valid ? Number(typed) : 0}
          disabled={!valid}
          label={t('admin.refunds.start')}
          onDone={onDone}
        />
      </div>
    </section>
  );
}

/** Every refund the back office made (decision 0048): what, to whom, how much, why, and its state. */
export default function AdminRefunds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { list } = loaderData;
  const [notice, setNotice] = useState<Notice>(null);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="admin-refunds-title" className="space-y-4">
      <h2 id="admin-refunds-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.refunds')}
      </h2>
      <NoticeBar notice={notice} />
      <NewRefund onDone={(text) => setNotice({ kind: 'success', text })} />
      <SearchBox label={t('admin.refunds.search')} submitLabel={t('admin.refunds.find')} />
      <SubjectFilter />
      <StatusFilter statuses={refundStatuses} label={(status) => t(`admin.refunds.statuses.${status}`)} />
      {!list ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.refunds.failed')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.refunds.empty')}</p>
      ) : (
        <Table
          head={[
            t('admin.refunds.date'),
            t('admin.refunds.number'),
            t('admin.refunds.what'),
            t('admin.refunds.buyer'),
            t('admin.refunds.amount'),
            t('admin.refunds.status'),
            t('admin.refunds.reason'),
          ]}
        >
          {list.data.map((refund) => (
            <tr key={refund.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                {when.format(new Date(refund.created_at))}
              </td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{refund.number}</td>
              <td className="px-4 py-3">
                {t(`admin.refunds.subjects.${refund.subject}`, {
                  id: refund.subject_id,
                  order: refund.order_id ?? '',
                })}
              </td>
              <td className="px-4 py-3">
                <Link
                  to={`${paths.admin(locale, 'users')}/${encodeURIComponent(refund.user_id)}`}
                  className="break-all text-brand-700 underline"
                >
                  {refund.email}
                </Link>
              </td>
              <td className="whitespace-nowrap px-4 py-3 font-medium">
                {formatCredits(centsFromDecimal(refund.amount), locale, settings.internal_currency_name, t)}
                <p className="text-xs font-normal text-slate-500">
                  {refund.subject === 'deposit' && refund.provider_amount !== null && refund.currency
                    ? t('admin.refunds.toCard', {
                        money: formatInternal(
                          centsFromDecimal(refund.provider_amount),
                          locale,
                          refund.currency,
                        ),
                      })
                    : t('admin.refunds.toBalance')}
                </p>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[refund.status]}`}
                >
                  {t(`admin.refunds.statuses.${refund.status}`)}
                </span>
                {refund.provider_refund_id ? (
                  <p className="mt-1 break-all font-mono text-xs text-slate-500">
                    {refund.provider_refund_id}
                  </p>
                ) : null}
                {refund.failure_message ? (
                  <p className="mt-1 text-xs text-red-700">{refund.failure_message}</p>
                ) : null}
              </td>
              <td className="min-w-48 px-4 py-3 text-slate-700">
                {refund.reason}
                <p className="text-xs text-slate-500">
                  {t('admin.refunds.by')} {refund.admin_email}
                </p>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
