import { type Receipt, receiptParams } from '@promptmarket/contracts/receipts';
import { data, useLocation, useNavigation } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { getReceipt, receiptPdfHref } from '../../features/receipts/api';
import { receiptDate, receiptMoney } from '../../features/receipts/format';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/receipt';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'receipts.pageTitle' }),
  { name: 'robots', content: 'noindex' },
];

type Loaded =
  | { state: 'ok'; receipt: Receipt }
  | { state: 'not-found'; kind: Receipt['kind'] | null }
  | { state: 'failed'; kind: Receipt['kind'] | null };

/**
 * The dashboard layout has checked the user. Someone else's receipt, a deposit not paid and an
 * address that names no receipt all answer the same "not found" (404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const parsed = receiptParams.safeParse(params);
  if (!parsed.success) return data<Loaded>({ state: 'not-found', kind: null }, { status: 404 });
  const { kind, id } = parsed.data;
  try {
    const { payload } = await getReceipt(serverApi(request, context, params.locale, true), kind, id);
    return data<Loaded>({ state: 'ok', receipt: payload });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return data<Loaded>({ state: 'not-found', kind }, { status: 404 });
    }
    return data<Loaded>({ state: 'failed', kind });
  }
}

function BackLink({ kind }: { kind: Receipt['kind'] | null }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return kind === 'deposit' ? (
    <Link to={paths.deposits(locale)} className={buttonStyles.secondary}>
      {t('receipts.backDeposits')}
    </Link>
  ) : (
    <Link to={paths.orders(locale)} className={buttonStyles.secondary}>
      {t('receipts.backOrders')}
    </Link>
  );
}

function Party({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div className="min-w-0">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{heading}</h3>
      <p className="mt-1 whitespace-pre-line text-sm [overflow-wrap:anywhere] leading-6 text-slate-900">
        {lines.join('\n')}
      </p>
    </div>
  );
}

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const money = receiptMoney(receipt, locale, t);
  const { seller, buyer } = receipt;
  return (
    <article
      aria-labelledby="receipt-title"
      data-print-alone=""
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="receipt-title" className="text-2xl font-bold text-slate-900">
            {t(`receipts.${receipt.kind}`)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('receipts.number')} <span className="font-semibold text-slate-900">{receipt.number}</span>
          </p>
          <p className="text-sm text-slate-600">
            {t('receipts.date')}:{' '}
            <time dateTime={receipt.issued_at}>{receiptDate(receipt.issued_at, locale)}</time>
          </p>
        </div>
      </header>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Party
          heading={t('receipts.seller')}
          lines={[
            seller.name,
            ...seller.address,
            ...(seller.vat_id ? [`${t('receipts.vatId')}: ${seller.vat_id}`] : []),
            seller.email,
            ...(seller.phone ? [`${t('receipts.phone')}: ${seller.phone}`] : []),
          ]}
        />
        <Party heading={t('receipts.buyer')} lines={[buyer.name, ...buyer.address, buyer.email]} />
      </div>
      <table className="mt-8 w-full table-fixed text-left text-sm">
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="pb-2 font-semibold">
              {t('receipts.description')}
            </th>
            <th scope="col" className="w-14 pb-2 text-right font-semibold">
              {t('receipts.quantity')}
            </th>
            <th scope="col" className="w-32 pb-2 text-right font-semibold sm:w-40">
              {t('receipts.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {receipt.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a receipt never change order, and two may read alike
            <tr key={index}>
              <td className="py-2 pr-2 text-slate-900 [overflow-wrap:anywhere]">{line.description}</td>
              <td className="py-2 text-right tabular-nums text-slate-700">{line.quantity}</td>
              <td className="py-2 text-right tabular-nums text-slate-900">{money(line.amount_minor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300">
          {receipt.vat ? (
            <>
              <tr className="text-slate-600">
                <th scope="row" colSpan={2} className="pt-3 font-normal">
                  {t('receipts.net')}
                </th>
                <td className="pt-3 text-right tabular-nums">{money(receipt.vat.net_minor)}</td>
              </tr>
              <tr className="text-slate-600">
                <th scope="row" colSpan={2} className="pt-1 font-normal">
                  {t('receipts.vat', { rate: receipt.vat.rate })}
                </th>
                <td className="pt-1 text-right tabular-nums">{money(receipt.vat.amount_minor)}</td>
              </tr>
            </>
          ) : null}
          <tr className="text-base font-semibold text-slate-900">
            <th scope="row" colSpan={2} className="pt-3">
              {t('receipts.total')}
            </th>
            <td className="pt-3 text-right tabular-nums">{money(receipt.total_minor)}</td>
          </tr>
        </tfoot>
      </table>
      {receipt.credit_notes.length > 0 ? (
        // The refunds of this order or deposit (decision 0048), each a credit note of its own number.
        <section aria-labelledby="receipt-credit-notes" className="mt-8">
          <h3
            id="receipt-credit-notes"
            className="text-sm font-semibold uppercase tracking-wide text-slate-500"
          >
            {t('receipts.creditNotes')}
          </h3>
          <table className="mt-2 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">{t('receipts.creditNote')}</th>
                <th scope="col">{t('receipts.description')}</th>
                <th scope="col">{t('receipts.amount')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {receipt.credit_notes.map((note) => (
                <tr key={note.number}>
                  <td className="py-2 pr-3 align-top">
                    <span className="font-mono text-xs">{note.number}</span>
                    <p className="text-xs text-slate-500">
                      {new Date(note.issued_at).toLocaleDateString(receipt.language, { timeZone: 'UTC' })}
                    </p>
                  </td>
                  <td className="py-2 pr-3 align-top">
                    {note.description}
                    <p className="text-xs text-slate-500">
                      {t('receipts.refundReason', { reason: note.reason })}
                    </p>
                  </td>
                  <td className="py-2 text-right align-top tabular-nums">−{money(note.amount_minor)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold text-slate-900">
                <th scope="row" colSpan={2} className="pt-3 text-left">
                  {t('receipts.totalAfterRefunds')}
                </th>
                <td className="pt-3 text-right tabular-nums">{money(receipt.total_after_refunds_minor)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      ) : null}
      <p className="mt-8 text-sm text-slate-600">
        {receipt.paid_with === 'balance'
          ? t('receipts.paidWithBalance')
          : t('receipts.paidWith', { provider: receipt.paid_with })}
      </p>
      {receipt.vat ? null : <p className="mt-1 text-sm text-slate-600">{t('receipts.noVat')}</p>}
    </article>
  );
}

/**
 * A receipt of a credited deposit or a purchase (decision 0029): the sheet as the PDF has it,
 * printable on its own, with the PDF to download.
 */
