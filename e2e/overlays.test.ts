import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, viewports } from './browser';

// The two things that float over the page, the cookie banner and the back-to-top button, never
// hide a control, and the banner is reached first from the keyboard and gives the focus back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const phone = { width: 360, height: 740 };

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * Scrolls each control of the page into view (its bottom edge to the window's bottom, then its
 * top to the top, as the keyboard and a search would bring it) and answers those the banner
 * covers then.
 */
function controlsUnderBanner(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const banner = document.querySelector('section[aria-label="Cookies"]');
    if (!banner) return ['no banner'];
    const covered: string[] = [];
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (control) => !banner.contains(control) && control.checkVisibility({ visibilityProperty: true }),
    );
    for (const control of controls) {
      for (const block of ['end', 'start'] as const) {
        control.scrollIntoView({ block, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const edge = banner.getBoundingClientRect();
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (
          box.bottom > edge.top &&
          box.top < edge.bottom &&
          box.right > edge.left &&
          box.left < edge.right
        ) {
          covered.push(`${block}: ${control.outerHTML.slice(0, 120)}`);
        }
      }
    }
    return covered.length > 0 ? covered : controls.length > 20 ? [] : ['too few controls'];
  }, CONTROLS);
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === document.body || !active ? 'body' : active.outerHTML.slice(0, 120);
  });

describe('the cookie banner from the keyboard', () => {
  it('is the first Tab stop, and a choice gives the focus back to the page', async () => {
    for (const choice of ['Only essentials', 'Accept all', 'Save choice'] as const) {
      const { page, context } = await openPage(browser, phone, { cookieChoice: false });
      await page.goto('/en/products');
      const banner = page.getByRole('region', { name: 'Cookies' });
      await banner.waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Only essentials');
      if (choice === 'Save choice') {
        await banner.getByRole('button', { name: 'Customize' }).press('Enter');
        await banner.getByLabel('Optional cookies').press('Space');
        await banner.getByRole('button', { name: 'Save choice' }).press('Enter');
      } else {
        await banner.getByRole('button', { name: choice }).press('Enter');
      }
      await banner.waitFor({ state: 'detached' });
      // Nothing was focused before: the main content's top, and Tab goes on into it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      await context.close();
    }
  });

  it('gives the focus back to the control the visitor was on before', async () => {
    const { page, context } = await openPage(browser, phone, { cookieChoice: false });
    await page.goto('/en/products');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    const search = page.getByRole('main').getByLabel('Search', { exact: true });
    await search.focus();
    // Into the banner from there, then a choice.
    await banner.getByRole('button', { name: 'Accept all' }).focus();
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached' });
    expect(await activeElement(page)).not.toBe('body');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('covers no control at 360 px, customise panel shut or open', async () => {
    const { page, context } = await openPage(browser, phone, { cookieChoice: false });
    for (const path of ['/en', '/en/products', '/en/contact-us', '/en/login']) {
      await page.goto(path);
      const banner = page.getByRole('region', { name: 'Cookies' });
      await banner.waitFor();
      expect(await controlsUnderBanner(page), path).toEqual([]);
    }
    await page.getByRole('button', { name: 'Customize' }).click();
    expect(await controlsUnderBanner(page), '/en/login, customising').toEqual([]);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await screenshot(page, 'cookie-banner-page-end-360');
    await context.close();
  }, 120_000);

  it('scrolls a control reached by Tab out from under it', async () => {
    const { page, context } = await openPage(browser, phone, { cookieChoice: false });
    await page.goto('/en/products');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    const covered: string[] = [];
    for (let press = 0; press < 60; press++) {
      await page.keyboard.press('Tab');
      const problem = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const edge = document.querySelector('section[aria-label="Cookies"]')?.getBoundingClientRect();
        if (!active || !edge || active.closest('section[aria-label="Cookies"]')) return null;
        const box = active.getBoundingClientRect();
        return box.bottom > edge.top && box.top < edge.bottom ? active.outerHTML.slice(0, 120) : null;
      });
      if (problem) covered.push(problem);
    }
    expect(covered).toEqual([]);
    await context.close();
  }, 60_000);
});

