import type { Order } from '@promptmarket/contracts/orders';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

// Rules of the spec that only a browser shows (docs/spec-index.md, "Open"): a panel that closes,
// a field disabled while its call is under way, the site data fetched again on a change of
// language, a header menu followed, the order and deposit dialogs, and the server's own words
// when a generation or a download fails.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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

/** An amount of credits as the shop words it in English: "12 credits", "11.90 credits", "1 credit". */
function credits(amount: number): string {
  const cents = Math.round(amount * 100);
  const number = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${number} ${cents === 100 ? 'credit' : 'credits'}`;
}

/** The label and value pairs of a description list inside `scope`, as shown. */
function describedPairs(page: Page, scope: string) {
  return page
    .locator(`${scope} dl > div`)
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('dt')?.textContent?.trim() ?? '',
        item.querySelector('dd')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      ]),
    );
}

describe('the shop’s furniture (spec sections 2 and 4)', () => {
  it('opens the cookie banner’s customise panel and closes it again without storing a choice', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop, {
      cookieChoice: false,
    });
    await page.goto('/en/about-us');
    const banner = page.getByRole('region', { name: 'Cookies', exact: true });
    const customize = banner.getByRole('button', { name: 'Customize', exact: true });
    await customize.click();
    const save = banner.getByRole('button', { name: 'Save choice', exact: true });
    await save.waitFor();
    const hide = banner.getByRole('button', { name: 'Hide settings', exact: true });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await hide.click();
    await save.waitFor({ state: 'detached' });
    expect(await customize.getAttribute('aria-expanded')).toBe('false');
    // Closing it chose nothing: the banner stays and no consent is stored.
    await banner.getByRole('button', { name: 'Accept all', exact: true }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'cookie_consent')).toBe(false);
    // And it opens again.
    await customize.click();
    await save.waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('disables the newsletter field while the subscription is being sent', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en/about-us');
    await page.locator('footer button[type="submit"]:enabled', { hasText: 'Subscribe' }).waitFor();
    const field = page.getByLabel('Your e-mail address');
    await field.fill(`reader.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`);
    // The subscription's answer is held until the field has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/newsletter/subscribe', async (route: Route) => {
      await held;
      await route.continue();
    });
    expect(await field.isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => field.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe' }).getAttribute('aria-busy')).toBe('true');
    release();
    // Answered: the field is enabled again, and cleared on success.
    await expect.poll(() => field.isDisabled()).toBe(false);
    expect(await field.inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fetches the categories, styles and pages again in the new language on a language switch', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en/about-us');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Privacy Policy', exact: true }).waitFor();
    const menuItems = async (menu: string) => {
      await page.getByRole('button', { name: menu, exact: true }).click();
      await page.getByRole('menu').waitFor();
      const items = await page.getByRole('menuitem').allTextContents();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      return items;
    };
    expect(await menuItems('Categories')).toContain('Portraits');
    expect(await menuItems('Styles')).toContain('Watercolor');

    // The switch is a navigation in the page: no new document, only the data of the new language.
    const documents: string[] = [];
    const data: string[] = [];
    const seen = (request: Request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
      if (new URL(request.url()).pathname.endsWith('.data')) data.push(request.url());
    };
    page.on('request', seen);
    await footer.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL('**/de/about-us');
    await footer.getByRole('heading', { name: 'Sprache' }).waitFor();
    page.off('request', seen);
    expect(documents).toEqual([]);
    expect(data.some((url) => new URL(url).pathname.startsWith('/de/'))).toBe(true);

    // The menus and the footer's pages are those of the new language.
    const categories = await menuItems('Kategorien');
    expect(categories).toContain('Porträts');
    expect(categories).not.toContain('Portraits');
    const styles = await menuItems('Stile');
    expect(styles).toContain('Aquarell');
    expect(styles).not.toContain('Watercolor');
    await footer.getByRole('link', { name: 'Datenschutzerklärung', exact: true }).waitFor();
    expect(await footer.getByRole('link', { name: 'Privacy Policy', exact: true }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('leads a style of the header’s Styles menu to the products filtered by it', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en/about-us');
    await page.getByRole('button', { name: 'Styles', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Watercolor', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/products' && url.search === '?style=watercolor');
    await page.getByRole('heading', { level: 1, name: 'Browse prompts' }).waitFor();
    await expect.poll(() => page.getByLabel('Watercolor').isChecked()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in user’s orders and deposits (spec sections 2 and 8)', () => {
  // One user for these tests, who has paid a deposit through the sandbox and bought a prompt.
  let page: Page;
  let context: BrowserContext;
  let email: string;
  let order: Order;
  let settings: { formats: string[]; sizes: string[] };

  beforeAll(async () => {
    ({ page, context } = await openPage(browser, viewports.desktop));
    email = await verifiedUser(page);
    await fundedWith(page, '20');
    const products = (await (await pageCall(page, 'GET', '/api/products?sort=price_asc')).json()) as {
      data: { id: number }[];
    };
    const bought = await pageCall(page, 'POST', '/api/purchase/prompt', { prompt_id: products.data[0]?.id });
    expect(bought.status()).toBe(200);
    const history = (await (await pageCall(page, 'GET', '/api/purchase/history')).json()) as {
      payload: Order[];
    };
    if (!history.payload[0]) throw new Error('the purchase made no order');
    order = history.payload[0];
    settings = ((await (await fetch(`${baseURL()}/api/settings`)).json()) as { payload: typeof settings })
      .payload;
  });
  afterAll(() => context?.close());
  afterEach(() => page.unrouteAll());

  /** The order's dialog, opened from its card in the orders tab. */
  async function openOrder() {
    await page.goto('/en/dashboard/orders');
    await page.getByRole('button', { name: `Show order: ${order.title} ${credits(order.price)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: order.title, exact: true }).waitFor();
    return dialog;
  }

  it('opens an order’s dialog with its title, description, id, price, date, format and size pickers and Download', async () => {
    const dialog = await openOrder();
    if (order.description) await dialog.getByText(order.description, { exact: true }).waitFor();
    const pairs = await describedPairs(page, '[role="dialog"]');
    expect(pairs[0]).toEqual([`Order #${order.id}`, '']);
    expect(pairs[1]).toEqual(['Price', credits(order.price)]);
    expect(pairs[2]?.[0]).toBe('Date');
    expect(pairs[2]?.[1]).toMatch(/^(just now|\d+ minutes? ago)$/);
    // Each picker is a select inside its label, which reads "Format" or "Size" before it.
    const picker = (label: string) =>
      dialog
        .locator('label')
        .filter({ has: page.locator('select'), hasText: new RegExp(`^${label}`) })
        .locator('select');
    expect(await picker('Format').locator('option').allTextContents()).toEqual(
      settings.formats.map((item) => item.toUpperCase()),
    );
    expect(await picker('Size').locator('option').allTextContents()).toEqual(settings.sizes);
    await dialog.getByRole('button', { name: 'Download', exact: true }).waitFor();
  });

  it('shows the server’s words when a download is refused', async () => {
    const dialog = await openOrder();
    // The request is sent on with a format the shop does not offer, and the real API answers it.
    await page.route('**/api/purchase/*/download**', (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('format', 'tiff');
      return route.continue({ url: url.toString() });
    });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/download')),
      dialog.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(answer.status()).toBe(422);
    const said = ((await answer.json()) as { message: string }).message;
    expect(said).toBe(`The format must be one of: ${settings.formats.join(', ')}.`);
    await dialog.getByText(said, { exact: true }).waitFor();
    expect(await dialog.getByText('An error occurred during download', { exact: true }).count()).toBe(0);
  });

  it('opens a deposit’s dialog with the amounts, the payer’s details, date and status', async () => {
    await page.goto('/en/dashboard/deposits');
    await page
      .getByRole('button', { name: /^Show deposit #\d+/ })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: /^Deposit #\d+$/ })
      .waitFor();
    const details = await describedPairs(page, '[role="dialog"]');
    const date = details.find(([label]) => label === 'Date')?.[1] ?? '';
    expect(date).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M \((just now|\d+ minutes? ago)\)$/,
    );
    expect(details.map(([label, value]) => [label, label === 'Date' ? '<date>' : value])).toEqual([
      ['Amount', '20.00 EUR'],
      ['Internal amount', '20 credits'],
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['E-mail', email],
      ['Phone', '+44 20 7946 0000'],
      ['Country code', 'GB'],
      ['City', 'London'],
      ['Address', '12 St James Square'],
      ['Zip', 'SW1Y 4JH'],
      ['Date', '<date>'],
      ['Status', 'Successful'],
    ]);
  });

  it('shows the server’s words when a generation fails', async () => {
    // A generation that failed after it was paid: the API's message says the cost was refunded.
    // Its answer is played here, as the local engine does not fail.
    const refunded = 'The image could not be generated. The cost has been refunded to your balance.';
    await page.goto('/en/products/generate');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Generate image' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Lighthouse');
    await page.getByLabel('Your prompt').fill('A lighthouse on a cliff at sunset');
    await page.route('**/api/purchase/generate-image', (route: Route) =>
      route.fulfill({ status: 500, json: { message: refunded, code: 'INTERNAL' } }),
    );
    await page.getByRole('button', { name: /^Generate image for/ }).click();
    await page.getByRole('heading', { name: 'Failed to generate image' }).waitFor();
    await page.getByText(refunded, { exact: true }).waitFor();
    expect(await page.getByText('An error occurred during image generation', { exact: true }).count()).toBe(
      0,
    );
  });
});
