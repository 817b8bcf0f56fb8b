import { type Country, countriesResponse } from '@promptmarket/contracts/content';
import { validationText } from '@promptmarket/contracts/validation-messages';
import {
  documentTypes,
  VERIFICATION_MAX_BYTES,
  type Verification,
  verificationResponse,
  verificationSubmitResponse,
} from '@promptmarket/contracts/verification';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../components/ui/button-styles';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../components/ui/form-fields';
import { serverApi } from '../lib/api.server';
import { ApiError } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import { useSite } from '../lib/site-data';
import { useApi } from '../lib/use-api';
import type { Route } from './+types/dashboard-verification';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'verification.title' }),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale, true);
  const [verification, countries] = await Promise.all([
    api.get('/verification', verificationResponse).then(
      ({ payload }) => ({ payload, failed: false }),
      () => ({ payload: null, failed: true }),
    ),
    api.get('/countries', countriesResponse).then(
      ({ payload }) => payload,
      () => [] as Country[],
    ),
  ]);
  return { verification: verification.payload, failed: verification.failed, countries };
}

const inputClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

type Field =
  | 'phone'
  | 'city'
  | 'country'
  | 'date_of_birth'
  | 'document_front'
  | 'document_back'
  | 'address_document'
  | 'confirm';

const documentFields = ['document_front', 'document_back', 'address_document'] as const;

