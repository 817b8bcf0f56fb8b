import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Path, useController, useForm } from 'react-hook-form';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { UploadProgress, uploadPercent } from '../../components/ui/upload-progress';
import { ApiError } from '../../lib/api-client';
import { fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { createOffer } from './api';
import { type OfferFormValues, offerFormResolver } from './offer-form-schema';
import { OFFER_FILE_ACCEPT, offerFailureText } from './rules';

/** The fields that show their own error; the server calls the styles `style_ids[]`. */
const shownFields = ['title', 'category_id', 'price', 'style_ids', 'media', 'prompt', 'confirm'] as const;
type ShownField = (typeof shownFields)[number];
const formName = (field: string) => (field === 'style_ids[]' ? 'style_ids' : field);

const selectClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

/** The file chosen, shown before it is sent: a picture as itself, another file by its name and size. */
type Chosen = { name: string; size: string; url: string | null };

function FilePreview({ chosen }: { chosen: Chosen }) {
  const { t } = useTranslation();
  return (
    <figure className="mt-3 flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      {chosen.url ? (
        <img
          src={chosen.url}
          alt={t('offers.preview', { name: chosen.name })}
          className="h-24 w-24 shrink-0 rounded-lg bg-white object-contain"
        />
      ) : null}
      <figcaption className="min-w-0 text-sm text-slate-700">
        <span className="block break-all font-medium">{chosen.name}</span>
        <span className="text-xs text-slate-500">{chosen.size}</span>
      </figcaption>
    </figure>
  );
}

/**
 * The create form of the offers tab (spec sections 2 and 5): title, category, price in euro,
 * styles, the file, description, how it was made, the prompt the buyer receives (required for a
 * picture) and the AI-creation confirmation. Checked here with the
 * contract's schema, sent as multipart with upload progress, and checked again by the server.
 * The chosen file is previewed before it is sent.
 */
