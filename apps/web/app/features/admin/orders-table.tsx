import type { AdminOrderKind, AdminOrderRow, AdminOrderStatus } from '@promptmarket/contracts/admin-orders';
import { Link } from '../../components/ui/link';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { Table } from './admin-table';
import { RefundButton } from './refund-dialog';

/** The orders' table and badges, shown by the orders list and by the customer page. */

const kindTone: Record<AdminOrderKind, string> = {
  purchase: 'bg-sky-50 text-sky-800',
  checkout: 'bg-indigo-50 text-indigo-800',
  generation: 'bg-violet-50 text-violet-800',
};

const statusTone: Record<AdminOrderStatus, string> = {
  paid: 'bg-emerald-50 text-emerald-800',
  done: 'bg-emerald-50 text-emerald-800',
  processing: 'bg-amber-50 text-amber-800',
  failed: 'bg-red-50 text-red-800',
  partially_refunded: 'bg-orange-50 text-orange-800',
  refunded: 'bg-slate-100 text-slate-700',
};

export function OrderKind({ kind }: { kind: AdminOrderKind }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${kindTone[kind]}`}>
      {t(`admin.orders.kinds.${kind}`)}
    </span>
  );
}

export function OrderStatus({ status }: { status: AdminOrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[status]}`}>
      {t(`admin.orders.statuses.${status}`)}
    </span>
  );
}

/** The orders that can still give money back: paid, drawn, or refunded in part. */
const REFUNDABLE: readonly AdminOrderStatus[] = ['paid', 'done', 'partially_refunded'];

/**
 * One order's row: its number opens it, its buyer's name opens the customer page; with
 * `refunds`, a last cell to refund it (to the buyer's balance).
 */
function OrderRow({ order, refunds }: { order: AdminOrderRow; refunds: boolean }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-3">
        <Link
          to={paths.adminOrder(locale, order.id)}
          className="font-mono font-medium text-brand-700 underline"
        >
          {order.number}
        </Link>
        <p className="mt-1">
          <OrderKind kind={order.kind} />
        </p>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
        {new Date(order.created_at).toLocaleString(locale)}
      </td>
      <td className="px-4 py-3">
        <Link
          to={paths.adminCustomer(locale, order.buyer.id)}
          className="font-medium text-brand-700 underline"
        >
          {order.buyer.name || order.buyer.email}
        </Link>
        <p className="break-all text-xs text-slate-500">{order.buyer.email}</p>
      </td>
      <td className="px-4 py-3">{t('admin.orders.itemCount', { count: order.item_count })}</td>
      <td className="whitespace-nowrap px-4 py-3 font-medium">
        {formatCredits(centsFromDecimal(order.total), locale, settings.internal_currency_name, t)}
      </td>
      <td className="px-4 py-3">
        <OrderStatus status={order.status} />
      </td>
      {refunds ? (
        <td className="px-4 py-3">
          {REFUNDABLE.includes(order.status) ? (
            <RefundButton
              subject={order.kind === 'generation' ? 'generation' : 'order'}
              id={Number(order.id.split('-')[1])}
              label={t('admin.refunds.buttonOrder')}
            />
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

export function OrdersTable({
  orders,
  refunds = false,
}: {
  orders: AdminOrderRow[];
  /** Each order can be refunded from its row (the customer page). */
  refunds?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table
      actions={refunds}
      head={[
        t('admin.orders.order'),
        t('admin.orders.date'),
        t('admin.orders.buyer'),
        t('admin.orders.items'),
        t('admin.orders.total'),
        t('admin.offers.status'),
        ...(refunds ? [t('admin.offers.actions')] : []),
      ]}
    >
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} refunds={refunds} />
      ))}
    </Table>
  );
}
