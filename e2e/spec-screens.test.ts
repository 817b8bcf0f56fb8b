import { adminOffersResponse, adminPayoutsResponse } from '@promptmarket/contracts/admin';
import type { Browser, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gridSlides } from '../apps/web/app/features/catalogue/rules';
import { signInAsAdmin } from './admin-account';
import { apiVisitor } from './api-visitor';
import { launchBrowser, openPage, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

// Rules of the spec's screens that only a browser shows: what is asked of the server on a
// navigation or a press (sections 2, 4 and 5), how the New prompts carousel lays out its slides
// (section 9), and what the deposit and payout screens do with an answer (sections 4, 8 and 9).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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

/** The requests of the page whose path is `pathname`, as they are made. */
function requestsTo(page: Page, pathname: string) {
  const made: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) made.push(request);
  });
  return made;
}

describe('a guest’s screens (spec sections 2, 4, 5 and 9)', () => {
  it('asks for the home sections again on each return to home, and the same list once while it loads', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en');
    await page.getByRole('heading', { name: 'New prompts' }).waitFor();
    // The home page's loader data, asked for by the browser on a navigation within the site.
    const homeData = requestsTo(page, '/en.data');
    const header = page.locator('header');
    for (let visit = 1; visit <= 2; visit += 1) {
      await page.getByRole('link', { name: 'Explore prompts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Browse prompts' }).waitFor();
      await header.getByRole('link', { name: 'Home', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/en');
      await page.getByRole('heading', { name: 'New prompts' }).waitFor();
      await expect.poll(() => homeData.length).toBe(visit);
      // The answer carries the home route's data: its sections.
      const answer = await homeData[visit - 1]?.response();
      expect(answer?.status()).toBe(200);
      expect(await answer?.text()).toContain('routes/shop/home');
    }

    // The same list asked for twice while the first is still loading: one request.
    await page.getByRole('link', { name: 'Explore prompts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Browse prompts' }).waitFor();
    const listData = requestsTo(page, '/en/products.data');
    const held: Route[] = [];
    await page.route('**/en/products.data**', (route) => {
      held.push(route);
    });
    await page.getByLabel('Minimum price').fill('1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => held.length).toBe(1);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('Minimum price').press('Enter');
    await page.waitForTimeout(500);
    expect(listData).toHaveLength(1);
    expect(new URL(listData[0]?.url() ?? '').searchParams.get('price_min')).toBe('1');
    await page.unroute('**/en/products.data**');
    for (const route of held) await route.continue().catch(() => {});
    await page.waitForURL((url) => url.searchParams.get('price_min') === '1');
    expect(listData).toHaveLength(1);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('lays the New prompts out 1, 2, 3 and 4 to a row by width, 20 or 25 px apart', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await page.goto('/en');
    const carousel = page.locator('section[aria-roledescription="carousel"][aria-label="New prompts"]');
    await carousel.waitFor();
    for (const width of [320, 767, 768, 1023, 1024, 1199, 1200, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const layout = await carousel.evaluate((section) => {
        const track = section.querySelector('ul') as HTMLElement;
        const tiles = [...section.querySelectorAll('li > article')].map((tile) =>
          tile.getBoundingClientRect(),
        );
        const view = track.getBoundingClientRect();
        const slide = (section.querySelector('li') as HTMLElement).getBoundingClientRect().width;
        return {
          perView: Math.round(view.width / slide),
          gaps: tiles.slice(1).map((tile, index) => Math.round(tile.left - (tiles[index]?.right ?? 0))),
          innerWidth: window.innerWidth,
        };
      });
      expect(layout.perView, `${width} px`).toBe(gridSlides(layout.innerWidth));
      expect(layout.gaps.length, `${width} px`).toBeGreaterThan(0);
      for (const gap of layout.gaps) expect([20, 25], `${width} px`).toContain(gap);
    }
    await context.close();
  });

  it('sends a newsletter address the way it was typed, and shows what the server says of it', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en/about-us');
    // The footer's form is live once its button is: what is typed before goes to the page, not the form.
    await page.locator('footer button[type="submit"]:enabled', { hasText: 'Subscribe' }).waitFor();
    const field = page.getByLabel('Your e-mail address');
    await field.fill('not-an-address');
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/newsletter/subscribe')),
      page.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    // Nothing checked it in the browser: only the e-mail went, as typed.
    expect(sent.postDataJSON()).toEqual({ email: 'not-an-address' });
    const answer = await sent.response();
    expect(answer?.status()).toBe(422);
    const said = (await answer?.json()) as { message: string; errors?: Record<string, string[]> };
    const message = said.errors?.email?.[0] ?? said.message;
    expect(message).toBeTruthy();
    await page.getByRole('contentinfo').getByText(message, { exact: true }).waitFor();
    // The refused call's 422 is the browser's own note of it.
    expect(consoleErrors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });
});

/** The back office, signed in as the admin the server makes at start-up. */
function backOffice() {
  const staff = apiVisitor();
  const call = (method: string, path: string, body?: unknown) =>
    staff.call(inject('baseURL'), method, path, body);
  return {
    call,
    async signIn() {
      await call('GET', '/sanctum/csrf-cookie');
      expect((await signInAsAdmin(inject('baseURL'), call)).status).toBe(200);
    },
  };
}

/** An offer of this user's, sent through the API and answered by the back office with 90 EUR. */
async function offerCountered(page: Page, staff: ReturnType<typeof backOffice>, title: string) {
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
  const list = await staff.call('GET', '/api/admin/offers?status=pending&per_page=100');
  const offer = adminOffersResponse
    .parse(await list.json())
    .payload.data.find((item) => item.title === title);
  if (!offer) throw new Error(`offer ${title} is not waiting for a price`);
  const answer = await staff.call('POST', `/api/admin/offers/${offer.id}/counter`, { service_price: '90' });
  expect(answer.status).toBe(200);
  return offer.id;
}

/** Fills the card payout step of the open dialog. */
async function fillCard(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Cardholder name').fill('Ada Lovelace');
  await dialog.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1));
  await dialog.getByLabel('Expiry month').selectOption('6');
  await dialog.getByLabel('I confirm that these details are correct and accept the terms.').check();
}

describe('a signed-in user’s screens (spec sections 4, 8 and 9)', () => {
  it('goes to processing-payment with the order when the checkout answers without a redirect_url', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits/create');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByLabel('City', { exact: true }).fill('London');
    await page.getByLabel('Address', { exact: true }).fill('12 St James Square');
    await page.getByLabel('Post code', { exact: true }).fill('SW1Y 4JH');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: 'Card' }).waitFor();
    // A provider that needs no page of its own: the answer has no redirect_url.
    await page.route('**/api/deposit/checkout', (route) =>
      route.fulfill({
        json: { status: 'OK', redirect_url: null, order_id: 987654, message: 'Payment is being processed' },
      }),
    );
    await page.route('**/api/deposit/status?*', (route) =>
      route.fulfill({
        json: {
          status: 'OK',
          order: {
            id: 987654,
            status: 'processing',
            error_message: null,
            error_code: null,
            decline_code: null,
            redirect_url: null,
            internal_amount: 20,
            order_number: '987654',
          },
          message: 'Payment is being processed',
        },
      }),
    );
    await page.getByRole('button', { name: 'Pay 20.00 EUR' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/en/processing-payment' && url.search === '?order_id=987654',
    );
    await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
    await page.unrouteAll();
    await context.close();
  });

  it('preselects the first format and size of the settings in the order modal, and downloads those', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    const { payload: settings } = (await (await pageCall(page, 'GET', '/api/settings')).json()) as {
      payload: { formats: string[]; sizes: string[] };
    };
    const [format, size] = [settings.formats[0], settings.sizes[0]];
    expect(format && size).toBeTruthy();
    const products = (await (await pageCall(page, 'GET', '/api/products?sort=price_asc')).json()) as {
      data: { id: number }[];
    };
    const bought = await pageCall(page, 'POST', '/api/purchase/prompt', { prompt_id: products.data[0]?.id });
    expect(bought.status()).toBe(200);
    const history = (await (await pageCall(page, 'GET', '/api/purchase/history')).json()) as {
      payload: { id: number }[];
    };
    await page.goto(`/en/dashboard/orders?order=${history.payload[0]?.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Download', exact: true }).waitFor();
    expect(await dialog.getByLabel('Format').inputValue()).toBe(format);
    expect(await dialog.getByLabel('Size').inputValue()).toBe(size);
    // Download without touching the pickers: the first of each is what is asked for.
    const asked: URL[] = [];
    await page.route('**/api/purchase/*/download**', (route) => {
      asked.push(new URL(route.request().url()));
      return cutOff(route);
    });
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await dialog.getByText('An error occurred during download', { exact: true }).waitFor();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get('format')).toBe(format);
    expect(asked[0]?.searchParams.get('size')).toBe(size);
    await page.unrouteAll();
    await context.close();
  });

  it('says "Failed to process card payment. Please try again." when new card details for a failed payout get no answer', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    const staff = backOffice();
    await staff.signIn();
    const title = `Card payout ${Date.now()}`;
    const offerId = await offerCountered(page, staff, title);

    // Accepted to a card: the withdrawal without an answer says the withdrawal's text, then goes through.
    await page.goto('/en/dashboard/offers');
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'View Offer' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.getByRole('heading', { name: 'Contact information' }).waitFor();
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Address').fill('12 St James Square');
    await dialog.getByLabel('City').fill('London');
    await dialog.getByLabel('Post code').fill('SW1Y 4JH');
    await dialog.getByLabel('Country').selectOption('GB');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('radio', { name: /Card/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page);
    await page.route('**/api/offer/withdraw/card', cutOff);
    await dialog.getByRole('button', { name: 'Accept and get paid' }).click();
    await dialog.getByText('Failed to process withdrawal', { exact: true }).waitFor();
    await page.unroute('**/api/offer/withdraw/card');
    await dialog.getByRole('button', { name: 'Accept and get paid' }).click();
    await dialog.getByRole('heading', { name: 'Offer accepted' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The payout fails; the seller gives a new card, and that call gets no answer.
    const payouts = adminPayoutsResponse.parse(
      await (await staff.call('GET', '/api/admin/payouts?per_page=100')).json(),
    );
    const payout = payouts.payload.data.find((item) => item.offer_id === offerId);
    if (!payout) throw new Error(`no payout for offer ${offerId}`);
    const failed = await staff.call('POST', `/api/admin/payouts/${payout.id}/failed`, {
      reason: 'The card was refused by its bank.',
    });
    expect(failed.status, await failed.text()).toBe(200);
    await page.reload();
    await page.getByText('The card was refused by its bank.').waitFor();
    await page.getByRole('button', { name: 'Give new payout details' }).click();
    await dialog.getByRole('radio', { name: /Card/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page);
    await page.route('**/api/offer/payout/card', cutOff);
    await dialog.getByRole('button', { name: 'Accept and get paid' }).click();
    await dialog.getByText('Failed to process card payment. Please try again.', { exact: true }).waitFor();
    await page.unrouteAll();
    await context.close();
  }, 120_000);
});
