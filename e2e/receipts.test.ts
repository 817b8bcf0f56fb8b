import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Buys the cheapest prompt through the API with the page's own session, as the shop's scripts do. */
async function buyCheapest(page: Page): Promise<{ orderId: number; title: string }> {
  const listed = (await (await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=1`)).json()) as {
    data: { id: number; title: string }[];
  };
  const product = listed.data[0];
  if (!product) throw new Error('the demo shop has no prompt');
  const orderId = await page.evaluate(async (id) => {
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
  }, product.id);
  return { orderId, title: product.title };
}

describe('receipts in the browser', () => {
  it('opens the receipt of an order from its dialog, downloads its PDF, and of a deposit from its dialog', async () => {
    const { page, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    const { orderId, title } = await buyCheapest(page);
    const year = new Date().getUTCFullYear();
    const number = `P-${year}-${String(orderId).padStart(6, '0')}`;

    await page.goto('/en/dashboard/orders');
    await page.getByRole('button', { name: `Show order: ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL(`**/en/dashboard/receipts/purchase/${orderId}`);
    const sheet = page.getByRole('article', { name: 'Purchase receipt' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain(`Receipt no. ${number}`);
    expect(await sheet.getByRole('cell', { name: title }).count()).toBe(1);
    expect(await sheet.textContent()).toContain('Paid from the account balance');
    await screenshot(page, 'receipt-purchase-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync((await download.path()) ?? '')
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The deposit that paid for it has its receipt too, from the deposit's dialog.
    await page.goto('/en/dashboard/deposits');
    await page.getByRole('button', { name: /^Show deposit #\d+ / }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'View receipt' }).click();
    await page.waitForURL(/\/en\/dashboard\/receipts\/deposit\/\d+$/);
    const deposit = page.getByRole('article', { name: 'Deposit receipt' });
    await deposit.waitFor();
    expect(await deposit.textContent()).toMatch(new RegExp(`Receipt no\\. D-${year}-\\d{6}`));
    expect(await deposit.textContent()).toContain('Top-up of the account balance: 10 credits');
    expect(await deposit.textContent()).toContain('€10.00');
    await page.getByRole('link', { name: 'Back to your deposits' }).click();
    await page.waitForURL('**/en/dashboard/deposits');
    expect(consoleErrors).toEqual([]);
  });

  it('fits a phone, is reached by the keyboard, in the language of the page, and says when there is none', async () => {
    const { page, consoleErrors } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await fundedWith(page, '10');
    const { orderId } = await buyCheapest(page);

    await page.goto(`/pl/dashboard/receipts/purchase/${orderId}`);
    await page.getByRole('article', { name: 'Potwierdzenie zakupu' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'receipt-purchase-pl-360');
    // From the receipt's links, the keyboard reaches the PDF's.
    const pdf = page.getByRole('link', { name: 'Pobierz PDF' });
    expect(await pdf.getAttribute('href')).toBe(`/api/receipts/purchase/${orderId}.pdf?lang=pl`);
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      if (await pdf.evaluate((element) => element === document.activeElement)) break;
    }
    expect(await pdf.evaluate((element) => element === document.activeElement)).toBe(true);

    const missing = await page.goto('/en/dashboard/receipts/purchase/999999999');
    expect(missing?.status()).toBe(404);
    await page.getByText('There is no receipt here.', { exact: false }).waitFor();
    await screenshot(page, 'receipt-missing-360');
    expect(consoleErrors.filter((text) => !text.includes('404'))).toEqual([]);
  });

  it('names the seller and the VAT share the back office sets', async () => {
    const admin = await openPage(browser, viewports.desktop);
    await logInAsAdmin(admin.page, baseURL());
    await admin.page.goto('/en/admin/content');
    await admin.page.getByLabel('Legal name of the shop').fill('Prompty Sp. z o.o.');
    await admin.page
      .getByLabel('Address of the shop (one line per line)')
      .fill('ul. Żółta 1\n00-001 Warszawa');
    await admin.page.getByLabel('VAT ID').fill('PL1234567890');
    await admin.page.getByLabel('VAT rate in % (0: no VAT line)').fill('23');
    await admin.page.getByRole('button', { name: 'Save' }).first().click();
    await admin.page.getByText('Saved. The shop shows it now.').first().waitFor();
    await admin.context.close();

    const { page, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    await page.goto('/en/dashboard/wallet');
    await page.getByRole('link', { name: /^View receipt: deposit \d+$/ }).click();
    const sheet = page.getByRole('article', { name: 'Deposit receipt' });
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain('Prompty Sp. z o.o.');
    expect(text).toContain('ul. Żółta 1');
    expect(text).toContain('VAT ID: PL1234567890');
    // 10.00 EUR at 23 %: 1000 × 23 / 123 = 186.99… -> 1.87 of VAT, 8.13 net.
    expect(text).toContain('Included VAT (23 %)€1.87');
    expect(text).toContain('Net amount€8.13');
    await screenshot(page, 'receipt-deposit-vat-1280');
    await page.setViewportSize(viewports.phone);
    await page.reload();
    await sheet.waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'receipt-deposit-vat-360');
    expect(consoleErrors).toEqual([]);
  });
});
