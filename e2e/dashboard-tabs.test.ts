import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { verifiedUser } from './journeys';

// On a phone the dashboard's tab bar is wider than the screen and scrolls sideways: the page's own
// tab, and the tab the keyboard is on, show whole.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** How `tab` sits in the tab bar: answers null when it shows whole, else where it is. */
function outside(page: Page, which: 'current' | 'focused', label = 'Dashboard') {
  return page.evaluate(
    ([which, label]) => {
      const bar = document.querySelector<HTMLElement>(`main nav[aria-label="${label}"]`);
      const tab =
        which === 'current'
          ? bar?.querySelector<HTMLElement>('[aria-current="page"]')
          : (document.activeElement as HTMLElement | null);
      if (!bar || !tab || !bar.contains(tab)) return `no ${which} tab in the bar`;
      const edge = bar.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      // Within a pixel: the last tab ends where the bar ends, measured in fractions.
      return box.left >= edge.left - 1 && box.right <= edge.right + 1
        ? null
        : `${tab.textContent} at ${Math.round(box.left)}-${Math.round(box.right)}, bar ${Math.round(edge.left)}-${Math.round(edge.right)}`;
    },
    [which, label] as const,
  );
}

describe('the dashboard’s and the back office’s tab bars on a phone', () => {
  it('shows the open page’s tab and the tab the keyboard is on', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.setViewportSize(viewports.phone);
    const bar = page.getByRole('navigation', { name: 'Dashboard' });

    // The last tabs start beyond the screen's edge; each opens scrolled into view.
    for (const [path, name] of [
      ['/en/dashboard/notifications', 'Notifications'],
      ['/en/dashboard/profile', 'Profile'],
      ['/en/dashboard/verification', 'Verification'],
    ] as const) {
      await page.goto(path);
      expect(await bar.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await bar.locator('[aria-current="page"]').textContent()).toBe(name);
      await expect.poll(() => outside(page, 'current')).toBeNull();
    }
    await screenshot(page, 'dashboard-tabs-verification-360');

    // Along the tabs from the keyboard, both ways.
    await page.goto('/en/dashboard');
    const tabs = await bar.getByRole('link').count();
    await bar.getByRole('link').first().focus();
    for (let index = 1; index < tabs; index++) {
      await page.keyboard.press('Tab');
      await expect.poll(() => outside(page, 'focused')).toBeNull();
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Notifications');
    for (let index = 1; index < tabs; index++) {
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => outside(page, 'focused')).toBeNull();
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Overview');
    await context.close();
  }, 120_000);

  it('shows a cue at each edge with more tabs beyond it, which scrolls the bar when pressed', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    const bar = page.getByRole('navigation', { name: 'Dashboard' });
    const cue = (side: 'before' | 'after') => page.locator(`[data-scroll-cue="${side}"]`);
    // Wide, every tab shows: no cue.
    await page.goto('/en/dashboard');
    await page.waitForTimeout(200);
    expect(await page.locator('[data-scroll-cue]').count()).toBe(0);

    // On a phone, from the first tab: more to the right only.
    await page.setViewportSize(viewports.phone);
    await cue('after').waitFor();
    expect(await cue('before').count()).toBe(0);
    const edge = await bar.boundingBox();
    const after = await cue('after').boundingBox();
    expect(Math.round((after?.x ?? 0) + (after?.width ?? 0))).toBe(
      Math.round((edge?.x ?? 0) + (edge?.width ?? 0)),
    );
    await screenshot(page, 'dashboard-tabs-cue-start-360');
    const scrolled = () => bar.evaluate((element) => element.scrollLeft);
    await cue('after').click();
    await expect.poll(scrolled).toBeGreaterThan(0);
    await cue('before').waitFor();
    // At the end: the right cue goes, the left one stays.
    await bar.evaluate((element) => element.scrollTo({ left: element.scrollWidth, behavior: 'instant' }));
    await cue('after').waitFor({ state: 'detached' });
    await cue('before').waitFor();
    await cue('before').click();
    await cue('after').waitFor();

    // A page whose tab is at the end opens with that tab in view, clear of the cue beside it.
    await page.goto('/en/dashboard/profile');
    await cue('before').waitFor();
    const tab = await bar.locator('[aria-current="page"]').boundingBox();
    const left = await cue('before').boundingBox();
    const right = (await cue('after').count()) > 0 ? await cue('after').boundingBox() : null;
    expect(tab && left && tab.x >= left.x + left.width).toBe(true);
    if (right && tab) expect(tab.x + tab.width).toBeLessThanOrEqual(right.x);
    await screenshot(page, 'dashboard-tabs-cue-profile-360');
    await context.close();
  }, 120_000);

  it('shows the back office page’s own tab', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await logInAsAdmin(page, baseURL());
    const bar = page.getByRole('navigation', { name: 'Back office' });
    for (const [path, name] of [
      ['/en/admin/security', 'Sign-in security'],
      ['/en/admin/deposits', 'Deposits'],
    ] as const) {
      await page.goto(path);
      expect(await bar.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await bar.locator('[aria-current="page"]').textContent()).toBe(name);
      await expect.poll(() => outside(page, 'current', 'Back office')).toBeNull();
    }
    await screenshot(page, 'admin-tabs-deposits-360');
    await context.close();
  }, 120_000);
});
