import type { AdminCustomer } from '@promptmarket/contracts/admin-orders';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { AdjustButton } from './adjust-balance';
import { NoticeBar, useAdminAction } from './admin-ui';
import { resendVerificationOf, resetTwoFactorOf, setBlocked } from './api';
import { ConfirmButton } from './confirm-button';
import { AccountBalance } from './deposit-reversal';

type CustomerProfile = AdminCustomer['profile'];

/** Who the customer is and what they hold, as support reads it at a glance. */
export function CustomerDetails({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const currency = settings.internal_currency_name;
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  const yes = (value: boolean) => (value ? t('admin.customer.yes') : t('admin.customer.no'));
  return (
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
  );
}

/**
 * What the operator may do to the account: adjust the balance, block or unblock it, send the
 * address's verification again, and reset an administrator's second factor; each reports here.
 */
export function CustomerActions({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation();
  const { notice, busy, run } = useAdminAction();
  return (
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
            onConfirm={() => run((api) => setBlocked(api, profile.id, false), t('admin.users.unblockedDone'))}
          />
        ) : (
          <ConfirmButton
            label={t('admin.users.block')}
            question={t('admin.users.confirmBlock', { email: profile.email })}
            disabled={busy}
            onConfirm={() => run((api) => setBlocked(api, profile.id, true), t('admin.users.blockedDone'))}
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
            onConfirm={() => run((api) => resetTwoFactorOf(api, profile.id), t('admin.customer.resetDone'))}
          />
        ) : null}
      </div>
    </div>
  );
}
