import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
const password = 'password of mine 2';

describe('the e-mail verification page', () => {
  it('lets a mistyped address be changed with the password, verifies the new one, and signs out', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    const typo = uniqueEmail('typo');
    const meant = uniqueEmail('meant');
    await page.goto('/en/register');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(typo);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/en/email/verify');
    await page.getByText(`We sent a verification link to ${typo}.`).waitFor();

    await page.getByText('Wrong address? Change it').click();
    await page.getByLabel('New e-mail address').fill(meant);
    await page.getByRole('button', { name: 'Change address' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Change address' }).click();
    await page.getByText('The current password is incorrect.').waitFor();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Change address' }).click();
    await page.getByText('We sent a verification link to your new e-mail address.').waitFor();
    await page.getByText(`We sent a verification link to ${meant}.`).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'verify-email-changed-360');

    const link = await waitForMailLink(inject('mailDir'), meant, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    expect(link).toContain('/en/email/verify/');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/en$/);
    await page.goto('/en/dashboard');
    await page.waitForURL('**/en/login?redirect=*');
    // The wrong password's 422 is the browser's own note of a refused request.
    expect(consoleErrors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });
});
