import type { AdminAuditEntry } from '@promptmarket/contracts/admin';
import type { AdminCustomer, AdminStatementEntry } from '@promptmarket/contracts/admin-orders';
import { type ReactNode, useId } from 'react';
import { Link } from '../../components/ui/link';
import { formatCredits } from '../../lib/credits';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { Table } from './admin-table';
import { AuditAction } from './audit-action';
import { DepositReversal } from './deposit-reversal';

/**
 * What a customer did, as the customer page lists it: their wallet's statement, deposits, offers,
 * payouts, verifications, sessions, and what the back office did to their account. Each table
 * stands in a `CustomerPart`, which says so when its list is empty or could not be loaded.
 */

const cell = 'px-4 py-3';
const dateCell = 'whitespace-nowrap px-4 py-3 text-slate-600';

/** A titled part of the page with what stands in its place when it is empty or failed. */
export function CustomerPart({
  title,
  count,
  children,
}: {
  title: string;
  count: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {count === null ? (
        <p role="alert" className="text-sm text-red-700">
          {t('admin.failed')}
        </p>
      ) : count === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.empty')}</p>
      ) : (
        children
      )}
    </section>
  );
}

/** Amounts in credits and in euros (or a payment's currency), and dates, in the page's language. */
function useFormats() {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const currency = settings.internal_currency_name;
  return {
    credits: (amount: number) => formatCredits(centsFromDecimal(amount), locale, currency, t),
    euro: (amount: number, code = EURO.code) => formatInternal(centsFromDecimal(amount), locale, code),
    when: (iso: string) => new Date(iso).toLocaleString(locale),
  };
}

export function StatementTable({ entries }: { entries: AdminStatementEntry[] }) {
  const { t } = useTranslation();
  const { credits, when } = useFormats();
  return (
    <Table
      head={[
        t('admin.orders.date'),
        t('admin.orders.move'),
        t('admin.orders.amount'),
        t('admin.customer.balanceAfter'),
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={dateCell}>{when(entry.created_at)}</td>
          <td className={cell}>
            <span className="font-medium">{entry.kind}</span>
            {entry.reference ? (
              <span className="block font-mono text-xs text-slate-500">{entry.reference}</span>
            ) : null}
          </td>
          <td
            className={`whitespace-nowrap px-4 py-3 font-medium ${entry.amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}
          >
            {entry.amount > 0 ? '+' : ''}
            {credits(entry.amount)}
          </td>
          <td className="whitespace-nowrap px-4 py-3">{credits(entry.balance_after)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function DepositsTable({ deposits }: { deposits: AdminCustomer['deposits'] }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { credits, euro, when } = useFormats();
  return (
    <Table
      head={[
        t('admin.orders.date'),
        t('admin.deposits.paid'),
        t('admin.deposits.credited'),
        t('admin.deposits.reference'),
        t('admin.offers.status'),
      ]}
    >
      {deposits.map((deposit) => (
        <tr key={deposit.id}>
          <td className={dateCell}>{when(deposit.created_at)}</td>
          <td className="whitespace-nowrap px-4 py-3">{euro(deposit.amount, deposit.currency)}</td>
          <td className="whitespace-nowrap px-4 py-3">{credits(deposit.internal_amount)}</td>
          <td className={cell}>
            <span className="text-slate-600">{deposit.provider}</span>
            {deposit.provider_ref ? (
              <span className="block break-all font-mono text-xs text-slate-500">{deposit.provider_ref}</span>
            ) : null}
          </td>
          <td className={cell}>
            {t(`admin.deposits.${deposit.status}`)}
            <DepositReversal
              deposit={deposit}
              locale={locale}
              currencyName={settings.internal_currency_name}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function OffersTable({ offers }: { offers: AdminCustomer['offers'] }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { euro, when } = useFormats();
  return (
    <Table
      head={[
        t('admin.orders.date'),
        t('admin.customer.offer'),
        t('admin.customer.asked'),
        t('admin.offers.status'),
      ]}
    >
      {offers.map((offer) => (
        <tr key={offer.id}>
          <td className={dateCell}>{when(offer.created_at)}</td>
          <td className={cell}>
            <Link
              to={`${paths.admin(locale, 'offers')}/${offer.id}`}
              className="font-medium text-brand-700 underline"
            >
              {offer.title}
            </Link>
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            {euro(offer.user_price)}
            {offer.service_price === null ? null : (
              <span className="block text-xs text-slate-500">
                {t('admin.customer.countered', { price: euro(offer.service_price) })}
              </span>
            )}
          </td>
          <td className={cell}>{offer.status}</td>
        </tr>
      ))}
    </Table>
  );
}

export function PayoutsTable({ payouts }: { payouts: AdminCustomer['payouts'] }) {
  const { t } = useTranslation();
  const { euro, when } = useFormats();
  return (
    <Table
      head={[
        t('admin.orders.date'),
        t('admin.orders.amount'),
        t('admin.customer.destination'),
        t('admin.offers.status'),
      ]}
    >
      {payouts.map((payout) => (
        <tr key={payout.id}>
          <td className={dateCell}>{when(payout.created_at)}</td>
          <td className="whitespace-nowrap px-4 py-3">{euro(payout.amount, payout.currency)}</td>
          <td className={cell}>
            <span className="uppercase">{payout.method}</span>{' '}
            <span className="font-mono text-xs text-slate-500">{payout.destination}</span>
          </td>
          <td className={cell}>{payout.status}</td>
        </tr>
      ))}
    </Table>
  );
}

export function VerificationsTable({ verifications }: { verifications: AdminCustomer['verifications'] }) {
  const { t } = useTranslation();
  const { when } = useFormats();
  return (
    <Table head={[t('admin.orders.date'), t('admin.offers.status'), t('admin.reason')]}>
      {verifications.map((verification) => (
        <tr key={verification.id}>
          <td className={dateCell}>{when(verification.created_at)}</td>
          <td className={cell}>{t(`admin.customer.verification.${verification.status}`)}</td>
          <td className={cell}>{verification.reason ?? '—'}</td>
        </tr>
      ))}
    </Table>
  );
}

export function SessionsTable({ sessions }: { sessions: AdminCustomer['sessions'] }) {
  const { t } = useTranslation();
  const { when } = useFormats();
  return (
    <Table head={[t('admin.customer.signedIn'), t('admin.customer.lastSeen'), t('admin.customer.browser')]}>
      {sessions.map((session) => (
        <tr key={`${session.created_at}-${session.last_seen_at}`}>
          <td className={dateCell}>{when(session.created_at)}</td>
          <td className={dateCell}>{when(session.last_seen_at)}</td>
          <td className="min-w-64 break-words px-4 py-3 text-xs text-slate-600">
            {session.user_agent ?? t('admin.customer.unknownBrowser')}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** What the back office did to the account, and who did it. */
export function AuditTable({ entries }: { entries: AdminAuditEntry[] }) {
  const { t } = useTranslation();
  const { when } = useFormats();
  return (
    <Table head={[t('admin.orders.date'), t('admin.customer.action'), t('admin.customer.admin')]}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className={dateCell}>{when(entry.created_at)}</td>
          <td className="px-4 py-3 text-xs">
            <AuditAction action={entry.action} />
          </td>
          <td className="break-all px-4 py-3">{entry.admin_email}</td>
        </tr>
      ))}
    </Table>
  );
}
