import type { Profile } from '@promptmarket/contracts/accounts';
import { useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { DeleteAccountForm } from '../../features/accounts/components/delete-account-form';
import { EditProfileForm } from '../../features/accounts/components/edit-profile-form';
import { type FormNotice, ProfileSection } from '../../features/accounts/components/profile-section';
import { type DeletionBlockerLists, knownDeletionBlockers } from '../../features/accounts/known-blockers';
import { getDeposits } from '../../features/deposits/api';
import { getOffers } from '../../features/offers/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { AccountDeletedState } from '../account/account-deleted';
import type { Route } from './+types/profile';
import type { loader as dashboardLoader } from './layout';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'profile.title' }),
  { name: 'robots', content: 'noindex' },
];

/**
 * What keeps the account from being deleted, shown before the user tries: payouts to them not
 * paid yet and deposits still processing. The API checks the same again when asked to delete;
 * a list that cannot be read leaves it to that check.
 */
export async function loader({
  request,
  context,
  params,
}: Route.LoaderArgs): Promise<{ blockers: DeletionBlockerLists }> {
  const api = serverApi(request, context, params.locale, true);
  const [offers, deposits] = await Promise.all([
    getOffers(api).then(
      ({ payload }) => payload,
      () => [],
    ),
    getDeposits(api).then(
      ({ payload }) => payload,
      () => [],
    ),
  ]);
  return { blockers: knownDeletionBlockers(offers, deposits) };
}

function ProfileInfo({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('profile.firstName'), user.first_name],
    [t('profile.lastName'), user.last_name],
    [t('profile.email'), user.email],
    [t('profile.phone'), user.phone ?? t('profile.notSet')],
  ];
  return (
    <ProfileSection id="profile-info" title={t('profile.info')}>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="mt-0.5 break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </ProfileSection>
  );
}

export default function DashboardProfile({ loaderData }: Route.ComponentProps) {
  const data = useRouteLoaderData<typeof dashboardLoader>('routes/dashboard-layout');
  const { locale } = useSite();
  const navigate = useNavigate();
  const [editNotice, setEditNotice] = useState<FormNotice>(null);
  if (!data) return null;
  return (
    <div className="grid gap-6">
      <ProfileInfo user={data.user} />
      <EditProfileForm
        key={`${data.user.email}-${data.user.first_name}`}
        user={data.user}
        notice={editNotice}
        setNotice={setEditNotice}
      />
      <ChangePasswordForm />
      <DeleteAccountForm
        user={data.user}
        known={loaderData.blockers}
        onDeleted={(state: AccountDeletedState) =>
          navigate(paths.accountDeleted(locale), { replace: true, state })
        }
      />
    </div>
  );
}
