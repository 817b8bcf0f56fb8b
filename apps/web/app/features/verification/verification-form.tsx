import type { Country } from '@promptmarket/contracts/content';
import { documentTypes } from '@promptmarket/contracts/verification';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { UploadProgress, uploadPercent } from '../../components/ui/upload-progress';
import { ApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { submitVerification } from './api';
import { type VerificationFormValues, verificationFormResolver } from './verification-form-schema';

const inputClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

const fields = [
  'full_name',
  'phone',
  'date_of_birth',
  'nationality',
  'country',
  'state',
  'street',
  'city',
  'zip',
  'document_type',
  'document_front',
  'document_back',
  'address_document',
  'confirm',
] as const;
type Field = (typeof fields)[number];

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

/**
 * The identity verification form (spec sections 2 and 5): personal and address details, the
 * identity document's two sides and a proof of address. Checked here with the contract's schema,
 * sent as multipart with upload progress, and checked again by the server.
 */
export function VerificationForm({ countries, onSent }: { countries: Country[]; onSent: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const form = useRef<HTMLFormElement>(null);
  // No default values: the form is in the server's page, and what is typed before the page's
  // code starts is read from the fields, not written over.
  const { register, handleSubmit, setError, clearErrors, reset, formState } = useForm<VerificationFormValues>(
    {
      resolver: verificationFormResolver,
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      shouldFocusError: false,
    },
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = useId();
  const error = (field: Field) => fieldError(formState.errors[field]?.message, t);
  const described = (field: Field, hint = false) =>
    [hint ? `${id}-${field}-hint` : '', error(field) ? `${id}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const onSubmit = handleSubmit(
    async () => {
      if (!form.current) return;
      // Read before the fieldset is disabled: a disabled field is not sent.
      const data = new FormData(form.current);
      setNotice(null);
      setProgress(0);
      try {
        await submitVerification(api, data, { onProgress: (sent) => setProgress(uploadPercent(sent)) });
        reset();
        onSent();
      } catch (caught) {
        if (caught instanceof ApiError && caught.errors) {
          for (const [name, messages] of Object.entries(caught.errors)) {
            if (messages[0] && (fields as readonly string[]).includes(name))
              setError(name as Path<VerificationFormValues>, { type: 'server', message: messages[0] });
          }
        }
        setNotice(
          caught instanceof ApiError && caught.status === 413
            ? t('validation.verification.file_size')
            : caught instanceof ApiError && caught.message
              ? (caught.firstFieldError() ?? caught.message)
              : t('verification.failed'),
        );
      } finally {
        setProgress(null);
      }
    },
    () => setNotice(null),
  );

  /** A field's error goes as soon as the field changes. */
  function clearError(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name in formState.errors) clearErrors(name as Path<VerificationFormValues>);
  }

  const busy = progress !== null;
  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
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
              autoComplete="name"
              maxLength={140}
              error={error('full_name')}
              {...register('full_name')}
            />
            <TextField
              label={t('verification.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={32}
              error={error('phone')}
              {...register('phone')}
            />
            <TextField
              label={t('verification.dateOfBirth')}
              type="date"
              autoComplete="bday"
              error={error('date_of_birth')}
              {...register('date_of_birth')}
            />
            <TextField
              label={t('verification.nationality')}
              maxLength={60}
              error={error('nationality')}
              {...register('nationality')}
            />
          </div>
        </Section>
        <Section title={t('verification.address')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Labelled label={t('verification.country')} id={fieldId('country')} error={error('country')}>
              <select
                id={fieldId('country')}
                autoComplete="country"
                aria-invalid={error('country') ? true : undefined}
                aria-describedby={described('country')}
                className={`${inputClass} ${error('country') ? 'border-red-500' : 'border-slate-300'}`}
                {...register('country')}
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
              autoComplete="address-level1"
              maxLength={100}
              error={error('state')}
              {...register('state')}
            />
            <TextField
              label={t('verification.street')}
              hint={t('verification.streetHint')}
              autoComplete="street-address"
              maxLength={200}
              error={error('street')}
              {...register('street')}
            />
            <TextField
              label={t('verification.city')}
              autoComplete="address-level2"
              maxLength={100}
              error={error('city')}
              {...register('city')}
            />
            <TextField
              label={t('verification.zip')}
              autoComplete="postal-code"
              maxLength={20}
              error={error('zip')}
              {...register('zip')}
            />
          </div>
        </Section>
        <Section title={t('verification.documents')}>
          <Labelled
            label={t('verification.documentType')}
            id={fieldId('document_type')}
            error={error('document_type')}
          >
            <select
              id={fieldId('document_type')}
              aria-invalid={error('document_type') ? true : undefined}
              aria-describedby={described('document_type')}
              className={`${inputClass} border-slate-300 sm:max-w-xs`}
              {...register('document_type')}
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
              error={error(field)}
              hint={t('verification.fileHint')}
            >
              <input
                id={fieldId(field)}
                type="file"
                accept="image/*,application/pdf"
                aria-invalid={error(field) ? true : undefined}
                aria-describedby={described(field, true)}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
                {...register(field)}
              />
            </Labelled>
          ))}
        </Section>
        <CheckboxField
          value="1"
          label={t('verification.confirm')}
          error={error('confirm')}
          {...register('confirm')}
        />
      </fieldset>
      {busy ? (
        <UploadProgress percent={progress} label={t('verification.uploading', { percent: progress })} />
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('verification.uploading', { percent: progress ?? 0 })}>
        {t('verification.submit')}
      </SubmitButton>
    </form>
  );
}
