import { type AdminOrderDetail, adminOrderIdPattern } from '@promptmarket/contracts/admin-orders';
import { type ReactNode, useId, useState } from 'react';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { Table } from '../../features/admin/admin-table';
import { type Notice, NoticeBar } from '../../features/admin/admin-ui';
import { getOrder } from '../../features/admin/api';
import { OrderKind, OrderStatus } from '../../features/admin/orders-table';
import { RefundButton } from '../../features/admin/refund-dialog';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  adminMeta(matches, 'admin.orders.detail', { number: data?.order?.number ?? '' });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!adminOrderIdPattern.test(params.id)) return { order: null, missing: true };
  try {
    const { payload } = await getOrder(serverApi(request, context, params.locale, true), params.id);
    return { order: payload as AdminOrderDetail, missing: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { order: null, missing: true };
    return { order: null, missing: false };
  }
}

/** A titled part of the page. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const empty = 'text-sm text-slate-600';

/**
 * One order as support reads it: who bought what at which price, the ledger moves that paid it
 * (and gave any of it back), the receipt the buyer got, every download and every refund.
 */
export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { order, missing } = loaderData;
  const credits = (amount: number) =>
    formatCredits(centsFromDecimal(amount), locale, order?.currency ?? '', t);
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  const [notice, setNotice] = useState<Notice>(null);
  const refunded = (text: string) => setNotice({ kind: 'success', text });
  // `order-12` or `generation-5`: what a refund names.
  const refundable = order
    ? {
        subject: order.kind === 'generation' ? ('generation' as const) : ('order' as const),
        id: Number(order.id.split('-')[1]),
      }
    : null;
  return (
    <section aria-labelledby="admin-order-title" className="space-y-6">
      <p>
        <Link to={paths.admin(locale, 'orders')} className="text-sm font-medium text-brand-700 underline">
          {t('admin.orders.back')}
        </Link>
      </p>
      <h2 id="admin-order-title" className="text-lg font-semibold text-slate-900">
        {t('admin.orders.detail', { number: order?.number ?? '' })}
      </h2>
      {order === null ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          {missing ? t('admin.orders.missing') : t('admin.orders.loadFailed')}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <dt className="text-slate-500">{t('admin.orders.kind')}</dt>
            <dd>
              <OrderKind kind={order.kind} />
            </dd>
            <dt className="text-slate-500">{t('admin.offers.status')}</dt>
            <dd>
              <OrderStatus status={order.status} />
              {order.error_message ? (
                <p className="mt-1 text-xs text-red-700">{order.error_message}</p>
              ) : null}
            </dd>
            <dt className="text-slate-500">{t('admin.orders.date')}</dt>
            <dd>{when(order.created_at)}</dd>
            <dt className="text-slate-500">{t('admin.orders.buyer')}</dt>
            <dd className="min-w-0">
              <Link
                to={paths.adminCustomer(locale, order.buyer.id)}
                className="font-medium text-brand-700 underline"
              >
                {order.buyer.name || order.buyer.email}
              </Link>
              <span className="block break-all text-xs text-slate-500">{order.buyer.email}</span>
            </dd>
            <dt className="text-slate-500">{t('admin.orders.total')}</dt>
            <dd className="font-semibold">{credits(order.total)}</dd>
          </dl>
          <NoticeBar notice={notice} />
          {refundable && order.total > 0 ? (
            <RefundButton
              subject={refundable.subject}
              id={refundable.id}
              label={t('admin.refunds.buttonOrder')}
              onDone={refunded}
            />
          ) : null}

          <Part title={t('admin.orders.items')}>
            <Table head={[t('admin.orders.item'), t('admin.orders.price')]}>
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-3">
                    {item.product_id === null ? (
                      item.title
                    ) : (
                      <Link
                        to={`${paths.admin(locale, 'products')}/${item.product_id}`}
                        className="font-medium text-brand-700 underline"
                      >
                        {item.title}
                      </Link>
                    )}
                    {item.format ? (
                      <span className="block text-xs text-slate-500">
                        {item.format.toUpperCase()} · {item.size}
                      </span>
                    ) : null}
                    {order.kind === 'checkout' && item.price > 0 ? (
                      <span className="mt-2 block">
                        <RefundButton
                          subject="order_item"
                          id={item.id}
                          label={t('admin.refunds.buttonItem')}
                          onDone={refunded}
                        />
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 font-medium">{credits(item.price)}</td>
                </tr>
              ))}
            </Table>
          </Part>

          <Part title={t('admin.orders.moves')}>
            {order.moves.length === 0 ? (
              <p className={empty}>{t('admin.orders.noMoves')}</p>
            ) : (
              <Table
                head={[
                  t('admin.orders.move'),
                  t('admin.orders.date'),
                  t('admin.orders.account'),
                  t('admin.orders.amount'),
                ]}
              >
                {order.moves.flatMap((move) =>
                  move.entries.map((entry, index) => (
                    <tr key={`${move.id}-${entry.account}`}>
                      <td className="whitespace-nowrap px-4 py-3">
                        {index === 0 ? (
                          <>
                            <span className="font-medium">{move.kind}</span>
                            <span className="block font-mono text-xs text-slate-500">{move.reference}</span>
                          </>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                        {index === 0 ? when(move.created_at) : null}
                      </td>
                      <td className="px-4 py-3 font-mono text-xs">
                        {entry.account === 'wallet' ? t('admin.orders.buyerWallet') : entry.account}
                      </td>
                      <td
                        className={`whitespace-nowrap px-4 py-3 font-medium ${entry.amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}
                      >
                        {entry.amount > 0 ? '+' : ''}
                        {credits(entry.amount)}
                      </td>
                    </tr>
                  )),
                )}
              </Table>
            )}
          </Part>

          <Part title={t('admin.orders.receipt')}>
            {order.receipt === null ? (
              <p className={empty}>{t('admin.orders.noReceipt')}</p>
            ) : (
              <div className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
                <p>
                  <span className="font-mono font-medium">{order.receipt.number}</span>
                  <span className="text-slate-600"> · {when(order.receipt.issued_at)}</span>
                </p>
                <ul className="space-y-1">
                  {order.receipt.lines.map((line) => (
                    <li key={line.description} className="flex justify-between gap-4">
                      <span>{line.description}</span>
                      <span className="whitespace-nowrap">{credits(line.amount_minor / 100)}</span>
                    </li>
                  ))}
                </ul>
                {order.receipt.vat ? (
                  <p className="text-slate-600">
                    {t('admin.orders.vat', {
                      rate: order.receipt.vat.rate,
                      amount: credits(order.receipt.vat.amount_minor / 100),
                    })}
                  </p>
                ) : null}
                <p className="text-slate-600">
                  {t('admin.orders.receiptSeen')}{' '}
                  <span className="break-all font-mono text-xs">
                    /{locale}
                    {order.receipt_path}
                  </span>
                </p>
              </div>
            )}
          </Part>

          <Part title={t('admin.orders.downloads')}>
            {order.downloads.length === 0 ? (
              <p className={empty}>{t('admin.orders.noDownloads')}</p>
            ) : (
              <Table head={[t('admin.orders.date'), t('admin.orders.item'), t('admin.orders.format')]}>
                {order.downloads.map((download) => (
                  <tr key={download.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                      {when(download.created_at)}
                    </td>
                    <td className="px-4 py-3">
                      {order.items.find((item) => item.id === download.item_id)?.title ?? download.item_id}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      {download.format?.toUpperCase()} · {download.size}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </Part>

          <Part title={t('admin.orders.refunds')}>
            {order.refunds.length === 0 ? (
              <p className={empty}>{t('admin.orders.noRefunds')}</p>
            ) : (
              <Table
                head={[
                  t('admin.orders.date'),
                  t('admin.orders.creditNote'),
                  t('admin.orders.amount'),
                  t('admin.reason'),
                  t('admin.customer.admin'),
                ]}
              >
                {order.refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{when(refund.created_at)}</td>
                    <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">
                      {refund.number}
                      {refund.status === 'succeeded' ? null : (
                        <span className="block font-sans text-slate-500">{refund.status}</span>
                      )}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 font-medium">{credits(refund.amount)}</td>
                    <td className="px-4 py-3">{refund.reason}</td>
                    <td className="break-all px-4 py-3 text-xs">{refund.admin_email}</td>
                  </tr>
                ))}
              </Table>
            )}
          </Part>
        </>
      )}
    </section>
  );
}
