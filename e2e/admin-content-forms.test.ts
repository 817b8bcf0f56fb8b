import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the site content’s forms in the browser', () => {
  it('say what is wrong at the field, in the page’s language, before anything is sent', async () => {
    const { page, consoleErrors, context } = await openPage(browser, viewports.phone);
    await logInAsAdmin(page, baseURL());
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/admin/')) {
        changes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });

    // The settings: an amount with three decimals, sent from the keyboard (Enter in the field).
    await page.goto('/de/admin/content');
    const minimum = page.getByLabel('Mindesteinzahlung (EUR)');
    await minimum.fill('1.234');
    await minimum.press('Enter');
    await page
      .getByText('Bitte gib einen gültigen Betrag mit höchstens zwei Nachkommastellen ein.')
      .waitFor();
    expect(await minimum.getAttribute('aria-invalid')).toBe('true');
    expect(await minimum.evaluate((field) => field === document.activeElement)).toBe(true);
    const sizes = page.getByLabel('Download-Größen (durch Kommas getrennt)');
    await sizes.fill('512x512, 1000x700');
    await sizes.press('Enter');
    await page.getByText('Größen sind Quadrate wie 1024x1024, von 64 bis 1024.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'admin-content-refused-360');

    // A text of a language: an empty wording.
    await page.goto('/de/admin/content/texts?words=de&find=sprache');
    const text = page
      .getByRole('listitem')
      .filter({ has: page.getByText('footer.language', { exact: true }) });
    await text.getByRole('textbox').fill(' ');
    await text.getByRole('textbox').press('Enter');
    await text.getByText('Dieser Wert ist ungültig.').waitFor();

    // A social link: an address that is not https.
    await page.goto('/de/admin/content/links');
    const address = page.getByLabel('Adresse (https://)');
    await address.fill('http://example.test/shop');
    await address.press('Enter');
    await page.getByText('Bitte gib eine vollständige https://-Adresse ein.').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await overflowsHorizontally(page)).toBe(false);

    expect(changes).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
