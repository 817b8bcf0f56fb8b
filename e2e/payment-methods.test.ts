import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Scrolls to the footer and waits for its payment logos, which load lazily, to be drawn. */
async function logosShown(page: Page) {
  mkdirSync(path.resolve('test-results', 'screenshots'), { recursive: true });
  // Scrolled from the page itself, in one step: the footer may be drawn again as the page
  // hydrates, which detaches the element a locator had found.
  await page.locator('footer img[src="/payments/sepa.svg"]').waitFor();
  await page.evaluate(() => document.querySelector('footer img[src="/payments/sepa.svg"]')?.scrollIntoView());
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('footer img[src^="/payments/"]')].every(
      (image) => image.complete,
    ),
  );
  for (const src of await page
    .locator('footer img[src^="/payments/"]')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))) {
    expect((await page.request.get(src)).status(), src).toBe(200);
  }
}

/**
 * A screenshot of the footer, taken again when the footer was drawn anew meanwhile (the element a
 * locator found can be replaced as the page hydrates).
 */
async function footerShot(page: Page, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.locator('footer').screenshot({ path: path.resolve('test-results', 'screenshots', name) });
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('not attached')) throw error;
    }
  }
}

describe('the ways to pay, as the shop names them', () => {
  it('says in the footer what the deposit takes and how sellers are paid, in the visitor’s language', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/de');
    const footer = page.locator('footer');
    await footer.getByText('Wir akzeptieren: Visa und Mastercard').waitFor();
    await footer.getByText('Auszahlungen an Verkäufer per Karte oder SEPA-Überweisung').waitFor();
    const logos = await footer
      .locator('img[src^="/payments/"]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(logos).toEqual(['/payments/visa.svg', '/payments/mastercard.svg', '/payments/sepa.svg']);
    expect(await overflowsHorizontally(page)).toBe(false);
    await logosShown(page);
    await footerShot(page, 'footer-payments-de-360.png');
    await page.setViewportSize(viewports.desktop);
    await page.goto('/en');
    await page.locator('footer').getByText('We accept: Visa and Mastercard').waitFor();
    await logosShown(page);
    await footerShot(page, 'footer-payments-en-1280.png');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('labels the deposit’s way to pay in German on the German deposit page', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/de/dashboard/deposits/create');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Weiter zur Zahlung' }).waitFor();
    await page.getByLabel('Betrag', { exact: true }).fill('20');
    await page.getByLabel('Telefon', { exact: true }).fill('+49 30 1234567');
    await page.getByLabel('Land', { exact: true }).selectOption('DE');
    await page.getByLabel('Stadt', { exact: true }).fill('Berlin');
    await page.getByLabel('Adresse', { exact: true }).fill('Unter den Linden 1');
    await page.getByLabel('Postleitzahl', { exact: true }).fill('10117');
    await page.getByLabel(/Ich stimme den/).check();
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await page.getByRole('radio', { name: 'Karte' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Card' }).count()).toBe(0);
    await screenshot(page, 'deposit-method-de-1280');
    await page.setViewportSize(viewports.phone);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'deposit-method-de-360');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
