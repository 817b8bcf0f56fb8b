import type { AdminAuditEntry } from '@promptmarket/contracts/admin';
import type { AdminCustomer, AdminOrderRow, AdminStatementEntry } from '@promptmarket/contracts/admin-orders';
import { Link } from '../../components/ui/link';
import { adminMeta } from '../../features/admin/admin-meta';
import { getAudit, getCustomer, getOrders, getStatement } from '../../features/admin/api';
import {
  AuditTable,
  CustomerPart,
  DepositsTable,
  OffersTable,
  PayoutsTable,
  SessionsTable,
  StatementTable,
  VerificationsTable,
} from '../../features/admin/customer-history';
import { CustomerActions, CustomerDetails } from '../../features/admin/customer-profile';
import { Pager } from '../../features/admin/list-controls';
import { ordersApiQuery } from '../../features/admin/orders-query';
import { OrdersTable } from '../../features/admin/orders-table';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/customer';

export const meta: Route.MetaFunction = ({ matches, data }) =>
  adminMeta(matches, 'admin.customer.title', {
    name: data?.customer
      ? `${data.customer.profile.first_name} ${data.customer.profile.last_name}`.trim()
      : '',
  });

type Page<T> = { data: T[]; meta: { current_page: number; last_page: number; total: number } } | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const none = { customer: null, orders: null, statement: null, audit: null };
  if (!UUID.test(params.id)) return { ...none, missing: true };
  const api = serverApi(request, context, params.locale, true);
  const address = new URL(request.url).searchParams;
  const ledgerPage = Number(address.get('ledger_page'));
  const statementQuery = new URLSearchParams({ per_page: '20' });
  if (Number.isInteger(ledgerPage) && ledgerPage > 1) statementQuery.set('page', String(ledgerPage));
  const auditQuery = new URLSearchParams({ subject_type: 'user', subject_id: params.id, per_page: '20' });
  // Each part of the page is loaded on its own: one that fails says so where it stands.
  const optional = <T,>(work: Promise<{ payload: T }>) =>
    work.then((answer) => answer.payload).catch(() => null);
  try {
    const [customer, orders, statement, audit] = await Promise.all([
      getCustomer(api, params.id).then((answer) => answer.payload as AdminCustomer),
      optional(
        getOrders(
          api,
          ordersApiQuery(new URLSearchParams(address), {
            perPage: 10,
            userId: params.id,
            pageParam: 'orders_page',
          }),
        ),
      ),
      optional(getStatement(api, params.id, statementQuery)),
      optional(getAudit(api, auditQuery)),
    ]);
    return {
      customer,
      orders: orders as Page<AdminOrderRow>,
      statement: statement as Page<AdminStatementEntry>,
      audit: audit as Page<AdminAuditEntry>,
      missing: false,
    };
  } catch (error) {
    return { ...none, missing: error instanceof ApiError && error.status === 404 };
  }
}

/**
 * A customer as support sees them: who they are, what they hold, everything they bought, paid
 * in, offered and were paid, their sessions and what the back office did to their account; with
 * the operator's actions.
 */
export default function AdminCustomerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { customer, orders, statement, audit, missing } = loaderData;
  const profile = customer?.profile;
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return (
    <section aria-labelledby="admin-customer-title" className="space-y-8">
      <p>
        <Link to={paths.admin(locale, 'users')} className="text-sm font-medium text-brand-700 underline">
          {t('admin.customer.back')}
        </Link>
      </p>
      <h2 id="admin-customer-title" className="break-words text-lg font-semibold text-slate-900">
        {t('admin.customer.title', { name: name || profile?.email || '' })}
      </h2>
      {customer === null || profile === undefined ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          {missing ? t('admin.customer.missing') : t('admin.customer.loadFailed')}
        </p>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <CustomerDetails profile={profile} />
            <CustomerActions profile={profile} />
          </div>

          <CustomerPart title={t('admin.nav.orders')} count={orders ? orders.meta.total : null}>
            {orders ? (
              <>
                <OrdersTable orders={orders.data} refunds />
                <Pager param="orders_page" page={orders.meta.current_page} lastPage={orders.meta.last_page} />
              </>
            ) : null}
          </CustomerPart>

          <CustomerPart title={t('admin.customer.statement')} count={statement ? statement.meta.total : null}>
            {statement ? (
              <>
                <StatementTable entries={statement.data} />
                <Pager
                  param="ledger_page"
                  page={statement.meta.current_page}
                  lastPage={statement.meta.last_page}
                />
              </>
            ) : null}
          </CustomerPart>

          <CustomerPart title={t('admin.nav.deposits')} count={customer.deposits.length}>
            <DepositsTable deposits={customer.deposits} />
          </CustomerPart>

          <CustomerPart title={t('admin.nav.offers')} count={customer.offers.length}>
            <OffersTable offers={customer.offers} />
          </CustomerPart>

          <CustomerPart title={t('admin.nav.payouts')} count={customer.payouts.length}>
            <PayoutsTable payouts={customer.payouts} />
          </CustomerPart>

          <CustomerPart title={t('admin.nav.verifications')} count={customer.verifications.length}>
            <VerificationsTable verifications={customer.verifications} />
          </CustomerPart>

          <CustomerPart title={t('admin.customer.sessions')} count={customer.sessions.length}>
            <SessionsTable sessions={customer.sessions} />
          </CustomerPart>

          <CustomerPart title={t('admin.customer.audit')} count={audit ? audit.meta.total : null}>
            {audit ? <AuditTable entries={audit.data} /> : null}
          </CustomerPart>
        </>
      )}
    </section>
  );
}
