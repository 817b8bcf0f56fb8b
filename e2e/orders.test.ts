import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { fundedWith, headerBalance, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { slug: string; title: string; price: number };

async function listed(sort: 'price_asc' | 'price_desc'): Promise<Listed[]> {
  const response = await fetch(`${baseURL()}/api/products?sort=${sort}&per_page=5`);
  return ((await response.json()) as { data: Listed[] }).data;
}

describe('buying in the browser', () => {
  it('adds two prompts to the cart, buys them, downloads one from the orders tab, and is refused without money', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');

    const [first, second] = await listed('price_asc');
    if (!first || !second) throw new Error('the demo shop has too few prompts');
    for (const product of [first, second]) {
      await page.goto(`/en/products/${product.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('Added to your cart.').waitFor();
    }
    await page.getByRole('link', { name: 'Cart (2)' }).first().waitFor();

    await page.goto('/en/cart');
    await page.getByRole('link', { name: first.title }).waitFor();
    await page.getByRole('link', { name: second.title }).waitFor();
    await screenshot(page, 'cart-1280');
    await page.getByRole('button', { name: /^Buy for / }).click();
    await page.waitForURL('**/en/dashboard/orders');
    await page.getByRole('button', { name: `Show order: ${first.title}` }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Format').selectOption('webp');
    await dialog.getByLabel('Size').selectOption('512x512');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${first.slug}-512x512.zip`);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
    expect(Object.keys(files).sort()).toEqual(
      ['LICENSE.txt', `${first.slug}-512x512.webp`, 'prompt.txt'].sort(),
    );
    expect(strFromU8(files['prompt.txt'] as Uint8Array).length).toBeGreaterThan(20);
    await screenshot(page, 'order-dialog-1280');
    await page.keyboard.press('Escape');

    const spent = Math.round((first.price + second.price) * 100);
    const left = (1000 - spent) / 100;
    expect(await headerBalance(page)).toContain(`${left.toFixed(2)} Credits`);

    // A prompt that costs more than what is left: refused with the missing amount, nothing charged.
    const [expensive] = await listed('price_desc');
    if (!expensive || expensive.price <= left) throw new Error('no prompt costs more than the balance');
    await page.goto(`/en/products/${expensive.slug}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.getByText(/Insufficient funds: you need .* Credits more\./).waitFor();
    await page.getByRole('link', { name: 'Top up your balance' }).waitFor();
    expect(await headerBalance(page)).toContain(`${left.toFixed(2)} Credits`);

    // What was bought shows Download instead of Buy now.
    await page.goto(`/en/products/${second.slug}`);
    await page.getByText('You own this prompt.').waitFor();
    // The refused purchase is a 422, which the browser reports; nothing else may appear.
    expect(consoleErrors.filter((line) => !line.includes('status of 422')).join('\n')).toBe('');
    await context.close();
  });
});
