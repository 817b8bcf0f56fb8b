import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the mail preferences page', () => {
  it('turns the optional mails off and on with the keyboard, keeps the choice, and says when saving fails', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await page.waitForURL('**/en/dashboard/notifications');
    await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
    const box = page.getByRole('checkbox', { name: 'News about my offers and my identity verification' });
    expect(await box.isChecked()).toBe(true);
    await page.locator('button[type="submit"]:enabled', { hasText: 'Save preferences' }).waitFor();
    await screenshot(page, 'mail-preferences-1280');

    // Keyboard only: Space turns it off, Tab reaches the button, Enter saves.
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save preferences');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Your preferences have been saved.').waitFor();
    await screenshot(page, 'mail-preferences-saved-1280');
    await page.reload();
    expect(await box.isChecked()).toBe(false);

    // A failing server: the page's own text, and the choice is not shown as saved.
    await page.route('**/api/user/mail-preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' })
        : route.continue(),
    );
    await box.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page
      .getByRole('alert')
      .getByText('Failed to save your mail preferences. Please try again.')
      .waitFor();
    await page.unroute('**/api/user/mail-preferences');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Your preferences have been saved.').waitFor();
    await page.reload();
    expect(await box.isChecked()).toBe(true);
    expect(consoleErrors.filter((text) => !text.includes('500'))).toEqual([]);
    await context.close();
  });

  it('is in Polish at phone width', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/pl/dashboard/notifications');
    await page.getByRole('heading', { name: 'Powiadomienia e-mail' }).waitFor();
    await page
      .getByRole('checkbox', { name: 'Wiadomości o moich ofertach i weryfikacji tożsamości' })
      .waitFor();
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'mail-preferences-pl-360');
    await context.close();
  });
});
