import { type FormEvent, useId } from 'react';
import { useHydrated } from '../../../components/ui/use-hydrated';
import { failureText } from '../../../lib/failure-text';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
import { newsletterLine, useNewsletterState } from '../newsletter-state';

/**
 * The footer newsletter form: sends only the e-mail (the server checks it), disables the
 * field while sending, clears it on success, and shows each message for 2 seconds. The success
 * message is the server's: it asks the visitor to confirm with the link it mailed (double opt-in).
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [state, dispatch] = useNewsletterState();
  const hydrated = useHydrated();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'submit' });
    try {
      // The footer is part of every first load: its schema (and zod with it) loads on the first subscription.
      const { subscribeToNewsletter } = await import('../api');
      const { message } = await subscribeToNewsletter(api, state.email);
      dispatch({ type: 'succeeded', message });
    } catch (error) {
      dispatch({ type: 'failed', message: failureText(error, t, 'footer.newsletterFailed') });
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-4">
      <label htmlFor={id} className="sr-only">
        {t('footer.newsletterEmail')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          autoComplete="email"
          value={state.email}
          disabled={state.loading}
          onChange={(event) => dispatch({ type: 'type', email: event.target.value })}
          placeholder={t('footer.newsletterEmail')}
          className="min-w-0 flex-1 rounded-lg border border-white/15 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-400 disabled:opacity-60"
        />
        <button
          type="submit"
          disabled={state.loading || !hydrated}
          aria-busy={state.loading}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('footer.newsletterSubmit')}
        </button>
      </div>
      <p
        role="status"
        className={`mt-2 text-xs ${state.error ? 'text-red-300' : state.successMessage ? 'text-emerald-300' : 'text-slate-400'}`}
      >
        {newsletterLine(state, t('footer.newsletterHint'))}
      </p>
    </form>
  );
}
