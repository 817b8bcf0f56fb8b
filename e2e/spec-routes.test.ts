import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import enAuth from '../apps/web/app/locales/en/auth.json';
import enCommon from '../apps/web/app/locales/en/common.json';
import enShop from '../apps/web/app/locales/en/shop.json';
import enWallet from '../apps/web/app/locales/en/wallet.json';
import { apiVisitor } from './api-visitor';
import { baseURL, launchBrowser, openPage, viewports } from './browser';
import { openAccountMenu } from './journeys';
import { waitForMailLink } from './mailbox';

// Routing, header and sign-in rules of spec sections 2, 7 and 8 that need the whole shop: the
// verification link's outcomes, the header of the authentication screens, the account menu, the
// glide to an anchor, the cookie banner, and the handshake and failure of the sign-in forms.

const password = 'correct horse battery';
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A visitor of the shared server through the API. */
function visitor() {
  const client = apiVisitor();
  return {
    ...client,
    call: (method: string, path: string, body?: unknown) => client.call(baseURL(), method, path, body),
  };
}

/** A new account, registered through the API, and the verification link mailed to it. */
async function registered(name: string) {
  const member = visitor();
  const email = uniqueEmail(name);
  await member.call('GET', '/sanctum/csrf-cookie');
  const answer = await member.call('POST', '/api/register', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    password,
    password_confirmation: password,
    terms: true,
  });
  expect(answer.status).toBe(200);
  const link = new URL(
    await waitForMailLink(inject('mailDir'), email, /http:\/\/\S+\/en\/email\/verify\/\S+/),
  );
  return { member, email, link: link.pathname + link.search };
}

