import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeFindings,
  launchBrowser,
  openPage,
  overflowsHorizontally,
  screenshot,
  viewports,
} from './browser';
import { verifiedUser } from './journeys';

// The dashboard's Favourites tab, and a guest's like: liked on the product page, listed newest
// first, unliked from the tab (put back when the API refuses), bought from it; a guest is sent to
// log in and comes back to like.

const password = 'correct horse battery';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A JSON call from the page's context, with its cookies and XSRF token. */
async function pageCall(page: Page, method: 'GET' | 'POST', url: string) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const response = await page.request.fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf.value) } : {}),
    },
  });
  expect(response.status(), `${method} ${url}`).toBeLessThan(300);
  return response.json();
}

type Tile = { id: number; slug: string; title: string };

/** The newest prompts on sale, as the list gives them. */
async function productsOnSale(page: Page, count: number): Promise<Tile[]> {
  const list = (await pageCall(page, 'GET', `/api/products?per_page=${count}`)) as { data: Tile[] };
  expect(list.data.length).toBe(count);
  return list.data;
}

/** A tile's button by what it shows and the prompt its name ends with. */
const named = (text: string, title: string) =>
  new RegExp(`^${text}\\s*:\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The titles of the tiles the tab shows, in order. */
const tileTitles = (page: Page) => page.locator('main article h3').allTextContents();

describe('the Favourites tab', () => {
  it('lists the liked prompts newest first at 360 px, unlikes one (put back when refused) and adds the other to the cart', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    const [first, second] = (await productsOnSale(page, 2)) as [Tile, Tile];

    // Liked on their pages, one after the other.
    for (const product of [first, second]) {
      await page.goto(`/en/products/${product.slug}`);
      const like = page.getByRole('button', { name: /^Like, / });
      await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('false');
      await like.click();
      await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    }

    // The tab, from the dashboard's tab bar.
    await page.goto('/en/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Favourites' })
      .click();
    await page.waitForURL('**/en/dashboard/favourites');
    await page.getByRole('heading', { name: 'Your favourites' }).waitFor();
    expect(await tileTitles(page)).toEqual([second.title, first.title]);
    await page.getByText('2 prompts').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'favourites-360');
    expect(await axeFindings(page)).toEqual([]);

    // A refused Unlike puts the tile back and says so at it.
    const unlikeSecond = page.getByRole('button', { name: named('Remove from favourites', second.title) });
    await page.route('**/api/products/*/like', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' })
        : route.continue(),
    );
    await unlikeSecond.click();
    await page
      .getByRole('alert')
      .getByText(`“${second.title}” could not be removed from your favourites. Please try again.`)
      .waitFor();
    expect(await tileTitles(page)).toEqual([second.title, first.title]);
    await page.unroute('**/api/products/*/like');

    // Unliked: the tile leaves, the focus goes to the list's heading, the status line says which.
    await unlikeSecond.click();
    await page.getByRole('status').getByText(`“${second.title}” was removed from your favourites.`).waitFor();
    await expect.poll(() => tileTitles(page)).toEqual([first.title]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('favourites-title');
    await page.getByText('1 prompt', { exact: false }).first().waitFor();
    await page.reload();
    expect(await tileTitles(page)).toEqual([first.title]);

    // The other one into the cart, from its tile.
    await page.getByRole('button', { name: named('Add to cart', first.title) }).click();
    await page.getByRole('link', { name: 'In your cart' }).waitFor();
    const cart = (await pageCall(page, 'GET', '/api/cart')) as { items?: { product_id?: number }[] };
    expect(JSON.stringify(cart)).toContain(first.title);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'favourites-after-360');
    expect(consoleErrors.filter((text) => !text.includes('500'))).toEqual([]);
    await context.close();
  });

  it('pages the favourites at 1280 px, has no serious axe findings, and shows its empty state', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard/favourites');
    await page.getByText('You have not liked any prompts yet.').waitFor();
    await page.getByRole('link', { name: 'Browse prompts' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, 'favourites-empty-1280');

    // Nineteen likes: a page of eighteen and a second page of one, the first like last.
    const products = await productsOnSale(page, 19);
    for (const product of products) await pageCall(page, 'POST', `/api/products/${product.id}/like`);
    await page.goto('/en/dashboard/favourites');
    await page.getByText('19 prompts').waitFor();
    const firstPage = await tileTitles(page);
    expect(firstPage).toHaveLength(18);
    expect(firstPage[0]).toBe(products[18]?.title);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.waitFor();
    await screenshot(page, 'favourites-1280');
    expect(await axeFindings(page)).toEqual([]);

    await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
    await page.waitForURL('**/en/dashboard/favourites?page=2');
    await expect.poll(() => tileTitles(page)).toEqual([products[0]?.title]);
    await screenshot(page, 'favourites-page-2-1280');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a guest who presses like to log in, and back to the prompt to like it', async () => {
    const member = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(member.page);
    const [product] = (await productsOnSale(member.page, 1)) as [Tile];
    await member.context.close();

    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto(`/en/products/${product.slug}`);
    await page.getByRole('link', { name: /likes?$/ }).click();
    await page.waitForURL('**/en/login?**');
    const back = new URL(page.url()).searchParams.get('redirect') ?? '';
    expect(back.startsWith(`/en/products/${product.slug}`)).toBe(true);
    await page.locator('button[type="submit"]:enabled', { hasText: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === `/en/products/${product.slug}`);

    // Not liked behind their back: the like is theirs to press, and the button is ready for it.
    const like = page.getByRole('button', { name: /^Like, / });
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('false');
    await page
      .getByText('You are signed in. Press the heart to add this prompt to your favourites.')
      .waitFor();
    await expect.poll(() => like.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, 'favourites-guest-back-360');
    await page.keyboard.press('Enter');
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    await page.goto('/en/dashboard/favourites');
    expect(await tileTitles(page)).toEqual([product.title]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
