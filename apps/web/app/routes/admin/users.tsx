import { Link } from '../../components/ui/link';
import { AdjustButton } from '../../features/admin/adjust-balance';
import { adminMeta } from '../../features/admin/admin-meta';
import { ListTable } from '../../features/admin/admin-table';
import { NoticeBar, useAdminAction } from '../../features/admin/admin-ui';
import { getUsers, setBlocked } from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { AccountBalance } from '../../features/admin/deposit-reversal';
import { ExportCsvLink } from '../../features/admin/export-link';
import { listQuery, Pager, SearchBox } from '../../features/admin/list-controls';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.users');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getUsers(serverApi(request, context, params.locale, true), listQuery(request));
    return { list: payload };
  } catch {
    return { list: null };
  }
}

/** Accounts: search, balance, block or unblock, and balance corrections with a reason. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { notice, busy, run } = useAdminAction();
  const { list } = loaderData;
  return (
    <section aria-labelledby="admin-users-title" className="space-y-4">
      <h2 id="admin-users-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.users')}
      </h2>
      <SearchBox label={t('admin.users.search')} submitLabel={t('admin.users.find')} />
      <ExportCsvLink kind="users" />
      <NoticeBar notice={notice} />
      <ListTable
        actions
        list={list}
        head={[
          t('admin.users.account'),
          t('admin.users.balance'),
          t('admin.offers.status'),
          t('admin.offers.actions'),
        ]}
        row={(user) => (
          <tr key={user.id}>
            <td className="px-4 py-3">
              <Link
                to={paths.adminCustomer(locale, user.id)}
                className="block min-w-48 break-all font-medium text-brand-700 underline"
              >
                {user.email}
              </Link>
              <p className="text-xs text-slate-500">
                {user.first_name} {user.last_name}
                {user.role === 'admin' ? ` · ${t('admin.users.admin')}` : ''}
              </p>
            </td>
            <td className="whitespace-nowrap px-4 py-3">
              <AccountBalance
                balance={user.balance}
                locale={locale}
                currencyName={settings.internal_currency_name}
              />
            </td>
            <td className="px-4 py-3">{user.blocked ? t('admin.users.blocked') : t('admin.users.active')}</td>
            <td className="space-x-2 whitespace-nowrap px-4 py-3">
              <AdjustButton userId={user.id} email={user.email} run={run} />
              {user.blocked ? (
                <ConfirmButton
                  tone="primary"
                  label={t('admin.users.unblock')}
                  question={t('admin.users.confirmUnblock', { email: user.email })}
                  disabled={busy}
                  onConfirm={() =>
                    run((api) => setBlocked(api, user.id, false), t('admin.users.unblockedDone'))
                  }
                />
              ) : (
                <ConfirmButton
                  label={t('admin.users.block')}
                  question={t('admin.users.confirmBlock', { email: user.email })}
                  disabled={busy}
                  onConfirm={() => run((api) => setBlocked(api, user.id, true), t('admin.users.blockedDone'))}
                />
              )}
            </td>
          </tr>
        )}
      />
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
