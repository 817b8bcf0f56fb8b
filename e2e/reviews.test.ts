import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeFindings,
  baseURL,
  launchBrowser,
  openPage,
  overflowsHorizontally,
  screenshot,
  viewports,
} from './browser';
import { fundedWith, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { id: number; slug: string; title: string; price: number };
type Summary = { average: number | null; count: number };

/** A prompt the buyer's 10 credits pay for, not always the same one (other tests buy the cheapest). */
async function affordablePrompt(): Promise<Listed> {
  const response = await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=12`);
  const listed = ((await response.json()) as { data: Listed[] }).data.filter((item) => item.price <= 10);
  const chosen = listed[Math.floor(Math.random() * listed.length)];
  if (!chosen) throw new Error('the demo shop has no prompt for 10 credits');
  return chosen;
}

/** The product's rating as everyone sees it. */
async function publicRating(id: number): Promise<Summary> {
  const response = await fetch(`${baseURL()}/api/products/${id}/reviews`);
  return ((await response.json()) as { summary: Summary }).summary;
}

describe('reviews in the browser', () => {
  it('a buyer reviews a prompt from the keyboard at 360 px and edits it; the tile shows the rating; another member reports it', async () => {
    const buyer = await openPage(browser, viewports.phone);
    const reporter = await openPage(browser, viewports.desktop);
    const [prompt] = await Promise.all([
      affordablePrompt(),
      (async () => {
        await verifiedUser(buyer.page);
        await fundedWith(buyer.page, '10');
      })(),
      verifiedUser(reporter.page),
    ]);
    const { page } = buyer;
    const text = `Crisp light, calm colours. ${Date.now()}\nWorth it.`;

    // Not bought yet: no form, and a line saying why.
    await page.goto(`/en/products/${prompt.slug}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('Only buyers of this prompt can review it.').waitFor();
    expect(await reviews.getByRole('radio').count()).toBe(0);

    // Bought here: the form comes without a reload.
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm your purchase' })
      .getByRole('button', { name: /^Buy for / })
      .click();
    const firstStar = reviews.getByRole('radio', { name: '1 star', exact: true });
    await firstStar.waitFor();

    // From the keyboard: the stars by arrow keys, the text, then Send.
    await firstStar.focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
    expect(await reviews.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
    expect(await reviews.getByText('of 2,000 characters').textContent()).toBe(
      `${text.length} of 2,000 characters`,
    );
    await screenshot(page, 'product-review-form-360');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await reviews.getByText('Thank you for your review.').waitFor();
    const own = reviews.locator('div', { has: page.getByRole('heading', { name: 'Your review' }) }).last();
    await own.getByText('Crisp light, calm colours.', { exact: false }).waitFor();
    expect(await own.getByText('Verified purchase').count()).toBe(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'product-review-written-360');

    // The list's tile shows the new average once the cached list has moved on.
    // A guest's answer may come from the other worker, whose caches the database tells a moment later.
    await expect
      .poll(async () => (await publicRating(prompt.id)).count, { timeout: 10_000, interval: 200 })
      .toBeGreaterThan(0);
    const rating = await publicRating(prompt.id);
    const label = `Rated ${rating.average?.toFixed(1)} out of 5 by ${rating.count} ${rating.count === 1 ? 'buyer' : 'buyers'}`;
    const tile = page.getByRole('img', { name: label });
    for (let attempt = 0; ; attempt++) {
      await page.goto(`/en/products?search=${encodeURIComponent(prompt.title)}`);
      if ((await tile.count()) > 0) break;
      if (attempt === 10) throw new Error(`no tile says "${label}"`);
      await page.waitForTimeout(500);
    }
    expect(await tile.first().textContent()).toBe(`★ ${rating.average?.toFixed(1)} (${rating.count})`);

    // The product's JSON-LD carries the rating and the review (once the cached page has moved on).
    const jsonLd = async () => {
      await page.goto(`/en/products/${prompt.slug}`);
      return JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]',
      ) as Record<string, unknown>[];
    };
    await expect
      .poll(async () => (await jsonLd()).some((entry) => 'aggregateRating' in entry), {
        timeout: 10_000,
        interval: 500,
      })
      .toBe(true);
    const ld = await jsonLd();
    const product = ld.find((entry) => entry['@type'] === 'Product') as {
      aggregateRating: { ratingValue: number; reviewCount: number; bestRating: number; worstRating: number };
      review: { reviewBody?: string; author: { name: string } }[];
    };
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review.some((entry) => entry.reviewBody === text && entry.author.name === 'Ada L.')).toBe(
      true,
    );

    // Edited: two stars and another text, shown at once.
    await reviews.getByRole('button', { name: 'Edit' }).click();
    // A pointer presses the star (the radio under it is hidden).
    await reviews.locator('label', { hasText: '2 stars' }).click();
    expect(await reviews.getByRole('radio', { name: '2 stars' }).isChecked()).toBe(true);
    const edited = `Second thoughts ${Date.now()}.`;
    await reviews.getByLabel('Your review (optional)').fill(edited);
    await reviews.getByRole('button', { name: 'Save changes' }).click();
    await reviews.getByText('Your review is updated.').waitFor();
    await reviews.getByText(edited).waitFor();
    expect(buyer.consoleErrors.join('\n')).toBe('');

    // Another member reports it, and is thanked.
    const other = reporter.page;
    await other.goto(`/en/products/${prompt.slug}`);
    const item = other.getByRole('listitem').filter({ hasText: edited });
    const report = item.getByRole('button', { name: /^Report the review by / });
    await report.click();
    const question = other.getByRole('dialog', { name: 'Report this review?' });
    await question.getByRole('button', { name: 'Report review' }).click();
    await item.getByText('Reported, thank you.').waitFor();
    expect(await other.getByRole('dialog').count()).toBe(0);
    await screenshot(other, 'product-review-reported-1280');
    expect(await axeFindings(other)).toEqual([]);
    await other.setViewportSize(viewports.phone);
    expect(await axeFindings(other)).toEqual([]);
    expect(reporter.consoleErrors.join('\n')).toBe('');

    // The buyer deletes it after a question, and may write one again.
    await reviews.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your review?' })
      .getByRole('button', { name: 'Delete review' })
      .click();
    await reviews.getByText('Your review is deleted.').waitFor();
    await reviews.getByRole('radio', { name: '1 star', exact: true }).waitFor();
    expect(await reviews.getByText(edited).count()).toBe(0);
    expect(buyer.consoleErrors.join('\n')).toBe('');

    await buyer.context.close();
    await reporter.context.close();
  }, 60_000);
});
