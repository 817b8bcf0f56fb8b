import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { waitForMailLink } from './mailbox';

// Steps that several journeys share: a verified account, a deposit through the sandbox.

const password = 'correct horse battery';

/** A new account, verified from its mail, signed in on `page`. */
export async function verifiedUser(page: Page) {
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

/** Fills the deposit form (opened here unless `opened`) and goes on to the sandbox's page. */
export async function depositThroughSandbox(page: Page, amount: string, { opened = false } = {}) {
  if (!opened) await page.goto('/en/dashboard/deposits/create');
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

/**
 * Opens the account menu. The menu is an island whose code comes after the first load; until it
 * has come, its button is the server's HTML and a press does nothing, so the press is repeated.
 */
export async function openAccountMenu(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    const opened = await page
      .getByRole('menu')
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (opened) return;
    if (attempt === 5) throw new Error('the account menu did not open');
  }
}

/** The balance the account menu shows. */
export async function headerBalance(page: Page): Promise<string> {
  await openAccountMenu(page);
  const text = (await page.getByRole('menu').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** A deposit paid on the sandbox page, waited for until the success page shows. */
export async function fundedWith(page: Page, amount: string) {
  await depositThroughSandbox(page, amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/success-payment', { timeout: 30_000 });
  expect(page.url()).toContain('/en/success-payment');
}
