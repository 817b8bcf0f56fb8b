import { AuthCard } from '../../../components/layout/auth-card';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormAlert } from '../../../components/ui/form-fields';
import { Link } from '../../../components/ui/link';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';

/** What a newsletter link did: the API's words on success, else why it did nothing. */
export type NewsletterOutcome = { kind: 'done'; message: string } | { kind: 'invalid' } | { kind: 'failed' };

/**
 * The outcome of a newsletter link's call: a 422 is a link that is not ours or has expired; any
 * other failure is the shop's, and the link may work later.
 */
export async function newsletterOutcome(
  call: () => Promise<{ message: string }>,
): Promise<NewsletterOutcome> {
  try {
    const { message } = await call();
    return { kind: 'done', message };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { kind: 'invalid' };
    return { kind: 'failed' };
  }
}

/** The page a newsletter link from a mail lands on: what happened, in the visitor's language. */
export function NewsletterOutcomeCard({ title, outcome }: { title: string; outcome: NewsletterOutcome }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <AuthCard title={title}>
      {outcome.kind === 'done' ? (
        <FormAlert kind="success">{outcome.message}</FormAlert>
      ) : (
        <FormAlert kind="error">
          {outcome.kind === 'invalid' ? t('newsletter.invalid') : t('newsletter.failed')}
        </FormAlert>
      )}
      <Link to={paths.home(locale)} className={`${buttonStyles.primary} mt-6 w-full`}>
        {t('newsletter.toShop')}
      </Link>
    </AuthCard>
  );
}
