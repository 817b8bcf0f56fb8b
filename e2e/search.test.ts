import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tileTitles = (page: import('playwright-core').Page) =>
  page.locator('#product-list h3').allTextContents();

describe('the catalogue search', () => {
  it('finds Polish titles typed without diacritics, and offers the nearest words when nothing matches', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/pl/products?search=zachod+slonca');
    await page.locator('#product-list h3').first().waitFor();
    const plain = await tileTitles(page);
    expect(plain.length).toBeGreaterThanOrEqual(2);
    for (const title of plain) expect(title.toLowerCase()).toContain('słońca');
    await page.goto(`/pl/products?search=${encodeURIComponent('zachód słońca')}`);
    await page.locator('#product-list h3').first().waitFor();
    expect((await tileTitles(page)).sort()).toEqual([...plain].sort());

    // A word misspelt: what its nearest title word finds ("kuźni", the forge), and that word offered.
    await page.goto('/pl/products?search=kuzna');
    const offer = page.getByRole('link', { name: 'kuźni', exact: true });
    await offer.waitFor();
    await page.getByText('Brak dokładnych wyników dla „kuzna”.').waitFor();
    await page.getByText('Czy chodziło ci o:').waitFor();
    expect((await tileTitles(page)).length).toBeGreaterThan(0);
    await screenshot(page, 'search-did-you-mean-pl-360');
    await offer.click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'kuźni');
    // The address changes before the new list is drawn.
    await page.getByText('Czy chodziło ci o:').waitFor({ state: 'detached' });
    expect(await tileTitles(page)).toEqual(['Krasnolud kowal w kuźni']);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });
});
