import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { id: number; slug: string; title: string; price: number };

/** The cheapest prompts of the demo shop. */
async function cheapest(): Promise<Listed[]> {
  const response = await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=5`);
  return ((await response.json()) as { data: Listed[] }).data;
}

/** Buys one prompt as the signed-in buyer of `page`, as the page's own script would; answers the order. */
async function buy(page: Page, productId: number): Promise<number> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const answer = await page.request.post('/api/purchase/prompt', {
    headers: { accept: 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') },
    data: { prompt_id: productId },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { payload: { order_id: number } }).payload.order_id;
}

/** The newest mail to `recipient` whose text contains `words`, as the shop's SMTP server received it. */
async function mailWith(recipient: string, words: string, timeoutMs = 15_000): Promise<string> {
  const directory = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(directory).sort().reverse()) {
      const raw = readFileSync(path.join(directory, file), 'utf8');
      if (raw.startsWith(`X-Envelope-To: ${recipient}`) && raw.includes(words)) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${recipient} with "${words}"`);
}

/** Starts a refund of an order from the refunds page and fills the dialog; the dialog is left open at Review. */
async function openOrderRefund(page: Page, orderId: number, reason: string) {
  await page.goto('/en/admin/refunds');
  await page.getByLabel('What to refund').selectOption('order');
  await page.getByLabel('Number', { exact: true }).fill(String(orderId));
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${orderId}` });
  await dialog.getByText('Left to refund').waitFor();
  await dialog.getByLabel('Reason (the buyer reads it in the mail)').fill(reason);
  return dialog;
}

describe('refunds in the back office', () => {
  it('refunds an order in the browser at 1280 and 360 px; the buyer sees it in the statement, the mail and the receipt', async () => {
    const buyer = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(buyer.page);
    await fundedWith(buyer.page, '20');
    const [first, second] = await cheapest();
    if (!first || !second) throw new Error('the demo shop has too few prompts');
    const firstOrder = await buy(buyer.page, first.id);
    const secondOrder = await buy(buyer.page, second.id);

    // At 1280 px: the whole order, with a reason, reviewed, then confirmed.
    const staff = await openPage(browser, viewports.desktop);
    await logInAsAdmin(staff.page, baseURL());
    // From the order's own page.
    await staff.page.goto(`/en/admin/orders/order-${firstOrder}`);
    await staff.page.getByRole('button', { name: 'Refund order' }).click();
    const dialog = staff.page.getByRole('dialog', { name: `Refund order #${firstOrder}` });
    await dialog.getByText('Left to refund').waitFor();
    await dialog
      .getByLabel('Reason (the buyer reads it in the mail)')
      .fill('The picture was not as described');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText(/^Refund .+ to the buyer’s balance\? This cannot be undone\.$/).waitFor();
    await screenshot(staff.page, 'admin-refund-dialog-1280');
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staff.page.getByText(/^Refund R-\d{4}-\d{6} made\.$/).waitFor();
    // The order's page shows the refund once it has reloaded.
    await staff.page.getByRole('cell', { name: 'The picture was not as described' }).waitFor();
    await screenshot(staff.page, 'admin-order-refunded-1280');
    await staff.page.goto('/en/admin/refunds');
    const row = staff.page.getByRole('row', { name: /The picture was not as described/ });
    await row.getByText('Refunded', { exact: true }).waitFor();
    await row.getByText(email).waitFor();
    await screenshot(staff.page, 'admin-refunds-1280');

    // A second refund of the same order: nothing left, said in the dialog.
    await staff.page.getByLabel('Number', { exact: true }).fill(String(firstOrder));
    await staff.page.getByRole('button', { name: 'Refund…' }).click();
    const again = staff.page.getByRole('dialog');
    await again.getByText('Nothing is left to refund.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).first().click();

    // At 360 px, from the keyboard as far as the dialog: part of the second order, too much first.
    const phone = await openPage(browser, viewports.phone);
    await logInAsAdmin(phone.page, baseURL());
    const small = await openOrderRefund(phone.page, secondOrder, 'Goodwill for a slow download');
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    await small.getByLabel(/^Amount in /).fill('999');
    await small.getByRole('button', { name: 'Review' }).click();
    await small.getByRole('button', { name: 'Confirm refund' }).click();
    await small.getByText(/^At most .+ is left to refund\.$/).waitFor();
    await screenshot(phone.page, 'admin-refund-dialog-360');
    await small.getByLabel(/^Amount in /).fill('0.50');
    await small.getByLabel(/^Amount in /).press('Enter');
    await small.getByRole('button', { name: 'Confirm refund' }).focus();
    await phone.page.keyboard.press('Enter');
    await small.waitFor({ state: 'detached' });
    await phone.page.getByText(/^Refund R-\d{4}-\d{6} made\.$/).waitFor();
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    await screenshot(phone.page, 'admin-refunds-360');

    // The buyer: the statement shows both refunds, the mail says why, the receipt has the credit note.
    await buyer.page.goto('/en/dashboard/wallet');
    await buyer.page.getByText('Purchase refunded').first().waitFor();
    expect(await buyer.page.getByText('Purchase refunded').count()).toBe(2);
    await screenshot(buyer.page, 'buyer-wallet-refund-1280');
    const mail = await mailWith(email, `for your order no. ${firstOrder}`);
    expect(mail).toContain('Reason: The picture was not as described');
    expect(mail).toContain(`/en/dashboard/receipts/purchase/${firstOrder}`);
    await buyer.page.goto(`/en/dashboard/receipts/purchase/${firstOrder}`);
    await buyer.page.getByRole('heading', { name: 'Credit notes' }).waitFor();
    await buyer.page.getByText('Refund to the balance').waitFor();
    await screenshot(buyer.page, 'buyer-receipt-credit-note-1280');
    expect(buyer.consoleErrors).toEqual([]);
    expect(staff.consoleErrors).toEqual([]);
    // The one refusal asked for on purpose (more than is left) is the only failed request.
    expect(phone.consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });

  it('refunds a deposit to its card from the deposits page, never more than the balance holds', async () => {
    const buyer = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(buyer.page);
    await fundedWith(buyer.page, '15');

    const desk = await openPage(browser, viewports.desktop);
    await logInAsAdmin(desk.page, baseURL());
    await desk.page.goto(`/en/admin/deposits?search=${encodeURIComponent(email)}`);
    await desk.page.getByRole('button', { name: 'Refund' }).waitFor();
    await screenshot(desk.page, 'admin-deposits-refund-1280');

    const phone = await openPage(browser, viewports.phone);
    await logInAsAdmin(phone.page, baseURL());
    await phone.page.goto(`/en/admin/deposits?search=${encodeURIComponent(email)}`);
    await phone.page.getByRole('button', { name: 'Refund' }).click();
    const dialog = phone.page.getByRole('dialog', { name: /^Refund deposit #\d+$/ });
    await dialog.getByText('Buyer’s balance now').waitFor();
    await dialog.getByLabel('Reason (the buyer reads it in the mail)').fill('Paid twice by mistake');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText(/to the buyer’s payment method\? This cannot be undone\.$/).waitFor();
    await screenshot(phone.page, 'admin-deposit-refund-360');
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone.page.getByText(/^Refund R-\d{4}-\d{6} made\.$/).waitFor();
    await phone.page.getByText('Refunded', { exact: true }).first().waitFor();
    expect(await overflowsHorizontally(phone.page)).toBe(false);

    await buyer.page.goto('/en/dashboard/wallet');
    await buyer.page.getByText('Deposit refunded to your payment method').waitFor();
    await mailWith(email, 'was refunded');
    expect(phone.consoleErrors).toEqual([]);
  });
});
