import { useId, useState } from 'react';
import { FormAlert, SubmitButton } from '../../components/ui/form-fields';
import { getMailPreferences, updateMailPreferences } from '../../features/accounts/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'mailPreferences.title' }),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getMailPreferences(serverApi(request, context, params.locale, true));
    return { optionalMails: payload.optional_mails };
  } catch {
    return { optionalMails: null };
  }
}

/**
 * The user's mail preferences: the optional mails (news of offers and of the identity
 * verification) can be turned off; the mails about money and security are always sent, and the
 * page says so.
 */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [optionalMails, setOptionalMails] = useState(loaderData.optionalMails ?? true);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState('saving');
    try {
      const { payload } = await updateMailPreferences(api, optionalMails);
      setOptionalMails(payload.optional_mails);
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-2xl">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {t('mailPreferences.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('mailPreferences.intro')}</p>
      {loaderData.optionalMails === null ? (
        <div className="mt-6">
          <FormAlert kind="error">{t('mailPreferences.loadFailed')}</FormAlert>
        </div>
      ) : (
        <form
          onSubmit={save}
          className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex items-start gap-3">
            <input
              id={`${id}-optional`}
              type="checkbox"
              checked={optionalMails}
              onChange={(event) => {
                setOptionalMails(event.target.checked);
                setState('idle');
              }}
              aria-describedby={`${id}-hint`}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
            />
            <div>
              <label htmlFor={`${id}-optional`} className="text-sm font-medium text-slate-900">
                {t('mailPreferences.optionalLabel')}
              </label>
              <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
                {t('mailPreferences.optionalHint')}
              </p>
            </div>
          </div>
          {state === 'saved' ? <FormAlert kind="success">{t('mailPreferences.saved')}</FormAlert> : null}
          {state === 'failed' ? <FormAlert kind="error">{t('mailPreferences.saveFailed')}</FormAlert> : null}
          <SubmitButton busy={state === 'saving'} busyLabel={t('mailPreferences.saving')}>
            {t('mailPreferences.save')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
