import { useLocation } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/account-deleted';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, {
    titleKey: 'accountDeleted.title',
    descriptionKey: 'accountDeleted.mailed',
  }),
  { name: 'robots', content: 'noindex' },
];

/** What the profile page passes on when it has deleted the account: where the mail went, what was given up. */
export type AccountDeletedState = { email?: string; forfeited?: string };

/**
 * The end of an account's deletion: it is gone, a confirmation went to its e-mail address, and a
 * balance given up is named. Opened without that (a reload, a link), it says the same without them.
 */
export default function AccountDeleted() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const state = (useLocation().state ?? {}) as AccountDeletedState;
  return (
    <AuthCard title={t('accountDeleted.title')}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          {state.email ? t('accountDeleted.mailedTo', { email: state.email }) : t('accountDeleted.mailed')}
        </p>
        {state.forfeited ? <p>{t('accountDeleted.forfeited', { amount: state.forfeited })}</p> : null}
        <p>{t('accountDeleted.thanks')}</p>
      </div>
      <Link to={paths.home(locale)} className={`${buttonStyles.primary} mt-6 w-full`}>
        {t('accountDeleted.home')}
      </Link>
    </AuthCard>
  );
}
