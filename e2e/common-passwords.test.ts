import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
const refusal = 'This password is too common or has appeared in a data breach. Please choose another one.';

describe('a common or breached password', () => {
  it('is refused by the registration form with its text beside the field; a strong one registers', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/en/register');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    for (const password of ['password', 'qwerty123']) {
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      const field = page.getByLabel('Password', { exact: true });
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
      const texts = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(texts).toContain(refusal);
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'register-common-password-360');

    await page.getByLabel('Password', { exact: true }).fill('tangerine orbit 47 lantern');
    await page.getByLabel('Confirm password').fill('tangerine orbit 47 lantern');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/register'));
    expect(consoleErrors.filter((text) => !/status of 422/.test(text))).toEqual([]);
    await context.close();
  });

  it('is refused in German by the German form', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await page.goto('/de/register');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Konto erstellen' }).waitFor();
    await page.getByLabel('Vorname', { exact: true }).fill('Ada');
    await page.getByLabel('Nachname', { exact: true }).fill('Lovelace');
    await page.getByLabel('E-Mail', { exact: true }).fill(uniqueEmail('gemein'));
    await page.getByLabel('Passwort', { exact: true }).fill('12345678');
    await page.getByLabel('Passwort bestätigen').fill('12345678');
    await page.getByLabel('Ich akzeptiere die AGB und die Datenschutzerklärung.').check();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page
      .getByText(
        'Dieses Passwort ist zu verbreitet oder ist schon in einem Datenleck aufgetaucht. Bitte wähle ein anderes.',
      )
      .waitFor();
    await context.close();
  });
});
