import { adminOffersResponse } from '@promptmarket/contracts/admin';
import { DEPOSIT_POLL_INTERVAL_MS } from '@promptmarket/contracts/deposits';
import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HERO_AUTOPLAY_MS } from '../apps/web/app/features/catalogue/rules';
import { BACK_TO_TOP_THRESHOLD } from '../apps/web/app/features/site/rules';
import { signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import { launchBrowser, openPage, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

// Rules and texts of the spec that only a page shows: what the shop does on a hover, a scroll or
// a click outside, and what it says when a call fails. A failing server or network is played by
// answering the browser's call with an error, or by cutting it off, as a failing gateway would.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A call answered as a failing server would: `status` with the API's JSON error body. */
const failWith = (status: number) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', json: { message: 'Server Error' } });

/** A call that never gets an answer (a network failure). */
const cutOff = (route: Route) => route.abort('failed');

/** A JSON call from the page's context, with its cookies and XSRF token. */
async function pageCall(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  return page.request.fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf.value) } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
}

describe('the shop’s furniture (spec section 2)', () => {
  it('offers "Only essentials" and "Accept all" in the cookie banner; either choice closes it', async () => {
    for (const [button, stored] of [
      ['Only essentials', 'essential'],
      ['Accept all', 'all'],
    ] as const) {
      const { page, context } = await openPage(browser, viewports.phone, { cookieChoice: false });
      await page.goto('/en/about-us');
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('button', { name: button, exact: true }).waitFor({ state: 'detached' });
      const cookie = (await context.cookies()).find((item) => item.name === 'cookie_consent');
      expect(cookie?.value).toBe(stored);
      await page.reload();
      expect(await page.getByRole('button', { name: 'Accept all', exact: true }).count()).toBe(0);
      await context.close();
    }
  });

  it('shows back-to-top only past 300 px of scrolling', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await page.goto('/en');
    const button = page.getByRole('button', { name: 'Back to top' });
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await scrollTo(BACK_TO_TOP_THRESHOLD + 1);
    await button.waitFor();
    await scrollTo(BACK_TO_TOP_THRESHOLD);
    await button.waitFor({ state: 'detached' });
    await scrollTo(BACK_TO_TOP_THRESHOLD + 1);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await button.waitFor({ state: 'detached' });
    await context.close();
  });

  it('pauses the hero carousel while the pointer is over it', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await page.clock.install();
    await page.goto('/en');
    const hero = page.locator('section[aria-roledescription="carousel"][aria-label="Featured prompts"]');
    const position = () => hero.locator('ul').evaluate((track) => Math.round(track.scrollLeft));
    const settled = async () => {
      // Smooth scrolling runs on the browser's own clock.
      await page.waitForTimeout(700);
      return position();
    };
    await hero.locator('ul').scrollIntoViewIfNeeded();
    await hero.hover();
    const hovered = await settled();
    await page.clock.runFor(HERO_AUTOPLAY_MS * 2 + 100);
    expect(await settled()).toBe(hovered);
    // The pointer leaves: the next slide comes after one interval.
    await page.mouse.move(1, 1);
    await page.clock.runFor(HERO_AUTOPLAY_MS + 100);
    await expect.poll(position).not.toBe(hovered);
    await context.close();
  });

  it('clears the header search with its clear button, and lists similar prompts on a product page', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await page.goto('/en/products?search=light');
    const box = page.getByRole('searchbox', { name: 'Search prompts' }).filter({ visible: true });
    expect(await box.inputValue()).toBe('light');
    await page.getByRole('button', { name: 'Clear search' }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/products' && !url.searchParams.has('search'));
    await expect.poll(() => box.inputValue()).toBe('');
    await expect
      .poll(() => page.getByRole('button', { name: 'Clear search' }).filter({ visible: true }).count())
      .toBe(0);

    // Similar prompts: the product's category, as the API answers them, each a link to its page.
    // The newest product may be one another journey published from an offer, alone of its kind: the
    // first of the list that has similar prompts is looked at.
    const list = (await (await pageCall(page, 'GET', '/api/products')).json()) as {
      data: { slug: string }[];
    };
    type Detail = {
      data: { category: { id: number }; similar: { slug: string; category: { id: number } }[] };
    };
    let slug = '';
    let detail: Detail | null = null;
    for (const product of list.data) {
      const read = (await (await pageCall(page, 'GET', `/api/products/${product.slug}`)).json()) as Detail;
      if (read.data.similar.length > 0) {
        slug = product.slug;
        detail = read;
        break;
      }
    }
    if (!detail) throw new Error('no product of the first page has similar prompts');
    const { category, similar: alike } = detail.data;
    expect(alike.length).toBeGreaterThan(0);
    expect(alike.every((item) => item.category.id === category.id)).toBe(true);
    await page.goto(`/en/products/${slug}`);
    const similar = page.locator('section[aria-labelledby="similar-title"]');
    await similar.getByRole('heading', { name: 'Similar prompts' }).waitFor();
    const links = await similar
      .locator('a[href^="/en/products/"]')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
      );
    expect(new Set(links)).toEqual(new Set(alike.map((item) => `/en/products/${item.slug}`)));
    await context.close();
  });
});

