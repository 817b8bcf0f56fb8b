import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInAsAdmin, signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import {
  axeFindings,
  baseURL,
  launchBrowser,
  openPage,
  overflowsHorizontally,
  screenshot,
  viewports,
} from './browser';
import { waitForMailLink } from './mailbox';

// The back office's queue of reported reviews: a buyer reviews a prompt, another member reports
// the review, and the admin hides it from the shop (its rating with it) and shows it again.

/** A visitor of the shared server, through the API. */
function visitor() {
  const client = apiVisitor();
  return {
    ...client,
    call: (method: string, path: string, body?: unknown) => client.call(baseURL(), method, path, body),
  };
}

/** A new member, registered and verified from the mail, signed in. */
async function member(firstName: string, lastName: string) {
  const client = visitor();
  const email = `review.${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  await client.call('GET', '/sanctum/csrf-cookie');
  const registered = await client.call('POST', '/api/register', {
    first_name: firstName,
    last_name: lastName,
    email,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    terms: true,
  });
  expect(registered.status).toBe(200);
  const { payload } = (await registered.json()) as { payload: { id: string } };
  const link = new URL(
    await waitForMailLink(inject('mailDir'), email, /http:\/\/\S+\/en\/email\/verify\/\S+/, 40_000),
  );
  await client.call('GET', link.pathname + link.search);
  return { ...client, id: payload.id, email };
}

type Listed = { id: number; slug: string; title: string; rating_count: number };

/**
 * How long a change may take to reach every answer a guest is given: the other worker's caches are
 * cleared by a notice from the database, a moment after the change.
 */
const CACHES_MOVED = { timeout: 10_000, interval: 200 };
type Rating = { average: number | null; count: number };

/** What a guest is shown of the product's reviews and rating (the shop's pages read the same). */
async function shown(product: Listed) {
  const guest = visitor();
  const reviews = (await (await guest.call('GET', `/api/products/${product.id}/reviews`)).json()) as {
    data: { text: string | null }[];
    summary: Rating;
  };
  const details = (await (await guest.call('GET', `/api/products/${product.slug}`)).json()) as {
    data: { rating: Rating };
  };
  return {
    texts: reviews.data.map((review) => review.text),
    summary: { average: reviews.summary.average, count: reviews.summary.count },
    rating: { average: details.data.rating.average, count: details.data.rating.count },
  };
}

/** Whether the product's page, as a guest opens it, shows the review and its five stars' average. */
async function productPageShows(page: Page) {
  await page.goto(`/en/products/${product.slug}`);
  const section = page.getByRole('region', { name: 'Reviews', exact: true });
  await section.waitFor();
  return {
    review: (await section.getByText(text).count()) > 0,
    average: (await section.getByText('Rated 5 out of 5').count()) > 0,
  };
}

/** Presses a row's button, then the confirming dialog's, and waits for the outcome. */
async function confirmInRow(page: Page, row: Locator, button: string, done: string) {
  await row.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await page.getByText(done).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

let browser: Browser;
let product: Listed;
let buyerEmail = '';
const text = `Lovely colours, but <b>not</b> what the title says ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [buyer, reporter] = await Promise.all([member('Rhea', 'Reviewer'), member('Paul', 'Reporter')]);
  const admin = visitor();
  await admin.call('GET', '/sanctum/csrf-cookie');
  expect((await signInAsAdmin(baseURL(), admin.call)).status).toBe(200);
  buyerEmail = buyer.email;
  const adjusted = await admin.call('POST', `/api/admin/users/${buyer.id}/adjust`, {
    amount: '100',
    reason: 'reviews queue test',
  });
  expect(adjusted.status).toBe(200);
  // A prompt nobody has reviewed yet, so that its rating is this review's alone.
  const { data } = (await (await buyer.call('GET', '/api/products?per_page=50&sort=price_asc')).json()) as {
    data: Listed[];
  };
  const unrated = data.find((listed) => listed.rating_count === 0);
  if (!unrated) throw new Error('every listed prompt has reviews');
  product = unrated;
  expect((await buyer.call('POST', '/api/purchase/prompt', { prompt_id: product.id })).status).toBe(200);
  const reviewed = await buyer.call('POST', `/api/products/${product.id}/reviews`, { stars: 5, text });
  expect(reviewed.status).toBe(200);
  const { payload: review } = (await reviewed.json()) as { payload: { id: number } };
  expect((await reporter.call('POST', `/api/reviews/${review.id}/report`)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the back office’s queue of reported reviews', () => {
  it('hides a reported review from the shop, its rating with it, and shows it again, each in the audit log', async () => {
    // The shop shows the review and counts it.
    await expect
      .poll(() => shown(product), CACHES_MOVED)
      .toEqual({
        texts: [text],
        summary: { average: 5, count: 1 },
        rating: { average: 5, count: 1 },
      });
    const guest = await openPage(browser, viewports.desktop);
    await expect
      .poll(() => productPageShows(guest.page), CACHES_MOVED)
      .toEqual({ review: true, average: true });
    const staff = await openPage(browser, viewports.desktop);
    await logInAsAdmin(staff.page, baseURL());
    const { page } = staff;
    await page.goto('/en/admin/reviews');
    await page.getByRole('heading', { name: 'Reviews', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Reviews', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    const row = page.getByRole('row').filter({ hasText: text });
    await row.waitFor();
    // The row tells what the admin decides on; the text is shown as typed, its markup as letters.
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(0, 8))
      .toEqual([
        product.title,
        `Rhea Reviewer${buyerEmail}`,
        '★★★★★5 stars of 5',
        text,
        'en',
        '1',
        'just now',
        'Shown',
      ]);
    expect(await row.locator('b').count()).toBe(0);
    expect(await row.getByRole('link', { name: product.title }).getAttribute('href')).toBe(
      `/en/products/${product.slug}`,
    );
    expect(await row.getByRole('link', { name: 'Rhea Reviewer' }).getAttribute('href')).toMatch(
      /^\/en\/admin\/users\/[\w-]+$/,
    );

    // Hide: asked first, then the row says so, and the shop no longer shows it nor counts it.
    await row.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide' });
    await dialog.getByText(`Hide the review by Rhea Reviewer of “${product.title}”?`).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByText('Cancel', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('Shown');
    await confirmInRow(page, row, 'Hide', 'The review by Rhea Reviewer is hidden.');
    await row.getByRole('button', { name: 'Restore' }).waitFor();
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('Hidden');
    await screenshot(page, 'admin-reviews-hidden-1280');
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await axeFindings(page)).toEqual([]);
    await expect
      .poll(() => shown(product), CACHES_MOVED)
      .toEqual({
        texts: [],
        summary: { average: null, count: 0 },
        rating: { average: null, count: 0 },
      });
    await expect
      .poll(() => productPageShows(guest.page), CACHES_MOVED)
      .toEqual({ review: false, average: false });

    // The filter: a hidden review is among the hidden ones, not among the shown.
    await page.getByRole('navigation', { name: 'Show reviews' }).getByRole('link', { name: 'Shown' }).click();
    await page.waitForURL((url) => url.search === '?hidden=false');
    // The address changes before the new list is drawn, so the row's leaving is awaited.
    await row.waitFor({ state: 'detached' });
    await page
      .getByRole('navigation', { name: 'Show reviews' })
      .getByRole('link', { name: 'Hidden' })
      .click();
    await page.waitForURL((url) => url.search === '?hidden=true');
    await row.waitFor();

    // Restore: the shop shows it and counts it again.
    await confirmInRow(page, row, 'Restore', 'The review by Rhea Reviewer is shown again.');
    await page.goto('/en/admin/reviews');
    await row.getByRole('button', { name: 'Hide' }).waitFor();
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('Shown');
    await expect
      .poll(() => shown(product), CACHES_MOVED)
      .toEqual({
        texts: [text],
        summary: { average: 5, count: 1 },
        rating: { average: 5, count: 1 },
      });
    await expect
      .poll(() => productPageShows(guest.page), CACHES_MOVED)
      .toEqual({ review: true, average: true });
    expect(guest.consoleErrors).toEqual([]);
    await guest.context.close();

    // The audit log names both actions in words.
    await page.goto('/en/admin/audit?search=review.');
    const entries = page.getByRole('row').filter({ hasText: `review #` });
    await entries.first().waitFor();
    const actions = await entries.locator('td:nth-child(3)').allTextContents();
    expect(actions.slice(0, 2)).toEqual(['Review shown againreview.restore', 'Review hiddenreview.hide']);
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();
  }, 50_000);

  it('is usable on a phone: the row’s button stays in view and the page does not scroll sideways', async () => {
    const staff = await openPage(browser, viewports.phone);
    await logInAsAdmin(staff.page, baseURL());
    const { page } = staff;
    await page.goto('/en/admin/reviews');
    const row = page.getByRole('row').filter({ hasText: text });
    const hide = row.getByRole('button', { name: 'Hide' });
    await hide.waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await hide.scrollIntoViewIfNeeded();
    const box = await hide.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewports.phone.width).toBe(true);
    await screenshot(page, 'admin-reviews-360');
    expect(await axeFindings(page)).toEqual([]);
    // From the keyboard: the button opens its dialog, which Escape closes.
    await hide.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Hide' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();
  }, 30_000);
});
