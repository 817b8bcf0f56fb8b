import type { RatingSummary } from '@promptmarket/contracts/catalogue';
import type { Review, ReviewListResponse } from '@promptmarket/contracts/reviews';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormAlert } from '../../../components/ui/form-fields';
import { Link } from '../../../components/ui/link';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { loadOnce } from '../../../lib/load-once';
import { RelativeTime } from '../../../lib/relative-time';
import { loginPath } from '../../../lib/safe-redirect';
import { useCurrentUser, usePersonalPartsPending } from '../../../lib/session-data';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import { averageText, spreadRows } from '../rules';
import { Stars } from './stars';

// The form and the question before deleting or reporting come when they are needed, not with the
// page (decision 0059): the form once the viewer may write, the question when its button is reached for.
const ReviewForm = lazy(() => import('./review-form'));
const confirmDialog = loadOnce(() => import('./confirm-dialog'));
const ConfirmDialog = lazy(() => confirmDialog.load());
const prepareDialog = () => {
  confirmDialog.load().catch(() => {});
};

/** The public part of a product's reviews: what a page cached for everyone may hold. */
export type ReviewsPage = Pick<ReviewListResponse, 'data' | 'meta' | 'summary'>;

type Listing = ReviewsPage & {
  own: Review | null;
  canReview: boolean;
  /** True once the viewer's own review and permission have come (a guest has none to wait for). */
  personal: boolean;
};

type Question = { kind: 'delete'; review: Review } | { kind: 'report'; review: Review } | null;

/**
 * A product's reviews under it: the average and the spread of stars, the reviews newest first
 * (paged by "More reviews"), and for a signed-in visitor their own review with Edit and Delete,
 * or the form when they may write one, and Report on the others'. The first page comes with the
 * page (the same for every visitor); the visitor's own parts are asked for once the page has
 * started (decision 0022).
 */