describe('what a guest’s forms say when their call fails (spec section 8)', () => {
  it('contact, forgot password, registration and the verification mail each say their own text', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);

    await page.goto('/en/contact-us');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Send message' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.test');
    await page.getByLabel('Subject', { exact: true }).fill('Posters');
    await page.getByLabel('Message', { exact: true }).fill('Do you sell prompts for posters?');
    await page.route('**/api/contact', cutOff);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Sorry, an error occurred while sending your message').waitFor();

    await page.goto('/en/forgot-password');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill('ada@example.test');
    await page.route('**/api/user/reset-password', cutOff);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('An unexpected error occurred. Please try again.').waitFor();

    const email = `spec.texts.${Date.now()}@example.test`;
    await page.goto('/en/register');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
    await page.route('**/api/register', failWith(500));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Registration failed', { exact: true }).waitFor();
    await page.unroute('**/api/register');
    await page.route('**/api/register', cutOff);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An unexpected error occurred during registration').waitFor();
    expect(await page.getByText('Registration failed', { exact: true }).count()).toBe(0);

    // Registered for real, the verification mail cannot be sent again.
    await page.unroute('**/api/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/en/email/verify');
    await page.route('**/api/email/verify/resend', failWith(500));
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('Failed to resend verification email').waitFor();
    await context.close();
  });
});

