import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { LANGUAGE_STORAGE_KEY } from '@promptmarket/contracts/locale';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SMALL_ONE_OFF_BYTES } from '../apps/api/src/lib/accept-encoding';
import { signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { waitForMailLink } from './mailbox';

// Returning visitors get cached pages too: a cookie that does not change the page (the banner's
// choice, a tracker's) leaves it a guest's page; a signed-in visitor of a public screen gets the
// page cached for every signed-in visitor, and the browser fills in the personal parts.

/** A visitor of the shared server, through the API. */
function visitor() {
  const client = apiVisitor();
  return {
    ...client,
    call: (method: string, path: string, body?: unknown) => client.call(baseURL(), method, path, body),
  };
}

async function page(path: string, cookie?: string) {
  const response = await fetch(`${baseURL()}${path}`, {
    redirect: 'manual',
    headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
  });
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    response,
    html: await response.text(),
  };
}

/** A page's text without the response's own nonce. */
const withoutNonce = (html: string) =>
  html.replace(/nonce="[^"]+"|"nonce":"[^"]+"|NONCE|[A-Za-z0-9+/]{22}==/g, '');

let member: ReturnType<typeof visitor>;
let memberEmail = '';
let boughtSlug = '';
let boughtPrompt = '';
let cartSlug = '';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  // A signed-in member who owns a prompt: registered, given money by the back office, buying.
  member = visitor();
  memberEmail = `cached.${Date.now()}@example.test`;
  await member.call('GET', '/sanctum/csrf-cookie');
  const registered = await member.call('POST', '/api/register', {
    first_name: 'Keta',
    last_name: 'Member',
    email: memberEmail,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    terms: true,
  });
  expect(registered.status).toBe(200);
  const { payload: me } = (await registered.json()) as { payload: { id: string } };
  const link = new URL(
    await waitForMailLink(inject('mailDir'), memberEmail, /http:\/\/\S+\/en\/email\/verify\/\S+/),
  );
  await member.call('GET', link.pathname + link.search);
  const admin = visitor();
  await admin.call('GET', '/sanctum/csrf-cookie');
  expect((await signInAsAdmin(baseURL(), admin.call)).status).toBe(200);
  expect(
    (
      await admin.call('POST', `/api/admin/users/${me.id}/adjust`, {
        amount: '100',
        reason: 'cached pages test',
      })
    ).status,
  ).toBe(200);
  const { data } = (await (await member.call('GET', '/api/products?per_page=2&sort=price_asc')).json()) as {
    data: { id: number; slug: string }[];
  };
  boughtSlug = data[0]?.slug ?? '';
  const bought = await member.call('POST', '/api/purchase/prompt', { prompt_id: data[0]?.id });
  expect(bought.status).toBe(200);
  const owned = (await (await member.call('GET', '/api/user/prompts')).json()) as {
    payload: { prompt: string }[];
  };
  boughtPrompt = owned.payload[0]?.prompt ?? '';
  // And one in the cart.
  cartSlug = data[1]?.slug ?? '';
  expect((await member.call('POST', '/api/cart', { product_id: data[1]?.id })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('cached pages for returning visitors', () => {
  it('keep the page for a visitor whose cookies do not change it, rendered without them', async () => {
    const path = `/en/products?sort=newest&cached=${Date.now()}`;
    const first = await page(path, 'cookie_consent=all; _ga=GA1.1.123');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('miss');
    // A page is cached once it is asked for again, as most addresses asked once never are.
    const again = await page(path, 'cookie_consent=necessary');
    expect(again.cache).toBe('miss');
    const second = await page(path, 'cookie_consent=essential');
    expect(second.cache).toBe('hit');
    // The same page a visitor without any cookie is shown.
    const bare = await page(path);
    expect(bare.cache).toBe('hit');
    expect(withoutNonce(second.html)).toBe(withoutNonce(bare.html));
    expect(first.html).not.toContain('GA1.1.123');
  });

  it('send a page asked once by Zstandard to a browser that takes it, Brotli to Safari, and a cached one by gzip', async () => {
    const path = `/en/products?sort=price_desc&once=${Date.now()}`;
    // The bytes as sent, not decoded on the way as fetch does.
    const raw = (acceptEncoding: string, at = path) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        const headers = { 'accept-encoding': acceptEncoding, cookie: 'cookie_consent=all' };
        get(`${baseURL()}${at}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const once = await raw('gzip, deflate, br, zstd');
    expect(once.encoding).toBe('zstd');
    const html = zstdDecompressSync(once.body).toString('utf8');
    expect(html).toContain('<h1');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    // A list page is large: Zstandard, which costs more to set up than Brotli, is quicker on it.
    expect(html.length).toBeGreaterThan(SMALL_ONE_OFF_BYTES);
    // Safari takes Brotli but not Zstandard: Brotli at its quickest quality, not the slower gzip.
    const safari = await raw('gzip, deflate, br', `${path}&safari=1`);
    expect(safari.encoding).toBe('br');
    expect(brotliDecompressSync(safari.body).toString('utf8')).toContain('<h1');
    // Asked again and then cached: gzip, the cached page's template, whatever else the browser takes.
    await raw('gzip, deflate, br, zstd');
    const cached = await raw('gzip, deflate, br, zstd');
    expect(cached.encoding).toBe('gzip');
    expect(withoutNonce(gunzipSync(cached.body).toString('utf8'))).toBe(withoutNonce(html));
  });

  it('still follow the cookies that decide a redirect: the chosen language', async () => {
    const chosen = await page('/products?sort=price_desc', `cookie_consent=all; ${LANGUAGE_STORAGE_KEY}=de`);
    expect(chosen.status).toBe(302);
    expect(chosen.response.headers.get('location')).toBe('/de/products?sort=price_desc');
    const unknownLanguage = await page('/xx/products', `${LANGUAGE_STORAGE_KEY}=fr`);
    expect(unknownLanguage.response.headers.get('location')).toMatch(/^\/fr\//);
  });

  it('keep one page for every signed-in visitor of a public screen, without anyone in it', async () => {
    const path = `/en/products/${boughtSlug}`;
    await page(path, member.cookie());
    const first = await page(path, member.cookie());
    const second = await page(path, member.cookie());
    expect(first.status).toBe(200);
    expect([first.cache, second.cache]).toContain('hit');
    for (const html of [first.html, second.html]) {
      expect(html).toContain('data-testid="account-pending"');
      // The cart link is there from the first byte, its count coming with the visitor's data.
      expect(html).toMatch(/<a[^>]*aria-label="Your cart"[^>]*>/);
      expect(html).not.toContain(memberEmail);
      // Neither the guest's buttons in the header: the visitor is signed in.
      expect(html).not.toMatch(/href="\/en\/login"[^>]*>Log in</);
    }
    // A guest's page is another one.
    const guest = await page(path);
    expect(guest.html).not.toContain('account-pending');
    expect(guest.html).not.toContain('aria-label="Your cart"');
  });

  it('never cache the buyer’s whole prompt or the cart’s mark in a page cached for others', async () => {
    // The prompt's last words: past the preview everyone sees, only its buyer may read them.
    const words = boughtPrompt.trim().split(/\s+/);
    expect(words.length).toBeGreaterThanOrEqual(8);
    const hidden = words.slice(-4).join(' ');
    for (const path of [`/en/products/${boughtSlug}`, `/en/products/${cartSlug}`]) {
      for (const cookie of [member.cookie(), member.cookie(), undefined]) {
        const cached = await page(path, cookie);
        expect(cached.status).toBe(200);
        expect(cached.html).not.toContain(hidden);
        // The product in the page's data is nobody's; the page's texts (in a script) name the marks,
        // the page itself shows none.
        expect(cached.html).toMatch(/\\*"prompt\\*":null,\\*"in_cart\\*":false/);
        const shown = cached.html.replace(/<script[\s\S]*?<\/script>/g, '');
        expect(shown).not.toContain('In your cart');
        expect(shown).not.toContain('Your prompt');
        expect(shown).not.toContain('You own this prompt');
      }
    }
  });

  it('never cache a signed-in visitor’s own screens', async () => {
    const dashboard = await page('/en/dashboard/orders', member.cookie());
    expect(dashboard.cache).toBeNull();
    const cart = await page('/en/cart', member.cookie());
    expect(cart.cache).toBeNull();
    expect(cart.status).toBe(200);
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`fill in the personal parts in the browser, never showing the guest's header (${name})`, async () => {
      const { page: tab, context, consoleErrors } = await openPage(browser, viewport);
      await context.addCookies(
        [...member.jar].map(([cookieName, value]) => ({ name: cookieName, value, url: baseURL() })),
      );
      // Every state the header passes through, from the first byte on.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { headerStates: string[] }).headerStates = seen;
        new MutationObserver(() => {
          const header = document.querySelector('header');
          if (!header) return;
          const state = header.querySelector('a[href$="/login"]')
            ? 'guest'
            : header.querySelector('[data-testid="account-pending"]')
              ? 'pending'
              : 'member';
          if (seen.at(-1) !== state) seen.push(state);
        }).observe(document, { childList: true, subtree: true });
      });
      await tab.goto(`/en/products/${boughtSlug}`);
      await tab.getByRole('button', { name: 'Account menu' }).waitFor();
      // The prompt this member bought shows as theirs.
      await tab.getByText('You own this prompt').waitFor();
      const states = await tab.evaluate(() => (window as unknown as { headerStates: string[] }).headerStates);
      expect(states).not.toContain('guest');
      expect(states.at(-1)).toBe('member');
      await screenshot(tab, `page-cache-member-${name}`);
      // Their data brings the whole prompt they bought, and the cart's mark on another page.
      expect(await tab.getByTestId('bought-prompt').textContent()).toBe(boughtPrompt);
      await tab.goto(`/en/products/${cartSlug}`);
      await tab.getByRole('link', { name: 'In your cart' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
