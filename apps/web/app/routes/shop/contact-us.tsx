import { zodResolver } from '@hookform/resolvers/zod';
import { contactFieldOrder, contactRequest } from '@promptmarket/contracts/content';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { getCountries, sendContactMessage } from '../../features/site/api';
import { firstContactError } from '../../features/site/contact';
import { serverApi } from '../../lib/api.server';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/contact-us';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getCountries(serverApi(request, context, params.locale));
    return { countries: payload };
  } catch {
    return { countries: [] };
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'contact.title', descriptionKey: 'contact.description' });

type ContactForm = z.input<typeof contactRequest>;

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<ContactForm>({
    resolver: zodResolver(contactRequest),
    defaultValues: { country: '' },
  });
  const shown = firstContactError((field) => Boolean(formState.errors[field]));
  const error = (name: (typeof contactFieldOrder)[number]) =>
    shown === name ? fieldError(formState.errors[name]?.message, locale) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { message } = await sendContactMessage(api, values);
      reset({ country: '' });
      setNotice({ kind: 'success', text: message });
    } catch (caught) {
      const { message, status } = applyServerErrors(caught, setError, [...contactFieldOrder]);
      if (message || status === null) setNotice({ kind: 'error', text: t('contact.failed') });
    }
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('contact.title')}</h1>
      <p className="mt-3 text-slate-600">{t('contact.description')}</p>
      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('contact.firstName')}
            autoComplete="given-name"
            error={error('first_name')}
            {...register('first_name')}
          />
          <TextField
            label={t('contact.lastName')}
            autoComplete="family-name"
            error={error('last_name')}
            {...register('last_name')}
          />
          <TextField
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <TextField
            label={t('contact.phone')}
            type="tel"
            autoComplete="tel"
            error={error('phone')}
            {...register('phone')}
          />
          <TextField
            label={t('contact.address')}
            autoComplete="street-address"
            className="sm:col-span-2"
            error={error('address')}
            {...register('address')}
          />
          <TextField
            label={t('contact.city')}
            autoComplete="address-level2"
            error={error('city')}
            {...register('city')}
          />
          <TextField
            label={t('contact.postCode')}
            autoComplete="postal-code"
            error={error('post_code')}
            {...register('post_code')}
          />
          <div className="sm:col-span-2">
            <label htmlFor="contact-country" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('contact.country')}
            </label>
            <select
              id="contact-country"
              autoComplete="country"
              aria-invalid={error('country') ? true : undefined}
              aria-describedby={error('country') ? 'contact-country-error' : undefined}
              className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base sm:text-sm ${error('country') ? 'border-red-500' : 'border-slate-300'}`}
              {...register('country')}
            >
              <option value="">{t('contact.chooseCountry')}</option>
              {loaderData.countries.map((country) => (
                <option key={country.id} value={country.iso}>
                  {country.name}
                </option>
              ))}
            </select>
            {error('country') ? (
              <p id="contact-country-error" className="mt-1.5 text-sm text-red-600">
                {error('country')}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('contact.message')}
            </label>
            <textarea
              id="contact-message"
              rows={5}
              className="block w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base sm:text-sm"
              {...register('message')}
            />
          </div>
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('contact.submitting')}>
          {t('contact.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