export function OfferForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const { locale, categories, styles } = useSite();
  const api = useApi();
  const form = useRef<HTMLFormElement>(null);
  const { control, register, handleSubmit, setError, clearErrors, reset, formState } =
    useForm<OfferFormValues>({
      resolver: offerFormResolver,
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      shouldFocusError: false,
      // Only the styles, which the form holds itself: the fields are in the server's page, and what
      // is typed before the page's code starts is read from them, not written over.
      defaultValues: { style_ids: [] },
    });
  // The styles keep the API's name `style_ids[]` in the page, which the form holds as `style_ids`.
  const { field: styleIds } = useController({ control, name: 'style_ids' });
  const chosenStyles = Array.isArray(styleIds.value) ? styleIds.value.map(String) : [];
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const ids = {
    category: useId(),
    styles: useId(),
    file: useId(),
    description: useId(),
    addText: useId(),
    prompt: useId(),
  };
  const error = (field: ShownField) => fieldError(formState.errors[field]?.message, t);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const media = register('media');
  // A picture's preview lives at a blob address until another file is chosen or the form goes.
  useEffect(() => {
    const url = chosen?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    void media.onChange(event);
    const file = event.target.files?.[0];
    setChosen(
      file
        ? {
            name: file.name,
            size: new Intl.NumberFormat(locale, {
              style: 'unit',
              unit: file.size >= 1024 * 1024 ? 'megabyte' : 'kilobyte',
              maximumFractionDigits: 1,
            }).format(file.size / (file.size >= 1024 * 1024 ? 1024 * 1024 : 1024)),
            url: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
          }
        : null,
    );
  }

  const onSubmit = handleSubmit(
    async () => {
      if (!form.current) return;
      // The form as the browser sends it (the file, each ticked style), read before the fieldset
      // is disabled: a disabled field is not sent.
      const data = new FormData(form.current);
      data.set(
        'price',
        String(data.get('price') ?? '')
          .trim()
          .replace(',', '.'),
      );
      setNotice(null);
      setProgress(0);
      try {
        await createOffer(api, data, { onProgress: (sent) => setProgress(uploadPercent(sent)) });
        reset();
        setChosen(null);
        setNotice({ kind: 'success', text: t('offers.created') });
        onCreated();
      } catch (caught) {
        if (caught instanceof ApiError && caught.errors) {
          for (const [name, messages] of Object.entries(caught.errors)) {
            const field = formName(name);
            if (messages[0] && (shownFields as readonly string[]).includes(field))
              setError(field as Path<OfferFormValues>, { type: 'server', message: messages[0] });
          }
        }
        setNotice({ kind: 'error', text: offerFailureText(caught, t, 'offers.createFailed') });
      } finally {
        setProgress(null);
      }
    },
    () => setNotice(null),
  );

  /** A field's error goes as soon as the field changes. */
  function clearError(event: FormEvent<HTMLFormElement>) {
    const name = formName((event.target as HTMLInputElement).name);
    if (name in formState.errors) clearErrors(name as Path<OfferFormValues>);
  }

  const busy = progress !== null;
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={clearError}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="offer-form-title"
    >
      <h3 id="offer-form-title" className="text-lg font-semibold text-slate-900">
        {t('offers.createTitle')}
      </h3>
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <fieldset disabled={busy} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('offers.fields.title')}
            maxLength={120}
            error={error('title')}
            {...register('title')}
          />
          <div>
            <label htmlFor={ids.category} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('offers.fields.category')}
            </label>
            <select
              id={ids.category}
              aria-invalid={error('category_id') ? true : undefined}
              aria-describedby={error('category_id') ? `${ids.category}-error` : undefined}
              className={`${selectClass} ${error('category_id') ? 'border-red-500' : 'border-slate-300'}`}
              {...register('category_id')}
            >
              <option value="">{t('offers.fields.chooseCategory')}</option>
              {categories.map((category) => (
                <optgroup key={category.id} label={category.title}>
                  <option value={category.id}>{category.title}</option>
                  {category.subcategories.map((sub) => (
                    <option key={sub.id} value={sub.id}>
                      {sub.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {error('category_id') ? (
              <p id={`${ids.category}-error`} className="mt-1.5 text-sm text-red-600">
                {error('category_id')}
              </p>
            ) : null}
          </div>
        </div>
        <TextField
          label={t('offers.fields.price')}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          error={error('price')}
          className="sm:max-w-xs"
          {...register('price')}
        />
        <fieldset aria-describedby={error('style_ids') ? `${ids.styles}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('offers.fields.styles')}</legend>
          <div className="flex flex-wrap gap-2">
            {styles.map((style) => (
              <label
                key={style.id}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
              >
                <input
                  type="checkbox"
                  name="style_ids[]"
                  value={style.id}
                  checked={chosenStyles.includes(String(style.id))}
                  onChange={(event) =>
                    styleIds.onChange(
                      event.target.checked
                        ? [...chosenStyles, event.target.value]
                        : chosenStyles.filter((id) => id !== event.target.value),
                    )
                  }
                  onBlur={styleIds.onBlur}
                  className="accent-brand-600"
                />
                {style.title}
              </label>
            ))}
          </div>
          {error('style_ids') ? (
            <p id={`${ids.styles}-error`} className="mt-1.5 text-sm text-red-600">
              {error('style_ids')}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={ids.file} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.file')}
          </label>
          <input
            id={ids.file}
            type="file"
            accept={OFFER_FILE_ACCEPT}
            aria-invalid={error('media') ? true : undefined}
            aria-describedby={`${ids.file}-note${error('media') ? ` ${ids.file}-error` : ''}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            {...media}
            onChange={choose}
          />
          {chosen ? <FilePreview chosen={chosen} /> : null}
          <p id={`${ids.file}-note`} className="mt-1.5 text-xs text-slate-500">
            {t('offers.fields.fileNote')}
          </p>
          {error('media') ? (
            <p id={`${ids.file}-error`} className="mt-1.5 text-sm text-red-600">
              {error('media')}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={ids.description} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.description')}{' '}
            <span className="font-normal text-slate-500">({t('offers.optional')})</span>
          </label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={2000}
            className={`${selectClass} border-slate-300`}
            {...register('description')}
          />
        </div>
        <div>
          <label htmlFor={ids.addText} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.addText')}{' '}
            <span className="font-normal text-slate-500">({t('offers.optional')})</span>
          </label>
          <textarea
            id={ids.addText}
            rows={2}
            maxLength={2000}
            className={`${selectClass} border-slate-300`}
            {...register('add_text')}
          />
        </div>
        <div>
          <label htmlFor={ids.prompt} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.prompt')}{' '}
            <span className="font-normal text-slate-500">({t('offers.fields.promptRequired')})</span>
          </label>
          <textarea
            id={ids.prompt}
            rows={4}
            maxLength={4000}
            lang="en"
            aria-invalid={error('prompt') ? true : undefined}
            aria-describedby={`${ids.prompt}-note${error('prompt') ? ` ${ids.prompt}-error` : ''}`}
            className={`${selectClass} ${error('prompt') ? 'border-red-500' : 'border-slate-300'}`}
            {...register('prompt')}
          />
          <p id={`${ids.prompt}-note`} className="mt-1.5 text-xs text-slate-500">
            {t('offers.fields.promptNote')}
          </p>
          {error('prompt') ? (
            <p id={`${ids.prompt}-error`} className="mt-1.5 text-sm text-red-600">
              {error('prompt')}
            </p>
          ) : null}
        </div>
        <CheckboxField
          value="1"
          label={t('offers.fields.confirm')}
          error={error('confirm')}
          {...register('confirm')}
        />
      </fieldset>
      {busy ? (
        <UploadProgress percent={progress} label={t('offers.uploading', { percent: progress })} />
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('offers.uploading', { percent: progress ?? 0 })}>
        {t('offers.submit')}
      </SubmitButton>
    </form>
  );
}