/** The spec's (section 5) checks of a document: an image or a PDF, at most 5 MB. */
function documentProblem(file: File | null): string | null {
  if (!file || file.size === 0) return 'file.required';
  const typeOk =
    /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(file.type) ||
    /\.(jpe?g|png|gif|webp|pdf)$/i.test(file.name);
  if (!typeOk) return 'verification.file_type';
  if (file.size > VERIFICATION_MAX_BYTES) return 'verification.file_size';
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function Labelled({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function StatusPanel({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  if (verification.status === 'pending') {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
      new Date(verification.created_at),
    );
    return (
      <FormAlert kind="info">
        <strong className="block">{t('verification.pending')}</strong>
        {t('verification.pendingSince', { date })}
      </FormAlert>
    );
  }
  if (verification.status === 'approved') {
    return (
      <FormAlert kind="success">
        <strong className="block">{t('verification.approved')}</strong>
        {t('verification.approvedText')}
      </FormAlert>
    );
  }
  return (
    <FormAlert kind="error">
      <strong className="block">{t('verification.declined')}</strong>
      {verification.reason ? (
        <span className="block">{t('verification.declinedReason', { reason: verification.reason })}</span>
      ) : null}
      {t('verification.declinedText')}
    </FormAlert>
  );
}

function VerificationForm({ countries, onSent }: { countries: Country[]; onSent: () => void }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = useId();
  const text = (key: string) => validationText(key, locale);
  const described = (field: Field, hint = false) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Partial<Record<Field, string>> = {};
    if (!String(data.get('phone') ?? '').trim()) found.phone = text('phone.required');
    if (!String(data.get('city') ?? '').trim()) found.city = text('city.required');
    if (!data.get('country')) found.country = text('country.required');
    for (const field of documentFields) {
      const value = data.get(field);
      const problem = documentProblem(value instanceof File ? value : null);
      if (problem) found[field] = text(problem);
    }
    if (!data.get('confirm')) found.confirm = text('verification.confirm');
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      await api.upload('/verification', verificationSubmitResponse, data, {
        onProgress: ({ loaded, total }) => setProgress(total ? Math.round((loaded / total) * 100) : 0),
      });
      form.current?.reset();
      onSent();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors) {
        setErrors(
          Object.fromEntries(Object.entries(caught.errors).map(([name, messages]) => [name, messages[0]])),
        );
      }
      setNotice(
        caught instanceof ApiError && caught.status === 413
          ? text('verification.file_size')
          : caught instanceof ApiError && caught.message
            ? (caught.firstFieldError() ?? caught.message)
            : t('verification.failed'),
      );
    } finally {
      setProgress(null);
    }
  }

  /** A field's error goes as soon as the field changes. */
  function clearError(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name as keyof typeof current]: _gone, ...rest } = current;
      return rest;
    });
  }

  const busy = progress !== null;
  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      onChange={clearError}
      noValidate
      className="space-y-6"
    >
      {notice ? <FormAlert kind="error">{notice}</FormAlert> : null}
      <fieldset disabled={busy} className="space-y-6">
        <Section title={t('verification.personal')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('verification.fullName')}
              name="full_name"
              autoComplete="name"
              maxLength={140}
            />
            <TextField
              label={t('verification.phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={32}
              error={errors.phone}
            />
            <TextField
              label={t('verification.dateOfBirth')}
              name="date_of_birth"
              type="date"
              autoComplete="bday"
              error={errors.date_of_birth}
            />
            <TextField label={t('verification.nationality')} name="nationality" maxLength={60} />
          </div>
        </Section>
        <Section title={t('verification.address')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Labelled label={t('verification.country')} id={fieldId('country')} error={errors.country}>
              <select
                id={fieldId('country')}
                name="country"
                defaultValue=""
                autoComplete="country"
                aria-invalid={errors.country ? true : undefined}
                aria-describedby={described('country')}
                className={`${inputClass} ${errors.country ? 'border-red-500' : 'border-slate-300'}`}
              >
                <option value="">{t('verification.chooseCountry')}</option>
                {countries.map((country) => (
                  <option key={country.iso} value={country.iso}>
                    {country.name}
                  </option>
                ))}
              </select>
            </Labelled>
            <TextField
              label={t('verification.state')}
              name="state"
              autoComplete="address-level1"
              maxLength={100}
            />
            <TextField
              label={t('verification.city')}
              name="city"
              autoComplete="address-level2"
              maxLength={100}
              error={errors.city}
            />
            <TextField label={t('verification.zip')} name="zip" autoComplete="postal-code" maxLength={20} />
          </div>
        </Section>
        <Section title={t('verification.documents')}>
          <Labelled label={t('verification.documentType')} id={fieldId('document_type')}>
            <select
              id={fieldId('document_type')}
              name="document_type"
              defaultValue="passport"
              className={`${inputClass} border-slate-300 sm:max-w-xs`}
            >
              {documentTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`verification.types.${type}`)}
                </option>
              ))}
            </select>
          </Labelled>
          {(
            [
              ['document_front', t('verification.front')],
              ['document_back', t('verification.back')],
              ['address_document', t('verification.addressDocument')],
            ] as const
          ).map(([field, label]) => (
            <Labelled
              key={field}
              label={label}
              id={fieldId(field)}
              error={errors[field]}
              hint={t('verification.fileHint')}
            >
              <input
                id={fieldId(field)}
                name={field}
                type="file"
                accept="image/*,application/pdf"
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={described(field, true)}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
              />
            </Labelled>
          ))}
        </Section>
        <CheckboxField name="confirm" value="1" label={t('verification.confirm')} error={errors.confirm} />
      </fieldset>
      {busy ? (
        <div
          role="progressbar"
          aria-label={t('verification.uploading', { percent: progress })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('verification.uploading', { percent: progress ?? 0 })}>
        {t('verification.submit')}
      </SubmitButton>
    </form>
  );
}

/**
 * Identity verification (spec sections 2 and 5): personal and address details, the identity
 * document's two sides and a proof of address, then the review's status: pending (1-2 business
 * days), approved, or declined with the reason and the form again.
 */
export default function DashboardVerification({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [sent, setSent] = useState(false);
  const { verification, failed, countries } = loaderData;
  const canSend = !failed && (verification === null || verification.status === 'declined');
  return (
    <section
      aria-labelledby="verification-title"
      aria-busy={revalidator.state === 'loading'}
      className="max-w-3xl space-y-6"
    >
      <div>
        <h2 id="verification-title" className="text-xl font-semibold text-slate-900">
          {t('verification.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('verification.intro')}</p>
      </div>
      {sent ? <FormAlert kind="success">{t('verification.sent')}</FormAlert> : null}
      {failed ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p>{t('verification.loadFailed')}</p>
          <button
            type="button"
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state === 'loading'}
            className={`${buttonStyles.secondary} mt-3`}
          >
            {t('error.retry')}
          </button>
        </div>
      ) : null}
      {verification ? <StatusPanel verification={verification} /> : null}
      {canSend ? (
        <VerificationForm
          countries={countries}
          onSent={() => {
            setSent(true);
            revalidator.revalidate();
          }}
        />
      ) : null}
    </section>
  );
}