/** A page of the shop as the server sends it, redirects not followed. */
const fetchPage = (path: string, cookie = '') =>
  fetch(`${baseURL()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** Signs in through the login form of `page`, which is open. */
async function logIn(page: Page, email: string, secret = password) {
  await page.locator('button[type="submit"]:enabled', { hasText: enAuth.login.submit }).waitFor();
  await page.getByLabel(enAuth.login.email).fill(email);
  await page.getByLabel(enAuth.login.password, { exact: true }).fill(secret);
  await page.getByRole('button', { name: enAuth.login.submit }).click();
}

describe('the e-mail verification link (spec sections 2 and 8)', () => {
  it('goes to success on its first use, to already-success on the second, and says a tampered link is invalid', async () => {
    const { member, link } = await registered('twice');
    const first = await fetchPage(link, member.cookie());
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/en/email/verify/success');
    const second = await fetchPage(link, member.cookie());
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toBe('/en/email/verify/already-success');
    const already = await fetchPage('/en/email/verify/already-success', member.cookie());
    expect(already.status).toBe(200);
    expect(enAuth.verifyAlready.title).toBe('Already verified');
    expect(enAuth.verifyAlready.text).toBe(
      'This e-mail address was verified before. There is nothing more to do.',
    );
    const alreadyHtml = await already.text();
    expect(alreadyHtml).toContain('Already verified');
    expect(alreadyHtml).toContain('This e-mail address was verified before. There is nothing more to do.');

    // The same link with its signature changed, for a guest and for the signed-in owner.
    const tampered = link.replace(
      /signature=([0-9a-f])/,
      (_all, first: string) => `signature=${first === 'a' ? 'b' : 'a'}`,
    );
    expect(tampered).not.toBe(link);
    expect(enAuth.verifyEmail.invalid).toBe('The verification link is invalid or has expired');
    for (const cookie of ['', member.cookie()]) {
      const refused = await fetchPage(tampered, cookie);
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(html).toContain('The verification link is invalid or has expired');
      expect(html).not.toContain('Already verified');
    }
    // The same link with its account id changed is refused as well.
    const otherId = link.replace(/\/email\/verify\/([^/]+)\//, '/email/verify/0$1/');
    const refused = await fetchPage(otherId);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('The verification link is invalid or has expired');
  });
});

/** The header element of a page's HTML. */
function headerOf(html: string): string {
  const start = html.indexOf('<header');
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</header>', start));
}

describe('the header on the authentication screens (spec section 2)', () => {
  it('shows the brand only on login, register, forgot-password and reset-password, and the full layout on home', async () => {
    expect(enCommon.header.mainNavigation).toBe('Main navigation');
    const home = headerOf(await (await fetchPage('/en')).text());
    expect(home).toContain('aria-label="Main navigation"');
    expect(home).toContain('role="search"');
    expect(home).toContain('type="search"');
    expect(enShop.nav.categories).toBe('Categories');
    expect(home).toContain('Categories');
    for (const path of [
      '/en/login',
      '/en/register',
      '/en/forgot-password',
      '/en/reset-password?token=abc&email=a%40b.c',
    ]) {
      const response = await fetchPage(path);
      expect(response.status, path).toBe(200);
      const header = headerOf(await response.text());
      expect(header, path).toMatch(/<a [^>]*href="\/en"[^>]*>[\s\S]*PromptMarket/);
      expect(header, path).not.toContain('aria-label="Main navigation"');
      expect(header, path).not.toContain('role="search"');
      expect(header, path).not.toContain('type="search"');
      expect(header, path).not.toContain('Categories');
      expect(header, path).not.toContain(`>${enAuth.account.login}<`);
    }
  });
});

describe('the signed-in header (spec section 2)', () => {
  it('has Deposit, My profile and Edit profile in the account menu; Edit profile glides to its section', async () => {
    const { link, email } = await registered('menu');
    await fetchPage(link);
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    // Every scroll position the window passes through after the click, and each scrollIntoView.
    await page.addInitScript(() => {
      const seen = window as unknown as { scrolls: number[]; intoView: { id: string; behavior?: string }[] };
      seen.scrolls = [];
      seen.intoView = [];
      window.addEventListener('scroll', () => seen.scrolls.push(window.scrollY), { passive: true });
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        // The behaviour asked for, else the page's own (`scroll-behavior`), which a call without one takes.
        seen.intoView.push({
          id: this.id,
          behavior:
            (typeof options === 'object' ? options.behavior : undefined) ??
            getComputedStyle(document.documentElement).scrollBehavior,
        });
        return original.call(this, options as ScrollIntoViewOptions);
      };
    });
    await page.goto('/en/login');
    await logIn(page, email);
    await page.waitForURL('**/en/dashboard');
    await page.goto('/en');
    await openAccountMenu(page);

    expect(enWallet.account.deposit).toBe('Deposit');
    expect(enAuth.account.myProfile).toBe('My profile');
    expect(enAuth.account.editProfile).toBe('Edit profile');
    const item = (name: string) => page.getByRole('menuitem', { name, exact: true });
    expect(await item('Deposit').getAttribute('href')).toBe('/en/dashboard/deposits/create');
    expect(await item('My profile').getAttribute('href')).toBe('/en/dashboard/profile');
    expect(await item('Edit profile').getAttribute('href')).toBe('/en/dashboard/profile#edit-profile');

    await page.evaluate(() => {
      const seen = window as unknown as { scrolls: number[]; intoView: unknown[] };
      seen.scrolls.length = 0;
      seen.intoView.length = 0;
    });
    await item('Edit profile').click();
    await page.waitForURL('**/en/dashboard/profile#edit-profile');
    const section = page.locator('#edit-profile');
    await section.waitFor();
    // It ends up in view, at the top of the window below the header.
    await expect
      .poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
        timeout: 5000,
      })
      .toBeLessThan(viewports.phone.height / 2);
    await expect
      .poll(() => section.evaluate((element) => element.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(0);
    const { scrolls, intoView } = await page.evaluate(() => {
      const seen = window as unknown as { scrolls: number[]; intoView: { id: string; behavior?: string }[] };
      return { scrolls: seen.scrolls, intoView: seen.intoView };
    });
    expect(intoView).toContainEqual({ id: 'edit-profile', behavior: 'smooth' });
    // Smoothly: the window passed through several positions on its way, not one jump.
    const end = scrolls.at(-1) ?? 0;
    expect(end).toBeGreaterThan(0);
    const between = new Set(scrolls.filter((y) => y > 0 && y < end));
    expect(between.size, `positions passed: ${scrolls.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the cookie banner (spec section 2)', () => {
  it('shows its short intro and links to the static page flagged as the cookie page', async () => {
    const pages = (await (
      await fetch(`${baseURL()}/api/static-pages`, { headers: { accept: 'application/json' } })
    ).json()) as {
      payload: { slug: string; title: string; is_cookie: boolean }[];
    };
    const cookiePage = pages.payload.find((page) => page.is_cookie);
    expect(cookiePage).toBeDefined();
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone, {
      cookieChoice: false,
    });
    await page.goto('/en');
    const banner = page.getByRole('region', { name: enShop.cookies.title });
    expect(enShop.cookies.intro).toBe(
      'We use essential cookies to keep you signed in and to protect your account. With your consent we may also use optional cookies.',
    );
    await banner
      .getByText(
        'We use essential cookies to keep you signed in and to protect your account. With your consent we may also use optional cookies.',
        { exact: true },
      )
      .waitFor();
    expect(enShop.cookies.policy).toBe('Cookie policy');
    const policy = banner.getByRole('link', { name: 'Cookie policy', exact: true });
    expect(await policy.getAttribute('href')).toBe(`/en/page/${cookiePage?.slug}`);
    await policy.click();
    await page.waitForURL(`**/en/page/${cookiePage?.slug}`);
    await page.getByRole('heading', { level: 1, name: cookiePage?.title }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/** The requests of `page` from now on: method and path. */
function recordRequests(page: Page) {
  const seen: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    seen.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', listener);
  return seen;
}

describe('the sign-in and sign-up forms (spec sections 7 and 8)', () => {
  it('fetch /sanctum/csrf-cookie before POST /api/login and before POST /api/register, even with a token already', async () => {
    const { link, email } = await registered('handshake');
    await fetchPage(link);
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/en/login');
    // A token is there already: the forms shake hands again all the same.
    await page.evaluate(() => fetch('/sanctum/csrf-cookie', { credentials: 'include' }));
    expect((await context.cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
    const loginRequests = recordRequests(page);
    await logIn(page, email);
    await page.waitForURL('**/en/dashboard');
    const login = loginRequests.indexOf('POST /api/login');
    expect(login, loginRequests.join('\n')).toBeGreaterThan(0);
    expect(loginRequests.slice(0, login)).toContain('GET /sanctum/csrf-cookie');
    await context.close();

    const guest = await openPage(browser, viewports.phone);
    await guest.page.goto('/en/register');
    await guest.page.evaluate(() => fetch('/sanctum/csrf-cookie', { credentials: 'include' }));
    expect((await guest.context.cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')).toBe(true);
    const registerRequests = recordRequests(guest.page);
    await guest.page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
    await guest.page.getByLabel('First name').fill('Ada');
    await guest.page.getByLabel('Last name').fill('Lovelace');
    await guest.page.getByLabel('Email').fill(uniqueEmail('signup'));
    await guest.page.getByLabel('Password', { exact: true }).fill(password);
    await guest.page.getByLabel('Confirm password').fill(password);
    await guest.page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL('**/en/email/verify');
    const signUp = registerRequests.indexOf('POST /api/register');
    expect(signUp, registerRequests.join('\n')).toBeGreaterThan(0);
    expect(registerRequests.slice(0, signUp)).toContain('GET /sanctum/csrf-cookie');
    expect([...consoleErrors, ...guest.consoleErrors]).toEqual([]);
    await guest.context.close();
  });

  it('says "Login failed" when the sign-in fails for another reason than the credentials', async () => {
    expect(enAuth.login.failed).toBe('Login failed');
    const { page, context } = await openPage(browser, viewports.phone);
    await page.goto('/en/login');
    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', json: { message: 'Server Error' } }),
    );
    await logIn(page, uniqueEmail('failing'));
    await page.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    expect(page.url()).toContain('/en/login');

    // Wrong credentials say so instead.
    await page.unroute('**/api/login');
    await logIn(page, uniqueEmail('unknown'), 'not the password 1');
    await page
      .getByRole('alert')
      .filter({ hasText: 'These credentials do not match our records.' })
      .waitFor();
    expect(await page.getByText('Login failed', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
