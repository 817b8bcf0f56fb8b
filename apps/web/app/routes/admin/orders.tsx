import { adminOrderKinds, adminOrderStatuses } from '@promptmarket/contracts/admin-orders';
import { useId } from 'react';
import { Form, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { getOrders } from '../../features/admin/api';
import { AdminListPage } from '../../features/admin/list-page';
import { filtered, ordersApiQuery, ordersFilters } from '../../features/admin/orders-query';
import { OrdersTable } from '../../features/admin/orders-table';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.orders');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = ordersApiQuery(new URL(request.url).searchParams);
  try {
    const { payload } = await getOrders(serverApi(request, context, params.locale, true), query);
    return { list: payload, invalid: false };
  } catch (error) {
    // A filter typed wrong in the address (a day that does not exist) is said so, not a failure.
    return { list: null, invalid: error instanceof ApiError && error.status === 422 };
  }
}

const field = 'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
const labelStyle = 'mb-1 block text-xs font-medium text-slate-700';

/** The search and the filters, in the address: a list can be linked to and reloaded. */
function OrdersFilterForm() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [params] = useSearchParams();
  const filters = ordersFilters(params);
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('admin.orders.filters')}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className={labelStyle}>
          {t('admin.orders.search')}
        </label>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          maxLength={120}
          defaultValue={filters.search}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className={labelStyle}>
          {t('admin.orders.kind')}
        </label>
        <select id={`${id}-kind`} name="kind" defaultValue={filters.kind} className={field}>
          <option value="">{t('admin.all')}</option>
          {adminOrderKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`admin.orders.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelStyle}>
          {t('admin.offers.status')}
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filters.status} className={field}>
          <option value="">{t('admin.all')}</option>
          {adminOrderStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`admin.orders.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelStyle}>
          {t('admin.orders.from')}
        </label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelStyle}>
          {t('admin.orders.to')}
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} className={field} />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonStyles.primary}>
          {t('admin.orders.apply')}
        </button>
        {filtered(filters) ? (
          <Link to={paths.admin(locale, 'orders')} className={buttonStyles.secondary}>
            {t('admin.orders.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Every purchase, cart checkout and paid generation: to answer "where is my purchase?". */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { list, invalid } = loaderData;
  return (
    <AdminListPage
      name="orders"
      title={t('admin.nav.orders')}
      filters={<OrdersFilterForm />}
      exportKind="orders"
      list={list}
      failed={invalid ? t('admin.orders.invalidFilters') : t('admin.failed')}
      empty={filtered(ordersFilters(params)) ? t('admin.orders.noMatch') : t('admin.orders.none')}
      items={(found) => (
        <>
          <p className="text-sm text-slate-600">{t('admin.orders.found', { count: found.meta.total })}</p>
          <OrdersTable orders={found.data} />
        </>
      )}
    />
  );
}
