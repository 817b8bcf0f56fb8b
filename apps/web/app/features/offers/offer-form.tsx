import { offerResponse } from '@promptmarket/contracts/offers';
import { validationText } from '@promptmarket/contracts/validation-messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../components/ui/form-fields';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { offerFailure, offerFileProblem } from './rules';

type Errors = Partial<
  Record<'title' | 'category_id' | 'price' | 'style_ids[]' | 'media' | 'confirm' | 'description', string>
>;

const selectClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

/**
 * The create form of the offers tab (spec sections 2 and 5): title, category, price in euro,
 * styles, the file, description and the AI-creation confirmation. Checked here first, sent as
 * multipart with upload progress, and checked again by the server.
 */
export function OfferForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const { locale, categories, styles } = useSite();
  const api = useApi();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const ids = { category: useId(), styles: useId(), file: useId(), description: useId(), addText: useId() };
  const text = (key: string) => validationText(key, locale);

  function check(data: FormData): Errors {
    const found: Errors = {};
    if (!String(data.get('title') ?? '').trim()) found.title = text('title.required');
    if (!data.get('category_id')) found.category_id = text('category.required');
    const price = String(data.get('price') ?? '').trim();
    if (!price) found.price = text('price.required');
    else if (!/^\d{1,8}([.,]\d{1,2})?$/.test(price)) found.price = text('price.invalid');
    if (data.getAll('style_ids[]').length === 0) found['style_ids[]'] = text('styles.required');
    const media = data.get('media');
    const problem = offerFileProblem(media instanceof File && media.size > 0 ? media : null);
    if (problem) found.media = text(problem);
    if (!data.get('confirm')) found.confirm = text('confirm.required');
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set(
      'price',
      String(data.get('price') ?? '')
        .trim()
        .replace(',', '.'),
    );
    const found = check(data);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      await api.upload('/offer/create', offerResponse, data, {
        onProgress: ({ loaded, total }) => setProgress(total ? Math.round((loaded / total) * 100) : 0),
      });
      form.current?.reset();
      setNotice({ kind: 'success', text: t('offers.created') });
      onCreated();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors) {
        setErrors(
          Object.fromEntries(Object.entries(caught.errors).map(([name, messages]) => [name, messages[0]])),
        );
      }
      const failure = offerFailure(caught);
      setNotice({
        kind: 'error',
        text: failure === null ? t('offers.createFailed') : 'key' in failure ? t(failure.key) : failure.text,
      });
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
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
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
          <TextField label={t('offers.fields.title')} name="title" maxLength={120} error={errors.title} />
          <div>
            <label htmlFor={ids.category} className="mb-1.5 block text-sm font-medium text-slate-800">
              {t('offers.fields.category')}
            </label>
            <select
              id={ids.category}
              name="category_id"
              defaultValue=""
              aria-invalid={errors.category_id ? true : undefined}
              aria-describedby={errors.category_id ? `${ids.category}-error` : undefined}
              className={`${selectClass} ${errors.category_id ? 'border-red-500' : 'border-slate-300'}`}
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
            {errors.category_id ? (
              <p id={`${ids.category}-error`} className="mt-1.5 text-sm text-red-600">
                {errors.category_id}
              </p>
            ) : null}
          </div>
        </div>
        <TextField
          label={t('offers.fields.price')}
          name="price"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          error={errors.price}
          className="sm:max-w-xs"
        />
        <fieldset aria-describedby={errors['style_ids[]'] ? `${ids.styles}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('offers.fields.styles')}</legend>
          <div className="flex flex-wrap gap-2">
            {styles.map((style) => (
              <label
                key={style.id}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
              >
                <input type="checkbox" name="style_ids[]" value={style.id} className="accent-brand-600" />
                {style.title}
              </label>
            ))}
          </div>
          {errors['style_ids[]'] ? (
            <p id={`${ids.styles}-error`} className="mt-1.5 text-sm text-red-600">
              {errors['style_ids[]']}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor={ids.file} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.file')}
          </label>
          <input
            id={ids.file}
            name="media"
            type="file"
            accept="image/*"
            aria-invalid={errors.media ? true : undefined}
            aria-describedby={`${ids.file}-note${errors.media ? ` ${ids.file}-error` : ''}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          />
          <p id={`${ids.file}-note`} className="mt-1.5 text-xs text-slate-500">
            {t('offers.fields.fileNote')}
          </p>
          {errors.media ? (
            <p id={`${ids.file}-error`} className="mt-1.5 text-sm text-red-600">
              {errors.media}
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
            name="description"
            rows={3}
            maxLength={2000}
            className={`${selectClass} border-slate-300`}
          />
        </div>
        <div>
          <label htmlFor={ids.addText} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('offers.fields.addText')}{' '}
            <span className="font-normal text-slate-500">({t('offers.optional')})</span>
          </label>
          <textarea
            id={ids.addText}
            name="add_text"
            rows={2}
            maxLength={2000}
            className={`${selectClass} border-slate-300`}
          />
        </div>
        <CheckboxField name="confirm" value="1" label={t('offers.fields.confirm')} error={errors.confirm} />
      </fieldset>
      {busy ? (
        <div
          role="progressbar"
          aria-label={t('offers.uploading', { percent: progress })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t('offers.uploading', { percent: progress ?? 0 })}>
        {t('offers.submit')}
      </SubmitButton>
    </form>
  );
}