export function ReviewsSection({
  productId,
  initial,
  owned,
}: {
  productId: number;
  initial: ReviewsPage | null;
  /** Whether the viewer owns the prompt, as the page knows it: a purchase here asks again whether they may review. */
  owned: boolean;
}) {
  const { t, language } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const pending = usePersonalPartsPending();
  const api = useApi();
  const location = useLocation();
  const headingId = useId();
  const [listing, setListing] = useState<Listing | null>(
    initial ? { ...initial, own: null, canReview: false, personal: false } : null,
  );
  const [state, setState] = useState<'idle' | 'loading' | 'more' | 'failed'>(initial ? 'idle' : 'failed');
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [question, setQuestion] = useState<Question>(null);
  const [reported, setReported] = useState<ReadonlySet<number>>(new Set());
  const ownHeading = useRef<HTMLHeadingElement>(null);
  const focusOwn = useRef(false);
  const signedIn = user !== null;

  /** The first page again, as this visitor: after a change, for a retry, and for the personal parts. */
  const refresh = useCallback(async () => {
    setState('loading');
    try {
      const { getReviews } = await import('../api');
      const answer = await getReviews(api, productId, 1);
      setListing({
        data: answer.data,
        meta: answer.meta,
        summary: answer.summary,
        own: answer.own,
        canReview: answer.can_review,
        personal: true,
      });
      setState('idle');
    } catch {
      setState('failed');
    }
  }, [api, productId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a purchase (owned) changes whether the viewer may review
  useEffect(() => {
    if (signedIn) void refresh();
  }, [signedIn, owned, refresh]);

  // After a save or a cancelled edit the focus goes to the review it was about, not to the page's start.
  useEffect(() => {
    if (focusOwn.current && listing?.own && !editing) {
      focusOwn.current = false;
      ownHeading.current?.focus();
    }
  }, [listing, editing]);

  async function more() {
    if (!listing) return;
    setState('more');
    try {
      const { getReviews } = await import('../api');
      const answer = await getReviews(api, productId, listing.meta.current_page + 1);
      setListing((current) => {
        if (!current) return current;
        const known = new Set(current.data.map((review) => review.id));
        return {
          ...current,
          data: [...current.data, ...answer.data.filter((review) => !known.has(review.id))],
          meta: answer.meta,
          summary: answer.summary,
        };
      });
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  async function saved(text: string) {
    setEditing(false);
    setNotice(text);
    focusOwn.current = true;
    await refresh();
  }

  async function confirmQuestion(): Promise<string | null> {
    if (!question) return null;
    const { review } = question;
    try {
      const { deleteReview, reportReview } = await import('../api');
      if (question.kind === 'delete') {
        await deleteReview(api, review.id);
        setQuestion(null);
        setNotice(t('reviews.deleted'));
        await refresh();
      } else {
        await reportReview(api, review.id);
        setQuestion(null);
        setReported((current) => new Set(current).add(review.id));
      }
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return t('reviews.errors.tooMany');
      if (question.kind === 'report' && error instanceof ApiError && error.status === 403) {
        return t('reviews.errors.reportOwn');
      }
      return t(question.kind === 'delete' ? 'reviews.errors.deleteFailed' : 'reviews.errors.reportFailed');
    }
  }

  const own = listing?.own ?? null;
  const others = listing ? listing.data.filter((review) => !(own && review.id === own.id)) : [];
  const here = location.pathname + location.search;
  // Whose page this is may not be known yet (a page from the cache): nothing personal is shown until then.
  const viewer: 'unknown' | 'guest' | 'member' = signedIn ? 'member' : pending ? 'unknown' : 'guest';

  return (
    <section className="mt-16" aria-labelledby={headingId} id="reviews">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        {t('reviews.title')}
      </h2>
      {listing ? (
        <div className="mt-6 grid gap-10 lg:grid-cols-[18rem_1fr]">
          <RatingOverview summary={listing.summary} />
          <div className="min-w-0 space-y-6">
            {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
            {own && !editing ? (
              <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-4">
                <h3
                  ref={ownHeading}
                  tabIndex={-1}
                  className="text-sm font-semibold text-slate-900 outline-none"
                >
                  {t('reviews.yours')}
                </h3>
                {own.hidden ? <p className="mt-1 text-sm text-amber-800">{t('reviews.hiddenNote')}</p> : null}
                <ReviewBody review={own} language={language} />
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    onClick={() => {
                      setNotice(null);
                      setEditing(true);
                    }}
                  >
                    {t('reviews.edit')}
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    onPointerEnter={prepareDialog}
                    onFocus={prepareDialog}
                    onClick={() => {
                      setNotice(null);
                      setQuestion({ kind: 'delete', review: own });
                    }}
                  >
                    {t('reviews.delete')}
                  </button>
                </div>
              </div>
            ) : null}
            {viewer === 'member' && listing.personal && ((own && editing) || (!own && listing.canReview)) ? (
              <div className="rounded-xl border border-slate-200 p-4">
                <Suspense fallback={<p className="text-sm text-slate-500">{t('reviews.loading')}</p>}>
                  <ReviewForm
                    productId={productId}
                    review={own && editing ? own : undefined}
                    onSaved={() => void saved(t(own ? 'reviews.updated' : 'reviews.sent'))}
                    onCancel={
                      own
                        ? () => {
                            focusOwn.current = true;
                            setEditing(false);
                          }
                        : undefined
                    }
                    onExists={() => void refresh()}
                  />
                </Suspense>
              </div>
            ) : null}
            {viewer === 'member' && listing.personal && !own && !listing.canReview ? (
              <p className="text-sm text-slate-600">{t('reviews.notBuyer')}</p>
            ) : null}
            {viewer === 'guest' ? (
              <p className="text-sm text-slate-600">
                <Link to={loginPath(locale, here)} className="font-semibold text-brand-700 underline">
                  {t('reviews.login')}
                </Link>
                {t('reviews.loginToReview')}
              </p>
            ) : null}
            {others.length === 0 && !own ? (
              <p className="text-slate-600">{t('reviews.empty')}</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {others.map((review) => (
                  <li key={review.id} className="py-4 first:pt-0">
                    <ReviewBody review={review} language={language} />
                    {viewer === 'member' ? (
                      reported.has(review.id) ? (
                        <p role="status" className="mt-2 text-sm text-emerald-700">
                          {t('reviews.reported')}
                        </p>
                      ) : (
                        <button
                          type="button"
                          className="mt-2 text-sm font-medium text-slate-600 underline hover:text-slate-900"
                          aria-label={t('reviews.reportOf', { name: review.author_name })}
                          onPointerEnter={prepareDialog}
                          onFocus={prepareDialog}
                          onClick={() => setQuestion({ kind: 'report', review })}
                        >
                          {t('reviews.report')}
                        </button>
                      )
                    ) : viewer === 'guest' ? (
                      <Link
                        to={loginPath(locale, here)}
                        className="mt-2 inline-block text-sm font-medium text-slate-600 underline hover:text-slate-900"
                        aria-label={t('reviews.reportOf', { name: review.author_name })}
                      >
                        {t('reviews.report')}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {listing.meta.current_page < listing.meta.last_page ? (
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={more}
                disabled={state === 'more'}
                aria-busy={state === 'more'}
              >
                {state === 'more' ? t('reviews.loading') : t('reviews.more')}
              </button>
            ) : null}
            {state === 'loading' ? (
              <p role="status" className="text-sm text-slate-500">
                {t('reviews.loading')}
              </p>
            ) : null}
            {state === 'failed' ? <Failed onRetry={refresh} /> : null}
          </div>
        </div>
      ) : state === 'loading' ? (
        <p role="status" className="mt-6 text-sm text-slate-500">
          {t('reviews.loading')}
        </p>
      ) : (
        <div className="mt-6">
          <Failed onRetry={refresh} />
        </div>
      )}
      {question ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t(question.kind === 'delete' ? 'reviews.deleteQuestion' : 'reviews.reportQuestion')}
            description={t(
              question.kind === 'delete' ? 'reviews.deleteDescription' : 'reviews.reportDescription',
            )}
            confirmLabel={t(question.kind === 'delete' ? 'reviews.deleteConfirm' : 'reviews.reportConfirm')}
            busyLabel={t(question.kind === 'delete' ? 'reviews.deleting' : 'reviews.reporting')}
            tone={question.kind === 'delete' ? 'danger' : 'primary'}
            onConfirm={confirmQuestion}
            onClose={() => setQuestion(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
      <span>{t('reviews.failed')}</span>
      <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
        {t('reviews.retry')}
      </button>
    </div>
  );
}

/** The average in large, its stars, how many reviews, and a bar for each number of stars. */
function RatingOverview({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  if (summary.count === 0 || summary.average === null) return <div className="hidden lg:block" />;
  const average = averageText(summary.average, locale);
  return (
    <div>
      <p className="flex items-center gap-3">
        <span className="text-4xl font-bold text-slate-900" aria-hidden="true">
          {average}
        </span>
        <Stars value={summary.average} className="text-2xl" />
        <span className="sr-only">{t('reviews.averageLabel', { average })}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('reviews.count', { count: summary.count })}</p>
      <h3 className="sr-only">{t('reviews.spreadTitle')}</h3>
      <ul className="mt-4 space-y-1.5">
        {spreadRows(summary).map((row) => (
          <li key={row.stars} className="flex items-center gap-2 text-sm text-slate-700">
            <span className="sr-only">
              {t('reviews.stars', { count: row.stars })}: {t('reviews.count', { count: row.count })}
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 whitespace-nowrap">
              {row.stars} <span className="text-amber-500">★</span>
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${row.percent}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums">
              {row.count}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One review: who, when, the stars, the text as typed (never as HTML), the verified mark and its language. */
function ReviewBody({ review, language }: { review: Review; language: string }) {
  const { t } = useTranslation();
  // Only a text has a language to speak of.
  const otherLanguage = review.text !== null && review.language !== language;
  const knownLanguage = ['en', 'de', 'fr', 'es', 'it', 'pl'].includes(review.language);
  return (
    <article className="mt-2 first:mt-0">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900">{review.author_name}</span>
        <RelativeTime iso={review.created_at} className="text-slate-500" />
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
          <span aria-hidden="true">✓</span>
          {t('reviews.verified')}
        </span>
      </header>
      <p className="mt-1 flex items-center gap-2">
        <Stars value={review.stars} />
        <span className="sr-only">{t('reviews.averageLabel', { average: review.stars })}</span>
      </p>
      {review.text ? (
        <p className="mt-2 whitespace-pre-line break-words text-slate-700">{review.text}</p>
      ) : null}
      {otherLanguage ? (
        <p className="mt-1 text-xs text-slate-500">
          {knownLanguage ? t(`reviews.writtenIn.${review.language}`) : t('reviews.writtenInOther')}
        </p>
      ) : null}
    </article>
  );
}
