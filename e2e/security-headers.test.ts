import { request as httpRequest } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { waitForMailLink } from './mailbox';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Collects every Content-Security-Policy violation of a browser context: the console reports
 * and the page's `securitypolicyviolation` events, across navigations.
 */
async function watchCsp(context: BrowserContext, page: Page) {
  const violations: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A raw GET with a Host header of our choosing (fetch does not let one set it). */
function getWithHost(pathname: string, host: string): Promise<{ status: number; body: string }> {
  const target = new URL(pathname, baseURL());
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      { hostname: target.hostname, port: target.port, path: target.pathname, headers: { host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/**
 * The absolute URLs a page or file states about the shop itself: those in <link> and <meta>
 * tags and JSON-LD of a page, every URL of robots.txt and the sitemaps (but the XML namespaces).
 */
function shopUrls(body: string): string[] {
  const isPage = body.trimStart().startsWith('<!DOCTYPE html>');
  const sources = isPage
    ? [
        ...(body.match(/<(?:link|meta)\b[^>]*>/g) ?? []),
        ...(body.match(/<script type="application\/ld\+json">[^<]*<\/script>/g) ?? []),
      ]
    : [body];
  return sources
    .flatMap((source) => source.match(/https?:\/\/[^"'<\s]+/g) ?? [])
    .filter((url) => !/^https?:\/\/(www\.w3\.org|schema\.org|www\.sitemaps\.org)(\/|$)/.test(url));
}

const uniqueEmail = () => `csp.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

describe('security headers in the browser', () => {
  it('sends the headers with pages and static files', async () => {
    // As a browser asks (a crawler's user agent is answered alike).
    const page = await fetch(`${baseURL()}/en?as=browser`, {
      headers: {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      },
    });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    // Finished Suspense boundaries stand where they belong, not revealed later by a script.
    expect(html).not.toContain('$RC(');
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    // Every executable inline script carries this response's nonce.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);

    // A page without cookies is rendered once and kept for a moment, yet no two responses share
    // a nonce: each copy carries its own response's, and nothing of an earlier one.
    const copies = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await fetch(`${baseURL()}/en`);
        const copyNonce = (response.headers.get('content-security-policy') ?? '').match(
          /'nonce-([^']+)'/,
        )?.[1];
        // fetch asks for gzip, deflate and br as browsers do: the kept page's own gzip comes back.
        expect(response.headers.get('content-encoding')).toBe('gzip');
        return { nonce: copyNonce ?? '', html: await response.text() };
      }),
    );
    const nonces = new Set([nonce, ...copies.map((copy) => copy.nonce)]);
    expect(nonces.size).toBe(4);
    for (const copy of copies) {
      const scripts = [
        ...copy.html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g),
      ];
      expect(scripts.length).toBe(inline.length);
      for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${copy.nonce}"`);
      for (const other of nonces) if (other !== copy.nonce) expect(copy.html).not.toContain(other);
    }

    const stylesheet = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    const asset = await fetch(`${baseURL()}${stylesheet}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('runs home, product list, a product, register, login and the dashboard without a CSP violation', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    const violations = await watchCsp(context, page);

    await page.goto('/en');
    // Hydrated: choosing a currency is remembered only by the page's own scripts.
    await page.getByRole('button', { name: 'Currency: EUR €' }).click();
    await page.getByRole('menuitemradio', { name: 'USD $' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selected-currency'))).toBe('USD');
    await screenshot(page, 'csp-home-1280');

    await page.goto('/en/products');
    const list = page.locator('#product-list');
    // The pager's code comes after the first load and takes over its links (before, they are plain links).
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('link', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    // Paging leads to the top of the list, below the sticky header, not to the top of the page.
    await expect
      .poll(async () => Math.round((await list.boundingBox())?.y ?? -1), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(60);
    await expect.poll(async () => (await list.boundingBox())?.y ?? -1).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await screenshot(page, 'csp-products-page-2-1280');

    await page.locator('main article h3 a').first().click();
    await page.waitForURL(/\/en\/products\/[a-z0-9-]+$/);
    await page.getByText(/about \$\d/).waitFor();

    const email = uniqueEmail();
    const password = 'a long enough secret';
    await page.goto('/en/register');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    const calls: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path === '/sanctum/csrf-cookie' || path === '/api/register' || path === '/api/login')
        calls.push(path);
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/en/email/verify');
    // The handshake comes first even though the visit already holds an XSRF cookie.
    expect(calls.slice(0, 2)).toEqual(['/sanctum/csrf-cookie', '/api/register']);

    const link = await waitForMailLink(inject('mailDir'), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await page.waitForURL('**/en/email/verify/success');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/en/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/en');

    calls.length = 0;
    await page.goto('/en/dashboard');
    await page.waitForURL('**/en/login?redirect=%2Fen%2Fdashboard');
    await screenshot(page, 'csp-login-1280');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/en/dashboard');
    expect(calls.slice(0, 2)).toEqual(['/sanctum/csrf-cookie', '/api/login']);
    await page.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'csp-dashboard-1280');

    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('pages the product list to its top on a 360 px phone without a CSP violation', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    const violations = await watchCsp(context, page);
    await page.goto('/en/products');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    const list = page.locator('#product-list');
    await expect.poll(async () => Math.round((await list.boundingBox())?.y ?? -1)).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await screenshot(page, 'csp-products-page-2-360');
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('builds canonical, hreflang, Open Graph, JSON-LD and sitemap URLs from APP_URL, not the Host header', async () => {
    const list = await fetch(`${baseURL()}/sitemaps/products/1`);
    const productPath = (await list.text()).match(/<loc>[^<]*(\/en\/products\/[a-z0-9-]+)<\/loc>/)?.[1];
    expect(productPath).toBeDefined();
    for (const path of [productPath ?? '', '/robots.txt', '/sitemap.xml', '/sitemap-pages.xml']) {
      const { status, body } = await getWithHost(path, 'evil.example');
      expect(status).toBe(200);
      expect(body).not.toContain('evil.example');
      expect(shopUrls(body).length).toBeGreaterThan(0);
      expect(shopUrls(body).filter((url) => !url.startsWith(`${baseURL()}/`))).toEqual([]);
    }
  });
});
