import type { RatingSummary } from '@promptmarket/contracts/catalogue';
import type { Review } from '@promptmarket/contracts/reviews';
import { NUMBER_STYLES } from '../../lib/amount';

/** The most stars a review gives. */
export const MOST_STARS = 5;

/**
 * An average of stars as the page's language writes it, to one decimal: "4.6", "4,6". Written
 * without `Intl` (the reviews are drawn while the page starts, decision 0059).
 */
export function averageText(average: number, locale: string): string {
  const separator = NUMBER_STYLES[locale]?.[1] ?? '.';
  return average.toFixed(1).replace('.', separator);
}

/** How much of a row of five stars an average fills, to the nearest half star, in percent. */
export function filledPercent(average: number): number {
  const halves = Math.round(Math.min(Math.max(average, 0), MOST_STARS) * 2);
  return (halves / (MOST_STARS * 2)) * 100;
}

/** The spread's rows, five stars first, each with its share of all reviews in whole percent. */
export function spreadRows(summary: RatingSummary): { stars: number; count: number; percent: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.spread[stars as 1 | 2 | 3 | 4 | 5] ?? 0;
    return { stars, count, percent: summary.count > 0 ? Math.round((count / summary.count) * 100) : 0 };
  });
}

/**
 * What a product's schema.org `Product` says of its reviews: the aggregate rating when it has any,
 * and the reviews the page shows. Nothing when it has none (search engines refuse a rating of
 * zero reviews).
 */
export function reviewsJsonLd(summary: RatingSummary, reviews: readonly Review[]): Record<string, unknown> {
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: MOST_STARS,
      worstRating: 1,
    },
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author_name },
            datePublished: review.created_at.slice(0, 10),
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.stars,
              bestRating: MOST_STARS,
              worstRating: 1,
            },
            ...(review.text ? { reviewBody: review.text } : {}),
          })),
        }
      : {}),
  };
}

/** The review form's fields as typed: the chosen stars ("" before a choice) and the text. */
export type ReviewFormValues = { stars: string; text: string };
