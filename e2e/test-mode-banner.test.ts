import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';

// The tests' shop takes its payments through the sandbox: every page says so at its top, in the
// page's language, the cached pages too (the line is the same for every visitor).

const languages = ['en', 'de', 'fr', 'es', 'it', 'pl'] as const;

function bannerText(language: string): string {
  const common = JSON.parse(
    readFileSync(new URL(`../apps/web/app/locales/${language}/common.json`, import.meta.url), 'utf8'),
  ) as { testMode: { banner: string } };
  return common.testMode.banner;
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The banner is the page's first line, across the whole window, and shows the language's text. */
async function expectBannerOnTop(page: Page, language = 'en') {
  const banner = page.getByRole('status').filter({ hasText: bannerText(language) });
  await expect.poll(() => banner.isVisible()).toBe(true);
  const box = await banner.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  expect(box).toMatchObject({ x: 0, y: 0, width });
  expect(await overflowsHorizontally(page)).toBe(false);
}

describe('the test-mode banner', () => {
  it('is in the server-rendered page in every language, cached pages included', async () => {
    for (const language of languages) {
      for (const path of [`/${language}`, `/${language}/products`]) {
        for (let visit = 0; visit < 2; visit += 1) {
          const response = await fetch(`${baseURL()}${path}`);
          const html = await response.text();
          expect(response.status, path).toBe(200);
          expect(html, `${path} (${response.headers.get('x-page-cache')})`).toMatch(
            new RegExp(`<div role="status"[^>]*>${escapeHtml(bannerText(language))}</div>`),
          );
        }
      }
    }
  });

  it('heads the shop, the dashboard and the back office at 360 and 1280 px', async () => {
    for (const [name, viewport] of [
      ['360', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      const shop = await openPage(browser, viewport);
      await shop.page.goto('/de/products');
      await expectBannerOnTop(shop.page, 'de');
      await screenshot(shop.page, `test-mode-banner-products-${name}`);
      await verifiedUser(shop.page);
      await shop.page.goto('/en/dashboard');
      await expectBannerOnTop(shop.page);
      await screenshot(shop.page, `test-mode-banner-dashboard-${name}`);
      expect(shop.consoleErrors).toEqual([]);
      await shop.context.close();

      const staff = await openPage(browser, viewport);
      await logInAsAdmin(staff.page, baseURL());
      await staff.page.goto('/pl/admin');
      await expectBannerOnTop(staff.page, 'pl');
      await screenshot(staff.page, `test-mode-banner-admin-${name}`);
      expect(staff.consoleErrors).toEqual([]);
      await staff.context.close();
    }
  });
});
