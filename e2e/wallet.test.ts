import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Buys the cheapest prompt through the API with the page's own session, as the shop's scripts do. */
async function buyCheapest(page: Page): Promise<number> {
  const listed = (await (await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=1`)).json()) as {
    data: { id: number }[];
  };
  const productId = listed.data[0]?.id;
  if (!productId) throw new Error('the demo shop has no prompt');
  return page.evaluate(async (id) => {
    await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
    const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/purchase/prompt', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': token },
      body: JSON.stringify({ prompt_id: id }),
    });
    if (!response.ok) throw new Error(`the purchase answered ${response.status}`);
    return ((await response.json()) as { payload: { order_id: number } }).payload.order_id;
  }, productId);
}

describe('the wallet in the browser', () => {
  it('shows the balance and every movement with what it was for, filters them and exports them as CSV', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    const orderId = await buyCheapest(page);

    await page.goto('/en/dashboard');
    await page.getByRole('link', { name: 'Wallet' }).click();
    await page.waitForURL('**/en/dashboard/wallet');
    const movements = page.getByRole('listitem').filter({ hasText: /Balance after/ });
    await movements.first().waitFor();
    expect(await movements.count()).toBe(2);
    await page.getByText('Deposit', { exact: true }).waitFor();
    await page.getByRole('link', { name: `Order #${orderId}` }).waitFor();
    expect(await movements.first().textContent()).toContain('Purchase');
    await screenshot(page, 'wallet-1280');

    const filter = page.getByRole('navigation', { name: 'Show movements' });
    await filter.getByRole('link', { name: 'Deposits' }).click();
    await page.waitForURL('**/en/dashboard/wallet?kind=deposits');
    // The address changes before the filtered list is drawn.
    await expect.poll(() => movements.count()).toBe(1);
    await page.getByText('Deposit', { exact: true }).waitFor();
    await filter.getByRole('link', { name: 'Refunds' }).click();
    await page.getByText('No movements of this kind.').waitFor();
    await filter.getByRole('link', { name: 'All' }).click();
    await page.waitForURL(/\/en\/dashboard\/wallet$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('wallet.csv');
    const lines = readFileSync((await download.path()) ?? '', 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate,Kind,Move,Amount,Balance after,Reference');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`order ${orderId}`);
    expect(lines[2]).toMatch(/,deposits,deposit,10\.00,10\.00,deposit \d+$/);

    // The deposit's dialog, opened from its row: focus on the dialog, not on a button in it, and back
    // on the row once it closes.
    await page.goto('/en/dashboard/deposits');
    const row = page.getByRole('button', { name: /^Show deposit #\d+ / });
    await row.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back just after the dialog has gone.
    await expect.poll(() => row.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.setViewportSize(viewports.phone);
    await page.goto('/en/dashboard/wallet');
    await movements.first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'wallet-360');
    await page.setViewportSize(viewports.desktop);

    // A page past the end says so.
    await page.goto('/en/dashboard/wallet?page=9');
    await page.getByText('There is no page 9: the list has 1.').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is readable at 360 px and shows the empty state to a new account', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/de/dashboard/wallet');
    await page
      .getByText('Noch keine Bewegungen. Deine Einzahlungen, Käufe und Auszahlungen erscheinen hier.')
      .waitFor();
    await page.getByRole('link', { name: 'Aufladen' }).first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'wallet-empty-360');
    await context.close();
  });
});
