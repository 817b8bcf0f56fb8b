import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { fundedWith, headerBalance, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { id: number; slug: string; title: string; price: number };

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
    // One from its page, one from its tile in the list.
    await page.goto(`/en/products/${first.slug}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto('/en/products?sort=price_asc');
    await page.getByRole('button', { name: `Add to cart: ${second.title}` }).click();
    await page.getByRole('link', { name: 'In your cart' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 2 prompts' }).first().waitFor();

    await page.goto('/en/cart');
    await page.getByRole('link', { name: first.title }).waitFor();
    await page.getByRole('link', { name: second.title }).waitFor();
    await screenshot(page, 'cart-1280');
    await page.getByRole('button', { name: 'Checkout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await confirm.getByText('You are buying 2 prompts.').waitFor();
    await screenshot(page, 'cart-purchase-modal-1280');
    await confirm.getByRole('button', { name: /^Buy for / }).click();
    await page.waitForURL('**/en/dashboard/orders?bought=*');
    await page.getByText('Purchase successful. Your prompts are ready to download.').waitFor();
    await page.getByRole('button', { name: `Show order: ${first.title}` }).click();

    const dialog = page.getByRole('dialog');
    // The order's date reads as a relative time, the exact moment kept in the element.
    const ordered = dialog.locator('time');
    expect(await ordered.textContent()).toMatch(/^(just now|\d+ minutes? ago)$/);
    expect(await ordered.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
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

    // What was bought shows Download instead of Buy now, on its page and on its tile.
    await page.goto(`/en/products/${second.slug}`);
    await page.getByText('You own this prompt.').waitFor();
    await page.goto('/en/products?sort=price_asc');
    await page.getByRole('button', { name: `Add to cart: ${second.title}` }).waitFor({ state: 'detached' });
    expect(await page.getByRole('link', { name: 'Download', exact: true }).count()).toBeGreaterThanOrEqual(2);
    // The refused purchase is a 422, which the browser reports; nothing else may appear.
    expect(consoleErrors.filter((line) => !line.includes('status of 422')).join('\n')).toBe('');
    await context.close();
  });
});

describe('a prompt taken off sale after it went into the cart', () => {
  it('is shown as no longer available and removed; checkout buys the rest', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    const [kept, hidden] = await listed('price_asc');
    if (!kept || !hidden) throw new Error('the demo shop has too few prompts');
    for (const product of [kept, hidden]) {
      await page.goto(`/en/products/${product.slug}`);
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await page.getByText('Added to your cart.').waitFor();
    }

    // The back office takes one off sale.
    const staff = apiVisitor();
    const call = (method: string, path: string, body?: unknown) => staff.call(baseURL(), method, path, body);
    await call('GET', '/sanctum/csrf-cookie');
    expect((await signInAsAdmin(baseURL(), call)).status).toBe(200);
    const hide = (on: boolean) => call('PUT', `/api/admin/products/${hidden.id}`, { hidden: on });
    expect((await hide(true)).status).toBe(200);
    try {
      await page.goto('/en/cart');
      const row = page.getByRole('listitem').filter({ hasText: hidden.title });
      await row.getByText('No longer available').waitFor();
      const totals = (await page.locator('main dl').first().innerText()).replace(/\s+/g, ' ');
      expect(totals).toContain(`Total ${kept.price.toFixed(2)} Credits`);
      await screenshot(page, 'cart-unavailable-1280');
      await page.getByRole('button', { name: 'Checkout' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
      await confirm.getByText('You are buying 1 prompt.').waitFor();
      expect(await confirm.getByText(hidden.title).count()).toBe(0);
      await confirm.getByRole('button', { name: `Buy for ${kept.price.toFixed(2)} Credits` }).click();
      await page.waitForURL('**/en/dashboard/orders?bought=*');
      const left = (1000 - Math.round(kept.price * 100)) / 100;
      expect(await headerBalance(page)).toContain(`${left.toFixed(2)} Credits`);

      // It stayed in the cart, and is removed there.
      await page.goto('/en/cart');
      await page.getByText('No longer available').waitFor();
      await page.getByRole('button', { name: `Remove ${hidden.title}` }).click();
      await page.getByText('Your cart is empty.').waitFor();
    } finally {
      expect((await hide(false)).status).toBe(200);
    }
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });
});

describe('generating an image in the browser', () => {
  it('sends a guest to login first, then charges the cost, shows the picture and downloads its zip', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en');
    await page.getByRole('link', { name: 'Generate image' }).first().click();
    await page.waitForURL('**/en/login?redirect=%2Fen%2Fproducts%2Fgenerate');

    await verifiedUser(page);
    await fundedWith(page, '10');
    await page.goto('/en');
    await page.getByRole('link', { name: 'Generate image' }).first().click();
    await page.waitForURL('**/en/products/generate');
    await page.getByText('Cost: 1.00 Credits. Your balance: 10.00 Credits.').waitFor();

    // Too short: the form says so in the spec's words and sends nothing.
    await page.locator('button[type="submit"]:enabled', { hasText: 'Generate image for' }).waitFor();
    await page.getByRole('button', { name: 'Generate image for 1.00 Credits' }).click();
    await page.getByText('Please enter a title.').waitFor();

    await page.getByLabel('Title').fill('Lighthouse at dusk');
    await page.getByLabel('Your prompt').fill('a lighthouse on a cliff at dusk, oil painting, warm light');
    await page.getByLabel('Format').selectOption('png');
    await page.getByLabel('Size').selectOption('512x512');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate image for 1.00 Credits' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('lighthouse-at-dusk-512x512.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
    expect(Object.keys(files).sort()).toEqual([
      'LICENSE.txt',
      'lighthouse-at-dusk-512x512.png',
      'prompt.txt',
    ]);
    expect(strFromU8(files['prompt.txt'] as Uint8Array).trim()).toBe(
      'a lighthouse on a cliff at dusk, oil painting, warm light',
    );
    await page.getByText('Your image is ready.').waitFor();
    const picture = page.getByRole('img', { name: 'The generated image' });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);
    await screenshot(page, 'generate-1280');
    expect(await headerBalance(page)).toContain('9.00 Credits');

    // The picture stays in the orders tab, downloadable again.
    await page.goto('/en/dashboard/orders');
    await page.getByRole('heading', { name: 'Your generated images' }).waitFor();
    expect(await page.getByRole('main').locator('li time').last().textContent()).toMatch(
      /^(just now|\d+ minutes? ago)$/,
    );
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Lighthouse at dusk' }).click(),
    ]);
    expect(again.suggestedFilename()).toBe('lighthouse-at-dusk-512x512.zip');

    await page.setViewportSize(viewports.phone);
    await page.goto('/en/products/generate');
    await screenshot(page, 'generate-360');
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });
});
