import type { AdminAuditEntry } from '@promptmarket/contracts/admin';
import type { AdminCustomer, AdminOrderRow, AdminStatementEntry } from '@promptmarket/contracts/admin-orders';
import { type ReactNode, useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { AdjustButton } from '../../features/admin/adjust-balance';
import { adminMeta } from '../../features/admin/admin-meta';
import { ConfirmButton, NoticeBar, Table, useAdminAction } from '../../features/admin/admin-ui';
import {
  getAudit,
  getCustomer,
  getOrders,
  getStatement,
  resendVerificationOf,
  resetTwoFactorOf,
  setBlocked,
} from '../../features/admin/api';
import { AccountBalance, DepositReversal } from '../../features/admin/deposit-reversal';
import { ordersApiQuery } from '../../features/admin/orders-query';
import { OrdersTable } from '../../features/admin/orders-table';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { EURO } from '../../lib/currency';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';
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

/** A titled part of the page with what stands in its place when it is empty or failed. */
function Part({ title, count, children }: { title: string; count: number | null; children: ReactNode }) {
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

/** Links to the previous and next page of one part of the page (its own page in the address). */
function PartPager({ name, page, lastPage }: { name: string; page: number; lastPage: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (lastPage <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    next.set(name, String(target));
    return `${pathname}?${next}`;
  };
  return (
    <nav aria-label={t('admin.pages')} className="flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonStyles.secondary}>
          {t('admin.prev')}
        </Link>
      ) : null}
      <span>{t('admin.page', { page, pages: lastPage })}</span>
      {page < lastPage ? (
        <Link to={to(page + 1)} className={buttonStyles.secondary}>
          {t('admin.next')}
        </Link>
      ) : null}
    </nav>
  );
}

const cell = 'px-4 py-3';
const dateCell = 'whitespace-nowrap px-4 py-3 text-slate-600';

/**
 * A customer as support sees them: who they are, what they hold, everything they bought, paid
 * in, offered and were paid, their sessions and what the back office did to their account; with
 * the operator's actions.
 */
export default function AdminCustomerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { notice, busy, run } = useAdminAction();
  const { customer, orders, statement, audit, missing } = loaderData;
  const currency = settings.internal_currency_name;
  const credits = (amount: number) => formatCredits(centsFromDecimal(amount), locale, currency, t);
  const euro = (amount: number, code = EURO.code) => formatInternal(centsFromDecimal(amount), locale, code);
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  const profile = customer?.profile;
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  const yes = (value: boolean) => (value ? t('admin.customer.yes') : t('admin.customer.no'));
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
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
              <dt className="text-slate-500">{t('admin.customer.email')}</dt>
              <dd className="break-all">
                {profile.email}{' '}
                <span className="text-xs text-slate-500">
                  (
                  {profile.is_email_verified
                    ? t('admin.customer.emailVerified')
                    : t('admin.customer.emailUnverified')}
                  )
                </span>
              </dd>
              <dt className="text-slate-500">{t('admin.customer.phone')}</dt>
              <dd>{profile.phone || '—'}</dd>
              <dt className="text-slate-500">{t('admin.users.balance')}</dt>
              <dd className="font-semibold">
                <AccountBalance balance={profile.balance} locale={locale} currencyName={currency} />
              </dd>
              <dt className="text-slate-500">{t('admin.customer.identity')}</dt>
              <dd>
                {profile.verification_data.status
                  ? t(`admin.customer.verification.${profile.verification_data.status}`)
                  : t('admin.customer.verification.none')}
              </dd>
              <dt className="text-slate-500">{t('admin.customer.role')}</dt>
              <dd>{profile.role === 'admin' ? t('admin.users.admin') : t('admin.customer.customerRole')}</dd>
              <dt className="text-slate-500">{t('admin.customer.twoFactor')}</dt>
              <dd>{yes(profile.two_factor)}</dd>
              <dt className="text-slate-500">{t('admin.offers.status')}</dt>
              <dd>{profile.blocked ? t('admin.users.blocked') : t('admin.users.active')}</dd>
              <dt className="text-slate-500">{t('admin.customer.language')}</dt>
              <dd>{profile.locale}</dd>
              <dt className="text-slate-500">{t('admin.customer.since')}</dt>
              <dd>{when(profile.created_at)}</dd>
            </dl>
            <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="text-sm font-semibold text-slate-900">{t('admin.customer.actions')}</h3>
              <NoticeBar notice={notice} />
              <div className="flex flex-wrap gap-2">
                <AdjustButton userId={profile.id} email={profile.email} run={run} />
                {profile.blocked ? (
                  <ConfirmButton
                    tone="primary"
                    label={t('admin.users.unblock')}
                    question={t('admin.users.confirmUnblock', { email: profile.email })}
                    disabled={busy}
                    onConfirm={() =>
                      run((api) => setBlocked(api, profile.id, false), t('admin.users.unblockedDone'))
                    }
                  />
                ) : (
                  <ConfirmButton
                    label={t('admin.users.block')}
                    question={t('admin.users.confirmBlock', { email: profile.email })}
                    disabled={busy}
                    onConfirm={() =>
                      run((api) => setBlocked(api, profile.id, true), t('admin.users.blockedDone'))
                    }
                  />
                )}
                {profile.is_email_verified ? null : (
                  <ConfirmButton
                    tone="primary"
                    label={t('admin.customer.resend')}
                    question={t('admin.customer.confirmResend', { email: profile.email })}
                    disabled={busy}
                    onConfirm={() =>
                      run((api) => resendVerificationOf(api, profile.id), t('admin.customer.resendDone'))
                    }
                  />
                )}
                {profile.role === 'admin' && profile.two_factor ? (
                  <ConfirmButton
                    label={t('admin.customer.resetTwoFactor')}
                    question={t('admin.customer.confirmReset', { email: profile.email })}
                    disabled={busy}
                    onConfirm={() =>
                      run((api) => resetTwoFactorOf(api, profile.id), t('admin.customer.resetDone'))
                    }
                  />
                ) : null}
              </div>
            </div>
          </div>

          <Part title={t('admin.nav.orders')} count={orders ? orders.meta.total : null}>
            {orders ? (
              <>
                <OrdersTable orders={orders.data} refunds />
                <PartPager
                  name="orders_page"
                  page={orders.meta.current_page}
                  lastPage={orders.meta.last_page}
                />
              </>
            ) : null}
          </Part>

          <Part title={t('admin.customer.statement')} count={statement ? statement.meta.total : null}>
            {statement ? (
              <>
                <Table
                  head={[
                    t('admin.orders.date'),
                    t('admin.orders.move'),
                    t('admin.orders.amount'),
                    t('admin.customer.balanceAfter'),
                  ]}
                >
                  {statement.data.map((entry) => (
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
                <PartPager
                  name="ledger_page"
                  page={statement.meta.current_page}
                  lastPage={statement.meta.last_page}
                />
              </>
            ) : null}
          </Part>

          <Part title={t('admin.nav.deposits')} count={customer.deposits.length}>
            <Table
              head={[
                t('admin.orders.date'),
                t('admin.deposits.paid'),
                t('admin.deposits.credited'),
                t('admin.deposits.reference'),
                t('admin.offers.status'),
              ]}
            >
              {customer.deposits.map((deposit) => (
                <tr key={deposit.id}>
                  <td className={dateCell}>{when(deposit.created_at)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{euro(deposit.amount, deposit.currency)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{credits(deposit.internal_amount)}</td>
                  <td className={cell}>
                    <span className="text-slate-600">{deposit.provider}</span>
                    {deposit.provider_ref ? (
                      <span className="block break-all font-mono text-xs text-slate-500">
                        {deposit.provider_ref}
                      </span>
                    ) : null}
                  </td>
                  <td className={cell}>
                    {t(`admin.deposits.${deposit.status}`)}
                    <DepositReversal deposit={deposit} locale={locale} currencyName={currency} />
                  </td>
                </tr>
              ))}
            </Table>
          </Part>

          <Part title={t('admin.nav.offers')} count={customer.offers.length}>
            <Table
              head={[
                t('admin.orders.date'),
                t('admin.customer.offer'),
                t('admin.customer.asked'),
                t('admin.offers.status'),
              ]}
            >
              {customer.offers.map((offer) => (
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
          </Part>

          <Part title={t('admin.nav.payouts')} count={customer.payouts.length}>
            <Table
              head={[
                t('admin.orders.date'),
                t('admin.orders.amount'),
                t('admin.customer.destination'),
                t('admin.offers.status'),
              ]}
            >
              {customer.payouts.map((payout) => (
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
          </Part>

          <Part title={t('admin.nav.verifications')} count={customer.verifications.length}>
            <Table head={[t('admin.orders.date'), t('admin.offers.status'), t('admin.reason')]}>
              {customer.verifications.map((verification) => (
                <tr key={verification.id}>
                  <td className={dateCell}>{when(verification.created_at)}</td>
                  <td className={cell}>{t(`admin.customer.verification.${verification.status}`)}</td>
                  <td className={cell}>{verification.reason ?? '—'}</td>
                </tr>
              ))}
            </Table>
          </Part>

          <Part title={t('admin.customer.sessions')} count={customer.sessions.length}>
            <Table
              head={[t('admin.customer.signedIn'), t('admin.customer.lastSeen'), t('admin.customer.browser')]}
            >
              {customer.sessions.map((session) => (
                <tr key={`${session.created_at}-${session.last_seen_at}`}>
                  <td className={dateCell}>{when(session.created_at)}</td>
                  <td className={dateCell}>{when(session.last_seen_at)}</td>
                  <td className="min-w-64 break-words px-4 py-3 text-xs text-slate-600">
                    {session.user_agent ?? t('admin.customer.unknownBrowser')}
                  </td>
                </tr>
              ))}
            </Table>
          </Part>

          <Part title={t('admin.customer.audit')} count={audit ? audit.meta.total : null}>
            {audit ? (
              <Table head={[t('admin.orders.date'), t('admin.customer.action'), t('admin.customer.admin')]}>
                {audit.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className={dateCell}>{when(entry.created_at)}</td>
                    <td className="px-4 py-3 font-mono text-xs">{entry.action}</td>
                    <td className="break-all px-4 py-3">{entry.admin_email}</td>
                  </tr>
                ))}
              </Table>
            ) : null}
          </Part>
        </>
      )}
    </section>
  );
}
