import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const password = 'correct horse battery';

/** A new account, verified from its mail, signed in on `page`. */
async function verifiedUser(page: Page) {
  const email = `depositor.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/en/register');
  await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/en/email/verify');
  const link = await waitForMailLink(inject('mailDir'), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.waitForURL('**/en/email/verify/success');
  return email;
}

/** Fills the deposit form and goes on to the sandbox's page. */
async function depositThroughSandbox(page: Page, amount: string) {
  await page.goto('/en/dashboard/deposits/create');
  await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
  await page.getByLabel('Country', { exact: true }).selectOption('GB');
  await page.getByLabel('City', { exact: true }).fill('London');
  await page.getByLabel('Address', { exact: true }).fill('12 St James Square');
  await page.getByLabel('Post code', { exact: true }).fill('SW1Y 4JH');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: 'Card' }).waitFor();
  await page.getByRole('button', { name: `Pay ${amount}.00 EUR` }).click();
  await page.waitForURL('**/sandbox/checkout/**');
  return page.url();
}

/** The balance the account menu shows. */
async function headerBalance(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const text = (await page.getByRole('menu').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

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