describe('a signed-in user’s screens (spec sections 2, 4 and 8)', () => {
  it('deposit, status polling, password, generation, download and the offer modal', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);

    // The deposit form: a check that gets no answer, then a gateway out of reach.
    await page.goto('/en/dashboard/deposits/create');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByLabel('City', { exact: true }).fill('London');
    await page.getByLabel('Address', { exact: true }).fill('12 St James Square');
    await page.getByLabel('Post code', { exact: true }).fill('SW1Y 4JH');
    await page.getByLabel(/I agree to the/).check();
    await page.route('**/api/deposit/validate', cutOff);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Validation failed', { exact: true }).waitFor();
    await page.unroute('**/api/deposit/validate');
    await page.route('**/api/deposit/validate', failWith(503));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page
      .getByText('Server error occurred. The payment gateway may be unavailable. Please try again later.')
      .waitFor();

    // The processing screen asks every 5 seconds: a check without an answer says so and goes on.
    const asked: number[] = [];
    await page.route('**/api/deposit/status?*', (route) => {
      asked.push(Date.now());
      if (asked.length === 1) return cutOff(route);
      return route.fulfill({
        json: {
          status: 'OK',
          order: {
            id: 424242,
            status: 'success',
            error_message: null,
            error_code: null,
            decline_code: null,
            redirect_url: null,
            internal_amount: 10,
            order_number: '424242',
          },
          message: 'Payment successful',
        },
      });
    });
    await page.goto('/en/processing-payment?order_id=424242');
    await page.getByText('Failed to check status', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/en/success-payment', {
      timeout: DEPOSIT_POLL_INTERVAL_MS * 3,
    });
    expect(asked).toHaveLength(2);
    const gap = (asked[1] ?? 0) - (asked[0] ?? 0);
    expect(gap).toBeGreaterThanOrEqual(DEPOSIT_POLL_INTERVAL_MS - 50);
    expect(gap).toBeLessThan(DEPOSIT_POLL_INTERVAL_MS + 1500);

    await page.goto('/en/dashboard/profile');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Change password' }).waitFor();
    await page.getByLabel('Current password', { exact: true }).last().fill('correct horse battery');
    await page.getByLabel('New password', { exact: true }).fill('a new horse battery');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a new horse battery');
    await page.route('**/api/user/change-password', failWith(500));
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password change failed', { exact: true }).waitFor();

    await page.goto('/en/products/generate');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Generate image' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Lighthouse');
    await page.getByLabel('Your prompt').fill('A lighthouse on a cliff at sunset');
    await page.route('**/api/purchase/generate-image', cutOff);
    await page.getByRole('button', { name: /^Generate image for/ }).click();
    await page.getByRole('heading', { name: 'Failed to generate image' }).waitFor();
    await page.getByText('An error occurred during image generation', { exact: true }).waitFor();

    // A bought prompt whose download gets no answer; the deposit paying for it goes through.
    await page.unrouteAll();
    await fundedWith(page, '20');
    const products = (await (await pageCall(page, 'GET', '/api/products?sort=price_asc')).json()) as {
      data: { id: number }[];
    };
    const bought = await pageCall(page, 'POST', '/api/purchase/prompt', { prompt_id: products.data[0]?.id });
    expect(bought.status()).toBe(200);
    const history = (await (await pageCall(page, 'GET', '/api/purchase/history')).json()) as {
      payload: { id: number }[];
    };
    await page.route('**/api/purchase/*/download**', cutOff);
    await page.goto(`/en/dashboard/orders?order=${history.payload[0]?.id}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('dialog').getByText('An error occurred during download', { exact: true }).waitFor();

    // The offer's modal closes on a click outside it.
    await page.unrouteAll();
    const title = `Spec modal ${Date.now()}`;
    await offerCountered(page, title);
    await page.goto('/en/dashboard/offers');
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'View Offer' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).waitFor();
    await page.mouse.click(5, 5);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });
});

/** An offer of this user's, answered by the back office with a counter-price. */
async function offerCountered(page: Page, title: string) {
  const categories = (await (await pageCall(page, 'GET', '/api/categories')).json()) as {
    data: { id: number }[];
  };
  const styles = (await (await pageCall(page, 'GET', '/api/styles')).json()) as { data: { id: number }[] };
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#225577' } })
    .png()
    .toBuffer();
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const created = await page.request.post('/api/offer/create', {
    headers: { accept: 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') },
    multipart: {
      title,
      category_id: String(categories.data[0]?.id),
      'style_ids[]': String(styles.data[0]?.id),
      price: '120',
      prompt: 'A harbour at night in neon light',
      confirm: '1',
      media: { name: 'work.png', mimeType: 'image/png', buffer: picture },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const staff = apiVisitor();
  const call = (method: string, path: string, body?: unknown) =>
    staff.call(inject('baseURL'), method, path, body);
  await call('GET', '/sanctum/csrf-cookie');
  expect((await signInAsAdmin(inject('baseURL'), call)).status).toBe(200);
  const list = await call('GET', '/api/admin/offers?status=pending&per_page=100');
  const offer = adminOffersResponse
    .parse(await list.json())
    .payload.data.find((item) => item.title === title);
  const answer = await call('POST', `/api/admin/offers/${offer?.id}/counter`, { service_price: '90' });
  expect(answer.status).toBe(200);
}
