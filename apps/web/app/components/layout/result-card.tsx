import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { buttonStyles } from '../ui/button-styles';
import { Link } from '../ui/link';
import { AuthCard } from './auth-card';

/** A finished step (verification done) with the way on to the dashboard. */
export function ResultCard({ namespace }: { namespace: 'verifySuccess' | 'verifyAlready' }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <AuthCard title={t(`${namespace}.title`)}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xl text-emerald-700"
        >
          ✓
        </span>
        <p className="text-sm text-slate-700">{t(`${namespace}.text`)}</p>
      </div>
      <Link to={paths.dashboard(locale)} className={`${buttonStyles.primary} mt-6 w-full`}>
        {t(`${namespace}.cta`)}
      </Link>
    </AuthCard>
  );
}
