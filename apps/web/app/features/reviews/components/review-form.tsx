import type { Review } from '@promptmarket/contracts/reviews';
import { REVIEW_TEXT_MAX } from '@promptmarket/contracts/reviews';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormAlert, SubmitButton } from '../../../components/ui/form-fields';
import { grouped, NUMBER_STYLES } from '../../../lib/amount';
import { ApiError, tooManyAttemptsText } from '../../../lib/api-client';
import { applyServerErrors, fieldError, formFailureText } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { resolverLater } from '../../../lib/resolver-later';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import { MOST_STARS, type ReviewFormValues } from '../rules';

// The form's schema (zod and the contract) comes when the form is first reached for or checked.
const reviewForm = resolverLater(() =>
  import('../review-form-resolver').then((module) => module.reviewFormResolver),
);

const STAR_CHOICES = Array.from({ length: MOST_STARS }, (_, index) => index + 1);

/**
 * A buyer's review: 1 to 5 stars (a radio group) and an optional text of up to 2,000 characters.
 * Writes a new review for `productId`, or changes `review` when given. Refusals are shown in the
 * page's language: at their field when they name one, else above the button.
 */
export default function ReviewForm({
  productId,
  review,
  onSaved,
  onCancel,
  onExists,
}: {
  productId: number;
  review?: Review;
  onSaved: (review: Review) => void;
  onCancel?: () => void;
  /** The viewer has a review already (written elsewhere meanwhile): the page shows it. */
  onExists: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, watch } = useForm<ReviewFormValues>({
    resolver: reviewForm.resolver,
    defaultValues: { stars: review ? String(review.stars) : '', text: review?.text ?? '' },
  });
  const chosen = Number(watch('stars') || 0);
  const typed = watch('text') ?? '';
  const starsError = fieldError(formState.errors.stars?.message, t);
  const textError = fieldError(formState.errors.text?.message, t);
  const style = NUMBER_STYLES[locale] ?? ',.4';

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The checked values: the stars as a number, the text trimmed (an empty one is no text).
      const body = { stars: Number(values.stars), text: values.text || null };
      const { createReview, updateReview } = await import('../api');
      const { payload } = review
        ? await updateReview(api, review.id, body)
        : await createReview(api, productId, body);
      onSaved(payload);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NOT_A_BUYER') {
        setFailure(t('reviews.errors.notABuyer'));
        return;
      }
      if (error instanceof ApiError && error.code === 'REVIEW_EXISTS') {
        setFailure(t('reviews.errors.exists'));
        onExists();
        return;
      }
      const tooMany = tooManyAttemptsText(error, t);
      if (tooMany) {
        setFailure(tooMany);
        return;
      }
      const applied = applyServerErrors(error, setError, ['stars', 'text']);
      setFailure(formFailureText(error, applied, t, 'reviews.errors.failed'));
    }
  });

  return (
    <form
      noValidate
      onSubmit={save}
      onPointerEnter={reviewForm.prepare}
      onFocus={reviewForm.prepare}
      className="space-y-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {review ? t('reviews.editTitle') : t('reviews.formTitle')}
      </h3>
      <fieldset aria-describedby={starsError ? `${id}-stars-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('reviews.starsLegend')}</legend>
        <div className="flex gap-1">
          {STAR_CHOICES.map((stars) => (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                value={String(stars)}
                className="peer sr-only"
                aria-invalid={starsError ? true : undefined}
                {...register('stars')}
              />
              <span
                aria-hidden="true"
                className={`block rounded-md px-1 text-3xl leading-none peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 ${
                  stars <= chosen ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300'
                }`}
              >
                ★
              </span>
              <span className="sr-only">{t('reviews.stars', { count: stars })}</span>
            </label>
          ))}
        </div>
        {starsError ? (
          <p id={`${id}-stars-error`} className="mt-1.5 text-sm text-red-700">
            {starsError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('reviews.textLabel')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={5}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`${id}-counter${textError ? ` ${id}-text-error` : ''}`}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          {...register('text')}
        />
        <p
          id={`${id}-counter`}
          className={`mt-1 text-xs ${typed.length > REVIEW_TEXT_MAX ? 'text-red-700' : 'text-slate-500'}`}
        >
          {t('reviews.counter', {
            typed: grouped(String(typed.length), style),
            max: grouped(String(REVIEW_TEXT_MAX), style),
          })}
        </p>
        {textError ? (
          <p id={`${id}-text-error`} className="mt-1.5 text-sm text-red-700">
            {textError}
          </p>
        ) : null}
      </div>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('reviews.sending')}>
          {review ? t('reviews.save') : t('reviews.send')}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
            {t('reviews.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
