import { type RefundSubject, refundStatuses, refundSubjects } from '@promptmarket/contracts/admin-refunds';
import { useId, useState } from 'react';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import type { Notice } from '../../features/admin/admin-ui';
import { getRefunds } from '../../features/admin/api';
import { listQuery, STATUS, StatusFilter } from '../../features/admin/list-controls';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { RefundButton } from '../../features/admin/refund-dialog';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/refunds';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.refunds');

export const loader = (args: Route.LoaderArgs) =>
  loadList(args, getRefunds, listQuery(args.request, { status: STATUS, subject: refundSubjects }));

const statusTone = {
  pending: 'bg-amber-50 text-amber-800',
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
} as const;

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
  const [notice, setNotice] = useState<Notice>(null);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <AdminListPage
      name="refunds"
      title={t('admin.nav.refunds')}
      top={<NewRefund onDone={(text) => setNotice({ kind: 'success', text })} />}
      search={t('admin.refunds.search')}
      find={t('admin.refunds.find')}
      filters={
        <StatusFilter
          param="subject"
          name={t('admin.refunds.what')}
          dark
          statuses={refundSubjects}
          label={(subject) => t(`admin.refunds.subjectNames.${subject}`)}
        />
      }
      status={{ statuses: refundStatuses, label: (status) => t(`admin.refunds.statuses.${status}`) }}
      notice={notice}
      list={loaderData.list}
      failed={t('admin.refunds.failed')}
      empty={t('admin.refunds.empty')}
      head={[
        t('admin.refunds.date'),
        t('admin.refunds.number'),
        t('admin.refunds.what'),
        t('admin.refunds.buyer'),
        t('admin.refunds.amount'),
        t('admin.refunds.status'),
        t('admin.refunds.reason'),
      ]}
      row={(refund) => (
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
                    money: formatInternal(centsFromDecimal(refund.provider_amount), locale, refund.currency),
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
              <p className="mt-1 break-all font-mono text-xs text-slate-500">{refund.provider_refund_id}</p>
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
      )}
    />
  );
}
