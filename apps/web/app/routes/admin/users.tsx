import { Link } from '../../components/ui/link';
import { AdjustButton } from '../../features/admin/adjust-balance';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminAction } from '../../features/admin/admin-ui';
import { getUsers, setBlocked } from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { AccountBalance } from '../../features/admin/deposit-reversal';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.users');

export const loader = (args: Route.LoaderArgs) => loadList(args, getUsers);

/** Accounts: search, balance, block or unblock, and balance corrections with a reason. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { notice, busy, run } = useAdminAction();
  return (
    <AdminListPage
      name="users"
      title={t('admin.nav.users')}
      search={t('admin.users.search')}
      exportKind="users"
      notice={notice}
      actions
      list={loaderData.list}
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
  );
}
