import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactRequest, contactFields, contactRequest } from '@promptmarket/contracts/content';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { sendContactMessage } from '../../features/site/api';
import { type ContactField, contactErrorList } from '../../features/site/contact';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { pageMeta } from '../../lib/seo';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/contact-us';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, { titleKey: 'contact.title', descriptionKey: 'contact.description' });

type ContactForm = z.input<typeof contactRequest>;

const emptyForm: ContactForm = { name: '', email: '', subject: '', message: '' };
const fieldId = (field: ContactField) => `contact-${field}`;

/**
 * The contact-us form (decision 0054): name, e-mail, subject and message. A submit names every
 * problem at once, each beside its field and all of them in a summary above the form (an alert,
 * read out at once; each line links to its field). The focus goes to the first field in error,
 * as in every form of the shop.
 */
export default function ContactUs() {
  const { t } = useTranslation();
  const api = useApi();
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<
    ContactForm,
    unknown,
    ContactRequest
  >({
    resolver: zodResolver(contactRequest),
    defaultValues: emptyForm,
  });
  const error = (field: ContactField) => fieldError(formState.errors[field]?.message, t);
  const errors = contactErrorList(error);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { message } = await sendContactMessage(api, values);
      reset(emptyForm);
      setNotice({ kind: 'success', text: message });
    } catch (caught) {
      const { message, status } = applyServerErrors(caught, setError, contactFields);
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
        {errors.length > 0 ? (
          <div
            role="alert"
            aria-labelledby="contact-error-summary"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <p id="contact-error-summary" className="font-semibold">
              {t('contact.errorSummary')}
            </p>
            <ul className="mt-1.5 list-disc space-y-1 pl-5">
              {errors.map(({ field, text }) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`} className="underline underline-offset-2 hover:text-red-900">
                    {text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={fieldId('name')}
            label={t('contact.name')}
            autoComplete="name"
            error={error('name')}
            {...register('name')}
          />
          <TextField
            id={fieldId('email')}
            label={t('contact.email')}
            type="email"
            autoComplete="email"
            error={error('email')}
            {...register('email')}
          />
          <TextField
            id={fieldId('subject')}
            label={t('contact.subject')}
            className="sm:col-span-2"
            error={error('subject')}
            {...register('subject')}
          />
          <div className="sm:col-span-2">
            <label htmlFor={fieldId('message')} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('contact.message')}
            </label>
            <textarea
              id={fieldId('message')}
              rows={6}
              aria-invalid={error('message') ? true : undefined}
              aria-describedby={error('message') ? `${fieldId('message')}-error` : undefined}
              className={`block w-full rounded-lg border px-3.5 py-2.5 text-base sm:text-sm ${error('message') ? 'border-red-500' : 'border-slate-300'}`}
              {...register('message')}
            />
            {error('message') ? (
              <p id={`${fieldId('message')}-error`} className="mt-1.5 text-sm text-red-600">
                {error('message')}
              </p>
            ) : null}
          </div>
        </div>
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('contact.submitting')}>
          {t('contact.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
