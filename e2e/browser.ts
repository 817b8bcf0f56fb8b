import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const viewports = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 800 },
} as const;

let visitors = Math.floor(Math.random() * 60_000);

/**
 * A page of its own (own cookies and address) at a given width; console errors are collected for the test
 * to check. The cookie choice is already made unless `cookieChoice` is false.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  { cookieChoice = true, base = baseURL() }: { cookieChoice?: boolean; base?: string } = {},
) {
  // A visitor of its own address: the server trusts the forwarded address from this machine.
  const address = `10.${(visitors >> 8) & 255}.${visitors & 255}.${1 + Math.floor(Math.random() * 250)}`;
  visitors += 1;
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  if (cookieChoice) await context.addCookies([{ name: 'cookie_consent', value: 'essential', url: base }]);
  const page = await context.newPage();
  untilStarted(page);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

/**
 * A page's scripts come once it has loaded (decision 0019), so `goto` and `reload` also wait for
 * the page's code to start (`data-started` on the root element) on the shop's own pages: what a
 * test does next is answered by React, as it would be for a person a moment later.
 */
function untilStarted(page: Page) {
  const started = () =>
    page.waitForFunction(
      () =>
        'started' in document.documentElement.dataset ||
        !('__reactRouterContext' in window) ||
        document.contentType !== 'text/html',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}

/** Saves a full-page screenshot (JPEG) under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string) {
  const folder = path.resolve('test-results', 'screenshots');
  mkdirSync(folder, { recursive: true });
  await setBelowFold(page, 'visible');
  // caret: 'initial' leaves inputs untouched: a style change before hydration would be a mismatch.
  // JPEG: the browser encodes a whole page as PNG in about twice the time, which the suite's run
  // of a hundred pictures paid on a busy core.
  await page.screenshot({
    path: path.join(folder, `${name}.jpg`),
    type: 'jpeg',
    quality: 85,
    fullPage: true,
    caret: 'initial',
  });
  await setBelowFold(page, '');
}

/**
 * Parts below the first screen are painted only near the window (`below-fold` in app.css): shown
 * whole ('visible') for a picture or a check of colours, then left to the browser again ('').
 */
function setBelowFold(page: Page, visibility: string) {
  return page.evaluate((value) => {
    for (const element of document.querySelectorAll<HTMLElement>('.below-fold, .below-fold-tile')) {
      element.style.contentVisibility = value;
    }
  }, visibility);
}

/** True when the page is wider than the window: something sticks out sideways. */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/**
 * The serious and critical accessibility findings of axe on what `page` shows now, the parts below
 * the first screen painted (a part the browser has not painted has no colours to measure).
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await setBelowFold(page, 'visible');
  await page.waitForTimeout(250);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: unknown): Promise<unknown> } }).axe.run(
      document,
      { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } },
    ),
  )) as { violations: { id: string; impact?: string; nodes: { html: string }[] }[] };
  await setBelowFold(page, '');
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`,
    );
}
