import type { RatingSummary } from '@promptmarket/contracts/catalogue';
import type { Review } from '@promptmarket/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { averageText, filledPercent, reviewsJsonLd, spreadRows } from './rules';

const summary: RatingSummary = { average: 4.6, count: 5, spread: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 3 } };

const review = (id: number, stars: number, text: string | null): Review => ({
  id,
  product_id: 9,
  stars,
  text,
  created_at: `2026-11-2${id}T10:00:00.000Z`,
  updated_at: `2026-11-2${id}T10:00:00.000Z`,
  author_name: 'Anna K.',
  verified_purchase: true,
  language: 'de',
  mine: false,
  hidden: false,
});

describe("a product's rating", () => {
  it('writes the average to one decimal in the language of the page', () => {
    expect(averageText(4.6, 'en')).toBe('4.6');
    expect(averageText(4, 'en')).toBe('4.0');
    expect(averageText(4.6, 'de')).toBe('4,6');
    expect(averageText(3.5, 'pl')).toBe('3,5');
  });

  it('fills the stars to the nearest half star', () => {
    expect(filledPercent(4.6)).toBe(90);
    expect(filledPercent(4.8)).toBe(100);
    expect(filledPercent(1)).toBe(20);
    expect(filledPercent(0)).toBe(0);
  });

  it('lists the spread five stars first, each with its share', () => {
    expect(spreadRows(summary)).toEqual([
      { stars: 5, count: 3, percent: 60 },
      { stars: 4, count: 2, percent: 40 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });
});

describe("the Product JSON-LD's reviews", () => {
  it('gives the aggregate rating and the reviews of the first page', () => {
    const ld = reviewsJsonLd(summary, [review(1, 5, 'Wunderschön.\nGerne wieder.'), review(2, 4, null)]);
    expect(ld).toEqual({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.6,
        reviewCount: 5,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Anna K.' },
          datePublished: '2026-11-21',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          reviewBody: 'Wunderschön.\nGerne wieder.',
        },
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Anna K.' },
          datePublished: '2026-11-22',
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        },
      ],
    });
  });

  it('says nothing of a product without reviews', () => {
    expect(reviewsJsonLd({ average: null, count: 0, spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }, [])).toEqual(
      {},
    );
  });
});
