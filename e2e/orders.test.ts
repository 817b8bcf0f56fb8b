import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { depositThroughSandbox, fundedWith, headerBalance, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { id: number; slug: string; title: string; price: number };

/** An amount of credits as the shop words it in English: "12 credits", "11.90 credits", "1 credit". */
function credits(amount: number): string {
  const cents = Math.round(amount * 100);
  const number = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${number} ${cents === 100 ? 'credit' : 'credits'}`;
}

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
    await page.getByRole('link', { name: 'In your cart' }).waitFor();
    await page.goto('/en/products?sort=price_asc');
    // The tile's button: its name reads "Add to cart" and then the title.
    const secondTile = page.locator('main article').filter({ hasText: second.title });
    await secondTile.getByRole('button', { name: /^Add to cart\b/ }).click();
    await page.getByRole('link', { name: 'In your cart' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 2 prompts' }).first().waitFor();

    // On a phone the header shows the cart with its count, and the page says the prompt is in it.
    await page.setViewportSize(viewports.phone);
    await page.goto(`/en/products/${first.slug}`);
    const headerCart = page.locator('header').getByRole('link', { name: 'Cart, 2 prompts' });
    await headerCart.waitFor();
    expect(await headerCart.isVisible()).toBe(true);
    await page.getByRole('link', { name: 'In your cart' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.screenshot({ path: 'test-results/screenshots/header-cart-360.png' });
    await page.setViewportSize(viewports.desktop);

    await page.goto('/en/cart');
    await page.getByRole('link', { name: first.title }).waitFor();
    await page.getByRole('link', { name: second.title }).waitFor();
    await screenshot(page, 'cart-1280');
    await page.getByRole('button', { name: 'Checkout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await confirm.getByText('You are buying 2 prompts.').waitFor();
    // As for Buy now, the balance after the purchase is shown before the press.
    expect(await confirm.getByTestId('cart-balance-after').textContent()).toBe(
      `Balance after the purchase${credits((1000 - Math.round(first.price * 100) - Math.round(second.price * 100)) / 100)}`,
    );
    await screenshot(page, 'cart-purchase-modal-1280');
    await confirm.getByRole('button', { name: /^Buy for / }).click();
    await page.waitForURL('**/en/dashboard/orders?bought=*');
    await page.getByText('Purchase successful. Your prompts are ready to download.').waitFor();
    await page.getByRole('button', { name: `Show order: ${first.title}` }).click();

    const dialog = page.getByRole('dialog');
    // At 1280x800 the Download button shows without scrolling.
    const button = await dialog.getByRole('button', { name: 'Download' }).boundingBox();
    expect(button).not.toBeNull();
    expect((button?.y ?? 0) + (button?.height ?? 0)).toBeLessThanOrEqual(viewports.desktop.height);
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
    // The dialog shows the whole prompt that the zip holds.
    expect(await dialog.getByTestId('bought-prompt').textContent()).toBe(
      strFromU8(files['prompt.txt'] as Uint8Array).trim(),
    );
    await page.screenshot({ path: 'test-results/screenshots/order-dialog-1280x800.png' });
    await page.keyboard.press('Escape');

    const spent = Math.round((first.price + second.price) * 100);
    const left = (1000 - spent) / 100;
    expect(await headerBalance(page)).toContain(`Balance: ${credits(left)}`);

    // A prompt that costs more than what is left: Buy now says so before it is pressed, and Top up
    // comes back to the page after the deposit.
    const [expensive] = await listed('price_desc');
    if (!expensive || expensive.price <= left) throw new Error('no prompt costs more than the balance');
    await page.goto(`/en/products/${expensive.slug}`);
    const buyNow = page.getByRole('button', { name: 'Buy now' });
    await page
      .getByText(
        `Your balance is ${credits(left)}: you need ${credits(expensive.price - left)} more to buy this prompt.`,
      )
      .waitFor();
    expect(await buyNow.isDisabled()).toBe(true);
    expect(await page.getByTestId('bought-prompt').count()).toBe(0);
    await screenshot(page, 'product-short-of-money-1280');
    await page.getByRole('link', { name: 'Top up your balance' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/en/dashboard/deposits/create' &&
        url.searchParams.get('return') === `/en/products/${expensive.slug}`,
    );
    // At least the minimum deposit (10 EUR, one credit each).
    const topUp = Math.max(10, Math.ceil(expensive.price - left) + 1);
    await depositThroughSandbox(page, String(topUp), { opened: true });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`**/en/products/${expensive.slug}`, { timeout: 30_000 });

    // Buy now asks first, with the balance before and after.
    const before = left + topUp;
    await buyNow.click();
    const confirmOne = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await confirmOne.getByText(`You are buying “${expensive.title}”.`).waitFor();
    expect(await confirmOne.getByTestId('balance-before').textContent()).toBe(credits(before));
    expect(await confirmOne.getByTestId('balance-after').textContent()).toBe(
      credits(before - expensive.price),
    );
    await screenshot(page, 'buy-now-confirm-1280');
    await confirmOne.getByRole('button', { name: `Buy for ${credits(expensive.price)}` }).click();
    await page.getByText('You own this prompt.').waitFor();
    // Its buyer reads the whole prompt on the page, and copies it.
    const prompt = page.getByTestId('bought-prompt');
    await prompt.waitFor();
    expect(((await prompt.textContent()) ?? '').length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page
      .getByText(/^(Copied to the clipboard\.|The prompt is selected: press Ctrl\+C to copy it\.)$/)
      .waitFor();
    await screenshot(page, 'product-owner-1280');
    const after = Math.round((before - expensive.price) * 100) / 100;
    expect(await headerBalance(page)).toContain(`Balance: ${credits(after)}`);

    // What was bought shows Download instead of Buy now, on its page and on its tile.
    await page.goto(`/en/products/${second.slug}`);
    await page.getByText('You own this prompt.').waitFor();
    await page.goto('/en/products?sort=price_asc');
    await page
      .locator('main article')
      .filter({ hasText: second.title })
      .getByRole('button', { name: /^Add to cart\b/ })
      .waitFor({ state: 'detached' });
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
      expect(totals).toContain(`Total ${credits(kept.price)}`);
      await screenshot(page, 'cart-unavailable-1280');
      await page.getByRole('button', { name: 'Checkout' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
      await confirm.getByText('You are buying 1 prompt.').waitFor();
      expect(await confirm.getByText(hidden.title).count()).toBe(0);
      await confirm.getByRole('button', { name: `Buy for ${credits(kept.price)}` }).click();
      await page.waitForURL('**/en/dashboard/orders?bought=*');
      const left = (1000 - Math.round(kept.price * 100)) / 100;
      await expect.poll(() => headerBalance(page)).toContain(`Balance: ${credits(left)}`);

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
    await page.getByText('Cost: 1 credit. Your balance: 10 credits.').waitFor();

    // Too short: the form says so in the spec's words and sends nothing.
    await page.locator('button[type="submit"]:enabled', { hasText: 'Generate image for' }).waitFor();
    await page.getByRole('button', { name: 'Generate image for 1 credit' }).click();
    await page.getByText('Please enter a title.').waitFor();

    await page.getByLabel('Title').fill('Lighthouse at dusk');
    await page.getByLabel('Your prompt').fill('a lighthouse on a cliff at dusk, oil painting, warm light');
    await page.getByLabel('Format').selectOption('png');
    await page.getByLabel('Size').selectOption('512x512');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate image for 1 credit' }).click(),
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
    expect(await headerBalance(page)).toContain('Balance: 9 credits');

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
