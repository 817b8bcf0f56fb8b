import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the back office’s settings with the demo engine', () => {
  it('say that the demo engine draws the generated pictures, in the page’s language', async () => {
    for (const [viewport, name] of [
      [viewports.desktop, 'admin-settings-demo-engine-1280'],
      [viewports.phone, 'admin-settings-demo-engine-360'],
    ] as const) {
      const staff = await openPage(browser, viewport);
      await logInAsAdmin(staff.page, baseURL());
      await staff.page.goto('/en/admin/content');
      await staff.page.getByText(/Generated pictures are drawn by the demo engine/).waitFor();
      expect(await overflowsHorizontally(staff.page)).toBe(false);
      await screenshot(staff.page, name);
      await staff.page.goto('/de/admin/content');
      await staff.page.getByText(/Generierte Bilder zeichnet die Demo-Engine/).waitFor();
      expect(staff.consoleErrors).toEqual([]);
      await staff.context.close();
    }
  });
});
