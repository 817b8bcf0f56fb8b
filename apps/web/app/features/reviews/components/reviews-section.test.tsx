import type { Review } from '@promptmarket/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { renderInSite } from '../../../test/render-in-site';
import { type ReviewsPage, ReviewsSection } from './reviews-section';

const review = (id: number, fields: Partial<Review> = {}): Review => ({
  id,
  product_id: 9,
  stars: 5,
  text: 'Lovely colours.',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  author_name: 'Anna K.',
  verified_purchase: true,
  language: 'en',
  mine: false,
  hidden: false,
  ...fields,
});

const page = (data: Review[], lastPage = 1): ReviewsPage => ({
  data,
  meta: { current_page: 1, last_page: lastPage, per_page: 10, total: data.length },
  summary: { average: 4.6, count: 5, spread: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 3 } },
});

const render = (initial: ReviewsPage | null, language = 'en') =>
  renderInSite(() => <ReviewsSection productId={9} initial={initial} owned={false} />, { language });

describe("a product's reviews", () => {
  it('shows the average, the count and the spread of stars, each bar with its words', () => {
    const { html, text } = render(page([review(1)]));
    expect(text).toContain('4.6');
    expect(text).toContain('Rated 4.6 out of 5');
    expect(text).toContain('5 reviews');
    expect(text).toContain('5 stars: 3 reviews');
    expect(text).toContain('4 stars: 2 reviews');
    expect(text).toContain('1 star: 0 reviews');
    // The bars are pictures of the words beside them.
    expect(html).toContain('style="width:60%"');
  });

  it('lists each review with its author, stars, text and the verified mark', () => {
    const { text } = render(
      page([review(1), review(2, { author_name: 'Jan N.', stars: 4, text: 'Good.\nNot great.' })]),
    );
    expect(text).toContain('Anna K.');
    expect(text).toContain('Lovely colours.');
    expect(text).toContain('Jan N.');
    expect(text).toContain('Rated 4 out of 5');
    expect(text.match(/Verified purchase/g)).toHaveLength(2);
  });

  it('keeps the line breaks of a text with CSS and never makes HTML or links of it', () => {
    const { html } = render(
      page([review(1, { text: '<script>alert(1)</script>\nSee https://example.test/x <b>now</b>' })]),
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>now</b>');
    expect(html).not.toContain('href="https://example.test');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/class="[^"]*whitespace-pre-line[^"]*">&lt;script&gt;/);
  });

  it("names a review's language when it is not the page's", () => {
    const { text } = render(
      page([
        review(1, { language: 'de', text: 'Sehr schön.' }),
        review(2),
        review(3, { language: 'fr', text: null }),
      ]),
    );
    expect(text).toContain('Written in German');
    // Stars without a text have no language to name.
    expect(text.match(/Written in/g)).toHaveLength(1);
    const german = render(page([review(1, { language: 'en' })]), 'de');
    expect(german.text).toContain('Auf Englisch geschrieben');
    expect(german.text).toContain('Mit 4,6 von 5 bewertet');
    expect(german.text).toContain('Verifizierter Kauf');
  });

  it('says when there are no reviews yet, and offers more when there are', () => {
    const empty = render({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 },
      summary: { average: null, count: 0, spread: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
    expect(empty.text).toContain('No reviews yet.');
    expect(empty.text).not.toContain('Rated');
    expect(render(page([review(1)], 2)).text).toContain('More reviews');
    expect(render(page([review(1)], 1)).text).not.toContain('More reviews');
  });

  it('asks a guest to log in to review or report', () => {
    const { html, text } = render(page([review(1)]));
    expect(text).toContain('Log in to review a prompt you bought or to report a review.');
    expect(html).toContain('aria-label="Report the review by Anna K."');
    expect(html).toContain('href="/en/login?redirect=');
  });

  it('says so when the reviews could not be loaded, with a way to try again', () => {
    const { html, text } = render(null);
    expect(text).toContain('The reviews could not be loaded.');
    expect(text).toContain('Try again');
    expect(html).toContain('role="alert"');
  });
});
