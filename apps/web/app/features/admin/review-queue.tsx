import type { AdminReview } from '@promptmarket/contracts/reviews';
import { Link } from '../../components/ui/link';
import type { ApiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { RelativeTime } from '../../lib/relative-time';
import { useSite } from '../../lib/site-data';
import type { ColumnHead } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { CustomerLink } from './customer-link';

/**
 * The queue of reported reviews: one row per review with what the admin decides on (the product,
 * the author, the stars and text, how often and how lately it was reported) and the button that
 * hides it from the shop or shows it again.
 */

/** Sends an action of the back office and reloads the list (`useAdminAction().run`). */
type Run = (action: (api: ApiClient) => Promise<unknown>, done: string) => Promise<boolean>;

/** The values of the queue's filter (`hidden` in the address), as the API takes them. */
export const REVIEW_VISIBILITIES = ['false', 'true'] as const;

export function useReviewColumns(): ColumnHead[] {
  const { t } = useTranslation();
  return [
    t('admin.reviews.product'),
    t('admin.reviews.author'),
    t('admin.reviews.stars'),
    t('admin.reviews.text'),
    t('admin.reviews.language'),
    t('admin.reviews.reports'),
    t('admin.reviews.lastReported'),
    t('admin.reviews.status'),
    { hidden: t('admin.reviews.actions') },
  ];
}

export function ReviewRow({ review, run, busy }: { review: AdminReview; run: Run; busy: boolean }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const title = review.product.title || t('admin.reviews.productNumber', { id: review.product.id });
  const author = review.author.name || review.author.email;
  const names = { author, product: title };

  /** Hides or restores the review; the API module comes with the first press. */
  const decide = (hidden: boolean) =>
    run(
      async (api) => {
        const calls = await import('./reviews-api');
        return hidden ? calls.hideReview(api, review.id) : calls.restoreReview(api, review.id);
      },
      t(hidden ? 'admin.reviews.hiddenDone' : 'admin.reviews.restoredDone', names),
    );

  return (
    <tr className={review.hidden ? 'bg-slate-50' : undefined}>
      <td className="px-4 py-3">
        {review.product.slug ? (
          <Link
            to={paths.product(locale, review.product.slug)}
            className="font-medium text-brand-700 underline"
          >
            {title}
          </Link>
        ) : (
          <span className="font-medium">{title}</span>
        )}
      </td>
      <td className="px-4 py-3">
        <CustomerLink userId={review.author.id}>{author}</CustomerLink>
        {review.author.name ? (
          <p className="break-all text-xs text-slate-500">{review.author.email}</p>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        <span aria-hidden="true" className="text-amber-600">
          {'★'.repeat(review.stars)}
          <span className="text-slate-300">{'★'.repeat(5 - review.stars)}</span>
        </span>
        <span className="sr-only">{t('admin.reviews.starsOf', { count: review.stars })}</span>
      </td>
      <td className="px-4 py-3">
        {review.text === null ? (
          <span className="text-slate-500">{t('admin.reviews.noText')}</span>
        ) : (
          // Plain text as the author typed it, lines kept; React writes it escaped.
          <p lang={review.language} className="min-w-48 max-w-md whitespace-pre-line break-words">
            {review.text}
          </p>
        )}
      </td>
      <td className="px-4 py-3 uppercase">{review.language}</td>
      <td className="px-4 py-3 tabular-nums">{review.reports_count}</td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
        {review.last_reported_at ? <RelativeTime iso={review.last_reported_at} /> : '—'}
      </td>
      <td className="px-4 py-3">
        <span
          className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${
            review.hidden ? 'bg-slate-200 text-slate-800' : 'bg-emerald-50 text-emerald-800'
          }`}
        >
          {t(review.hidden ? 'admin.reviews.hidden' : 'admin.reviews.shown')}
        </span>
      </td>
      <td className="px-4 py-3">
        {review.hidden ? (
          <ConfirmButton
            label={t('admin.reviews.restore')}
            question={t('admin.reviews.confirmRestore', names)}
            tone="primary"
            disabled={busy}
            onConfirm={() => decide(false)}
          />
        ) : (
          <ConfirmButton
            label={t('admin.reviews.hide')}
            question={t('admin.reviews.confirmHide', names)}
            disabled={busy}
            onConfirm={() => decide(true)}
          />
        )}
      </td>
    </tr>
  );
}
