import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';
import { buttonStyles } from '../ui/button-styles';
import { Link } from '../ui/link';

/** The 403, 404, 500 and 503 screens: a code, a title, a sentence and the way home (or a retry). */
export function StatusPage({
  status,
  namespace,
}: {
  status: number;
  namespace: 'notFound' | 'forbidden' | 'error' | 'unavailable';
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center sm:py-28">
      <p className="text-6xl font-extrabold tracking-tight text-brand-600">{status}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t(`${namespace}.title`)}
      </h1>
      <p className="mt-4 text-base text-slate-600">{t(`${namespace}.text`)}</p>
      {namespace === 'error' || namespace === 'unavailable' ? (
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${buttonStyles.primary} mt-8`}
        >
          {t(`${namespace}.retry`)}
        </button>
      ) : (
        <Link to={paths.home(locale)} className={`${buttonStyles.primary} mt-8`}>
          {t(`${namespace}.home`)}
        </Link>
      )}
    </section>
  );
}
