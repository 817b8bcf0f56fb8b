import { type FormEvent, useId, useMemo, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { adminMeta } from '../../features/admin/admin-meta';
import {
  ConfirmButton,
  ListTable,
  listQuery,
  NoticeBar,
  Pager,
  SearchBox,
  useAdminAction,
} from '../../features/admin/admin-ui';
import { adjustBalance, getUsers, setBlocked } from '../../features/admin/api';
import { AccountBalance } from '../../features/admin/deposit-reversal';
import { newIdempotencyKey } from '../../features/orders/rules';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
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

function AdjustButton({
  userId,
  email,
  run,
}: {
  userId: string;
  email: string;
  run: ReturnType<typeof useAdminAction>['run'];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  // One key per adjustment typed: sending it again (a double click, a retry after a lost answer)
  // adjusts once; another amount or reason is another adjustment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for every amount and reason typed
  const key = useMemo(() => newIdempotencyKey(), [amount, reason, open]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      await run(
        (api) => adjustBalance(api, userId, { amount: amount.replace(',', '.'), reason }, key),
        t('admin.users.adjustDone'),
      )
    ) {
      setOpen(false);
      setAmount('');
      setReason('');
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t('admin.users.adjust')}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit}>
              <DialogTitle>{t('admin.users.adjust')}</DialogTitle>
              <DialogDescription>{t('admin.users.adjustText', { email })}</DialogDescription>
              <label
                htmlFor={`${id}-amount`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.users.amount')}
              </label>
              <input
                id={`${id}-amount`}
                required
                inputMode="decimal"
                pattern="-?\d{1,9}([.,]\d{1,2})?"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                className="block w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <label
                htmlFor={`${id}-reason`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.reason')}
              </label>
              <textarea
                id={`${id}-reason`}
                required
                minLength={3}
                maxLength={500}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="submit" className={buttonStyles.primary}>
                  {t('admin.users.adjust')}
                </button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
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
      <NoticeBar notice={notice} />
      <ListTable
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
              <p className="font-medium text-slate-900">{user.email}</p>
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
