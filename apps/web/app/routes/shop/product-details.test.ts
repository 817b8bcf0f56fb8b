import type { ProductDetail } from '@promptmarket/contracts/catalogue';
import type { Review } from '@promptmarket/contracts/reviews';
import { describe, expect, it } from 'vitest';
import type { ReviewsPage } from '../../features/reviews/components/reviews-section';
import { messagesFor } from '../../lib/messages.server';
import { pack } from '../../lib/packed';
import { SITE_ROUTE_ID } from '../../lib/site-data';
import { meta } from './product-details';

const product = {
  id: 9,
  slug: 'misty-harbour',
  title: 'Misty harbour',
  description: 'Boats in the morning mist.',
  price: 4.5,
  price_eur: 4.5,
  image_url: '/media/products/misty-harbour/640.webp',
  thumb_url: '/media/products/misty-harbour/320.webp',
  images: { webp: { 640: '/m/640.webp' }, avif: { 640: '/m/640.avif' } },
  category: { id: 1, slug: 'landscapes', title: 'Landscapes' },
  rating: { average: 4.5, count: 2, spread: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
} as unknown as ProductDetail;

const review = (id: number, stars: number, text: string | null): Review => ({
  id,
  product_id: 9,
  stars,
  text,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  author_name: id === 1 ? 'Anna K.' : 'Jan N.',
  verified_purchase: true,
  language: 'en',
  mine: false,
  hidden: false,
});

/** The page's Product JSON-LD for the product and the first page of its reviews (null: it failed to load). */
function productLd(reviews: ReviewsPage | null) {
  const tags = meta({
    matches: [
      {
        id: SITE_ROUTE_ID,
        loaderData: {
          locale: 'en',
          origin: 'https://shop.test',
          languages: [],
          messagesJson: pack(messagesFor('en')),
        },
      },
    ],
    location: { pathname: '/en/products/misty-harbour' },
    loaderData: {
      packedProduct: pack(product),
      added: '',
      packedReviews: pack(reviews),
      packedLookalikes: pack([]),
    },
  } as never) as Record<string, unknown>[];
  const ld = tags.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as Record<string, unknown>[];
  return ld.find((entry) => entry['@type'] === 'Product') as Record<string, unknown>;
}

describe("the product page's JSON-LD", () => {
  it('gives the aggregate rating and the reviews of the first page', () => {
    const ld = productLd({
      data: [review(1, 5, 'Lovely.'), review(2, 4, null)],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 2 },
      summary: { average: 4.5, count: 2, spread: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
    });
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Anna K.' },
        datePublished: '2026-11-20',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Lovely.',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Jan N.' },
        datePublished: '2026-11-20',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
    expect(ld.name).toBe('Misty harbour');
  });

  it("keeps the product's rating when its reviews could not be loaded, and says nothing without reviews", () => {
    const ld = productLd(null);
    expect((ld.aggregateRating as { reviewCount: number }).reviewCount).toBe(2);
    expect(ld.review).toBeUndefined();
    const none = productLd({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
      summary: { average: null, count: 0, spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
    expect(none.aggregateRating).toBeUndefined();
    expect(none.review).toBeUndefined();
  });
});