export default function DashboardReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const navigation = useNavigation();
  const location = useLocation();
  // Another receipt is on its way: say so rather than show the last one as if it were it.
  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname !== location.pathname &&
    navigation.location.pathname.startsWith(`/${locale}/dashboard/receipts/`);

  if (loading) {
    return (
      <p
        role="status"
        aria-busy="true"
        className="rounded-2xl border border-slate-200 px-6 py-12 text-center text-slate-600"
      >
        {t('receipts.loading')}
      </p>
    );
  }
  if (loaderData.state !== 'ok') {
    return (
      <section aria-labelledby="receipt-title" className="space-y-6">
        <h2 id="receipt-title" className="text-xl font-semibold text-slate-900">
          {t('receipts.pageTitle')}
        </h2>
        <p
          role="alert"
          className={
            loaderData.state === 'failed'
              ? 'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800'
              : 'rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600'
          }
        >
          {t(loaderData.state === 'failed' ? 'receipts.failed' : 'receipts.notFound')}
        </p>
        <BackLink kind={loaderData.kind} />
      </section>
    );
  }

  const { receipt } = loaderData;
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <a
          href={receiptPdfHref(receipt.kind, receipt.id, locale)}
          download={`${receipt.number}.pdf`}
          className={buttonStyles.primary}
        >
          {t('receipts.downloadPdf')}
        </a>
        <button type="button" onClick={() => window.print()} className={buttonStyles.secondary}>
          {t('receipts.print')}
        </button>
        <BackLink kind={receipt.kind} />
      </div>
      <ReceiptSheet receipt={receipt} />
    </section>
  );
}
