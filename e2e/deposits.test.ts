import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { depositThroughSandbox, headerBalance, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('deposits in the browser', () => {
  it('deposits through the sandbox page and sees the balance grow', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits/create');
    // The form's own checks, in the spec's words, before anything is sent.
    await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Please enter an amount.').waitFor();
    await page.getByText('You must agree to the terms and conditions.').waitFor();
    await page.getByText('Exchange rate: 1 EUR = 1 Credits').waitFor();
    await page.getByText('Minimum deposit: 10.00 EUR').waitFor();

    const sandbox = await depositThroughSandbox(page, '25');
    await page.getByText('25.00 EUR').waitFor();
    await screenshot(page, 'sandbox-checkout-1280');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/en/success-payment', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await page.getByText('Your balance: 25.00 Credits').waitFor();
    expect(await headerBalance(page)).toContain('25.00 Credits');
    expect(sandbox).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);

    await page.goto('/en/dashboard/deposits');
    await page.getByRole('button', { name: /Show deposit #\d+/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Internal amount').waitFor();
    expect(await dialog.textContent()).toContain('SW1Y 4JH');
    await screenshot(page, 'deposit-details-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('lands on the fail page with the message when the payment is declined', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits');
    await page.getByText('No deposits found').waitFor();
    await depositThroughSandbox(page, '15');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL('**/en/fail-payment?error=*', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await page.getByText('Your card was declined.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'payment-failed-360');
    expect(await headerBalance(page)).toContain('0.00 Credits');
    await context.close();
  });

  it('keeps polling a pending payment until it is paid', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    const sandbox = await depositThroughSandbox(page, '12');
    await page.getByRole('button', { name: 'Keep pending' }).click();
    await page.waitForURL('**/en/processing-payment?order_id=*');
    await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
    // Still waiting after more than one round of polling.
    await page.waitForTimeout(6_000);
    expect(page.url()).toContain('/en/processing-payment');

    const other = await context.newPage();
    await other.goto(sandbox);
    await other.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/en/success-payment', { timeout: 30_000 });
    await page.getByText('Your balance: 12.00 Credits').waitFor();
    await context.close();
  });
});
