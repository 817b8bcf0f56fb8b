import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('what the about page and the terms promise about money', () => {
  it('says a sold work is paid out to a card or by SEPA and the balance is spent in the shop, not withdrawn', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/de/about-us');
    const main = page.getByRole('main');
    await main.getByText('zahlt dir den Preis auf deine Karte', { exact: false }).waitFor();
    await main.getByText('es wird nicht ausgezahlt', { exact: false }).waitFor();
    expect(await main.textContent()).not.toContain('Guthaben per Karte');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'about-us-de-360');

    await page.setViewportSize(viewports.desktop);
    await page.goto('/en/page/terms');
    await main.getByText('Identity verification and payouts').waitFor();
    const terms = (await main.textContent()) ?? '';
    expect(terms).toContain(
      'paid out in euros directly to your card or, by SEPA bank transfer, to your bank account',
    );
    expect(terms).toContain('any balance left on it is forfeited');
    expect(terms).not.toMatch(/withdraw your balance|credited to your balance in Credits/);
    await screenshot(page, 'terms-en-1280');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
