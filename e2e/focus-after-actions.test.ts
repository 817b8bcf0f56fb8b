import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

// Where the focus goes after a form fails and after a purchase: to what the person has to do next,
// in view, never to the start of the page.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** True when `locator` holds the focus and shows whole in the window. */
async function focusedInView(locator: Locator): Promise<boolean> {
  return (await whereFocusIs(locator)) === 'focused, in view';
}

/**
 * "focused, in view" when `locator` holds the focus and shows whole in the window; else what holds
 * the focus and where the element is, for a failure's message.
 */
function whereFocusIs(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const focused = element === document.activeElement;
    const inView =
      box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
    if (focused && inView) return 'focused, in view';
    const holder = document.activeElement;
    return `focus on ${holder?.tagName ?? 'nothing'} "${(holder?.getAttribute('aria-label') ?? holder?.textContent ?? '').slice(0, 60)}"; the element at ${Math.round(box.top)}-${Math.round(box.bottom)} of ${window.innerHeight}`;
  });
}

/** The first field of `form` marked in error, as the page orders them. */
function firstInError(form: Locator): Locator {
  return form.locator('[aria-invalid="true"]').first();
}

async function registerForm(page: Page) {
  await page.goto('/en/register');
  await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
  return page.locator('form:has(input[type="password"])');
}

describe('the focus after a form fails', () => {
  it('goes to the first field in error when the browser’s check refuses the form', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    const form = await registerForm(page);
    // Filled from the bottom: the first field in error is the first one, above the window.
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await firstInError(form).waitFor();
    const first = page.getByLabel('First name');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedInView(first)).toBe(true);

    // Sent again with the same errors: the focus goes there again.
    await page.getByRole('button', { name: 'Create account' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedInView(first)).toBe(true);
    await context.close();
  });

  it('goes to the field the server refused', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    const email = await verifiedUser(page);
    await context.clearCookies();
    const form = await registerForm(page);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await firstInError(form).waitFor();
    await expect.poll(() => focusedInView(page.getByLabel('Email'))).toBe(true);
    await context.close();
  }, 60_000);

  it('goes to the first field in error of a form that shows every problem at once (an offer)', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/en/dashboard/offers');
    const send = page.locator('button[type="submit"]:enabled', { hasText: 'Send offer' });
    await send.waitFor();
    await send.click();
    const form = page.locator('form:has(button[type="submit"]:text("Send offer"))');
    await firstInError(form).waitFor();
    await expect.poll(() => focusedInView(firstInError(form))).toBe(true);
    expect(await firstInError(form).getAttribute('name')).toBe('title');
    await context.close();
  }, 60_000);
});

describe('the focus after a purchase', () => {
  it('goes to the Download button on the product page, and to the order bought from the cart', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await fundedWith(page, '10');
    // The two cheapest of different titles: an order's tile is found by its title (published
    // offers of other tests may share one).
    const answer = await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=20`);
    const cheapest = ((await answer.json()) as { data: { slug: string; title: string }[] }).data;
    const first = cheapest[0];
    const second = cheapest.find((product) => product.title !== first?.title);

    // Buy now on the product page.
    await page.goto(`/en/products/${first?.slug}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Buy for / })
      .click();
    const download = page.getByRole('link', { name: 'Download' });
    await download.waitFor();
    await expect.poll(() => focusedInView(download)).toBe(true);
    // It stays there once the dialog has gone and the page has its new data.
    await page.waitForTimeout(500);
    expect(await focusedInView(download)).toBe(true);

    // The cart's checkout: the orders page, the order bought in focus.
    await page.goto(`/en/products/${second?.slug}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('link', { name: 'Cart, 1 prompt' }).waitFor();
    await page.goto('/en/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Buy for / })
      .click();
    await page.waitForURL('**/en/dashboard/orders?bought=*');
    const tile = page.getByRole('button', { name: `Show order: ${second?.title}` });
    await expect.poll(() => whereFocusIs(tile)).toBe('focused, in view');
    await page.waitForTimeout(500);
    expect(await whereFocusIs(tile)).toBe('focused, in view');
    await context.close();
  }, 120_000);
});