/**
 * Scrolls `page` from top to bottom in steps and answers, at each place the back-to-top button
 * shows, the controls it lies over.
 */
function controlsUnderBackToTop(page: Page): Promise<{ shown: number; covered: string[] }> {
  return page.evaluate(async (selector) => {
    const covered: string[] = [];
    let shown = 0;
    const end = document.documentElement.scrollHeight - window.innerHeight;
    for (let top = 0; top <= end + 40; top += 40) {
      window.scrollTo({ top: Math.min(top, end), behavior: 'instant' });
      // The button follows the scroll in the next frame.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const button = document.querySelector<HTMLElement>('button[aria-label="Back to top"]');
      if (!button?.checkVisibility({ visibilityProperty: true })) continue;
      shown += 1;
      const edge = button.getBoundingClientRect();
      for (const control of document.querySelectorAll<HTMLElement>(selector)) {
        if (control === button) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (
          box.bottom > edge.top &&
          box.top < edge.bottom &&
          box.right > edge.left &&
          box.left < edge.right
        ) {
          if (control.checkVisibility({ visibilityProperty: true }))
            covered.push(`at ${Math.round(window.scrollY)}: ${control.outerHTML.slice(0, 120)}`);
        }
      }
    }
    return { shown, covered };
  }, CONTROLS);
}

describe('the back-to-top button', () => {
  it('covers no control of the products page (filters open) or the footer, at 360 and 1280 px', async () => {
    for (const viewport of [phone, viewports.desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto('/en/products');
      if (viewport.width === phone.width) {
        await page.getByRole('button', { name: 'Show filters' }).click();
        await page.getByLabel('Maximum price').waitFor();
      }
      const products = await controlsUnderBackToTop(page);
      expect(products.covered, `products at ${viewport.width}`).toEqual([]);
      // It does show on the way: it steps aside, it is not gone.
      expect(products.shown).toBeGreaterThan(0);
      await page.goto('/en/about-us');
      const about = await controlsUnderBackToTop(page);
      expect(about.covered, `footer at ${viewport.width}`).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it('covers none of the footer’s words at the page’s end, at 360 and 1280 px', async () => {
    for (const viewport of [phone, viewports.desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto('/en/products');
      await page.locator('footer').getByRole('button', { name: 'Subscribe' }).waitFor();
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      // Its code comes after the page's start.
      await page.getByRole('button', { name: 'Back to top' }).waitFor({ state: 'attached' });
      const covered = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const button = document.querySelector<HTMLElement>('button[aria-label="Back to top"]');
        if (!button?.checkVisibility({ visibilityProperty: true })) return ['the button is not shown'];
        const edge = button.getBoundingClientRect();
        const words: string[] = [];
        const walker = document.createTreeWalker(
          document.querySelector('footer') as Node,
          NodeFilter.SHOW_TEXT,
        );
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const box of range.getClientRects()) {
            if (
              box.bottom > edge.top &&
              box.top < edge.bottom &&
              box.right > edge.left &&
              box.left < edge.right
            )
              words.push(node.textContent.trim());
          }
        }
        return words;
      });
      expect(covered, `at ${viewport.width}`).toEqual([]);
      await context.close();
    }
  });

  it('stays above the cookie banner while that is shown', async () => {
    const { page, context } = await openPage(browser, phone, { cookieChoice: false });
    await page.goto('/en/products');
    await page.getByRole('region', { name: 'Cookies' }).waitFor();
    const overlaps = await page.evaluate(async () => {
      const found: number[] = [];
      const end = document.documentElement.scrollHeight - window.innerHeight;
      for (let top = 320; top <= end; top += 80) {
        window.scrollTo({ top, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const button = document.querySelector('button[aria-label="Back to top"]')?.getBoundingClientRect();
        const banner = document.querySelector('section[aria-label="Cookies"]')?.getBoundingClientRect();
        if (button && banner && button.bottom > banner.top) found.push(top);
      }
      return found;
    });
    expect(overlaps).toEqual([]);
    await context.close();
  });
});
