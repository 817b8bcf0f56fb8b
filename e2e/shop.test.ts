import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the shop window', () => {
  it('shows the home sections, opens a category from the menu and filters by style', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en');
    await page.getByRole('heading', { name: 'New prompts' }).waitFor();
    await page.getByRole('heading', { name: 'Top sellers' }).waitFor();
    await page.getByRole('heading', { name: 'Browse by style' }).waitFor();
    await screenshot(page, 'home-full-1280');
    // Top sellers show a title longer than 15 letters cut to 15 and two dots (spec sections 2 and 9),
    // on one line that nothing covers; the whole title is the link's tooltip and its spoken name.
    const sellers = await page.locator('section[aria-labelledby="top-title"] a').evaluateAll((links) =>
      links.map((link) => {
        const shown = link.querySelector<HTMLElement>('[aria-hidden="true"].font-semibold');
        return {
          title: link.getAttribute('title') ?? '',
          spoken: link.querySelector('.sr-only')?.textContent,
          text: shown?.textContent,
          overflows: shown ? shown.scrollWidth > shown.clientWidth + 1 : true,
        };
      }),
    );
    expect(sellers.length).toBeGreaterThan(0);
    expect(sellers.some((seller) => [...seller.title].length > 15)).toBe(true);
    for (const seller of sellers) {
      const letters = [...seller.title];
      expect(seller).toEqual({
        title: seller.title,
        spoken: seller.title,
        text: letters.length > 15 ? `${letters.slice(0, 15).join('')}..` : seller.title,
        overflows: false,
      });
    }

    // The header menus work from the keyboard: Enter opens, arrows move, Escape closes and
    // gives the focus back to the button.
    const styles = page.getByRole('button', { name: 'Styles' });
    await styles.focus();
    await page.keyboard.press('Enter');
    const stylesMenu = page.getByRole('menu');
    await stylesMenu.waitFor();
    const focusedItem = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[role="menuitem"]')].indexOf(document.activeElement as Element),
      );
    await expect.poll(focusedItem).toBe(0);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe(1);
    await page.keyboard.press('Escape');
    await stylesMenu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Styles');
    expect(await styles.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: 'Seascapes' }).waitFor();
    // The open menu is modal: the rest of the page is out of the accessibility tree meanwhile.
    expect(
      await page
        .locator('header button[aria-haspopup="menu"]', { hasText: 'Categories' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await screenshot(page, 'header-menu-categories-1280');
    // A press outside closes it.
    await page.mouse.click(1200, 700);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('menuitem', { name: 'Seascapes' }).first().click();
    await page.waitForURL('**/en/products?category=seascapes');
    await page.getByRole('heading', { level: 1, name: 'Browse prompts' }).waitFor();
    // The price filter is in the currency the tiles show.
    await page.getByRole('group', { name: 'Price (Credits)' }).waitFor();
    await expect.poll(() => page.getByLabel('Seascapes').isChecked()).toBe(true);

    // The boxes follow the URL: a click navigates, and the box shows the new state after it.
    await page.getByLabel('Watercolor').click();
    await page.waitForURL(/style=watercolor/);
    await expect.poll(() => page.getByLabel('Watercolor').isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.getAll('category')).toEqual(['seascapes']);
    await screenshot(page, 'products-filtered-1280');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/en/products' && url.search === '');
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('centres the hero carousel, and shows the featured prompts in the New prompts carousel when asked', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    const list = async (name: string) =>
      ((await (await fetch(`${baseURL()}/api/products/${name}`)).json()) as { data: { title: string }[] })
        .data;
    const [hero, featured] = [await list('hero'), await list('featured')];
    await page.goto('/en');
    // The demo shop has fewer hero prompts than the four slides of a wide screen: they sit in the middle.
    expect(hero.length).toBeGreaterThan(0);
    expect(hero.length).toBeLessThan(4);
    const margins = await page
      .locator('section[aria-roledescription="carousel"][aria-label="Featured prompts"]')
      .evaluate((carousel) => {
        const box = carousel.getBoundingClientRect();
        const slides = [...carousel.querySelectorAll('li')].map((slide) => slide.getBoundingClientRect());
        return [(slides[0]?.left ?? 0) - box.left, box.right - (slides.at(-1)?.right ?? 0)];
      });
    expect(margins[0]).toBeGreaterThan(100);
    expect(Math.abs((margins[0] ?? 0) - (margins[1] ?? 0))).toBeLessThanOrEqual(1);

    const fresh = page.getByRole('region', { name: 'New prompts' }).first();
    const choice = page.getByRole('list', { name: 'New prompts' });
    expect(await choice.getByRole('link', { name: 'New', exact: true }).getAttribute('aria-current')).toBe(
      'true',
    );
    await choice.getByRole('link', { name: 'Featured' }).click();
    await page.waitForURL('**/en?prompts=featured#new-prompts');
    expect(featured.length).toBeGreaterThan(0);
    await expect
      .poll(() => fresh.locator('article h3').allTextContents())
      .toEqual(featured.map((product) => product.title));
    expect(await choice.getByRole('link', { name: 'Featured' }).getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'home-featured-1280');

    // The footer names what the shop takes beside its logos: pictures (SVG files), not code.
    await page.locator('footer').getByText('We accept: Visa and Mastercard').waitFor();
    const logos = page.locator('footer img[src^="/payments/"]');
    await logos.first().scrollIntoViewIfNeeded();
    expect(await logos.evaluateAll((images) => images.map((image) => image.getAttribute('src')))).toEqual([
      '/payments/visa.svg',
      '/payments/mastercard.svg',
      '/payments/sepa.svg',
    ]);
    await expect
      .poll(() =>
        logos.evaluateAll((images) =>
          (images as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0),
        ),
      )
      .toBe(true);
    const visa = await fetch(`${baseURL()}${await logos.first().getAttribute('src')}`);
    expect(visa.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('finds prompts despite a typo, opens one and shows it in another currency', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await page.goto('/en/products');
    // Headings go down a level at a time: the page's h1, the results' h2, then the tiles' h3.
    expect(await page.getByRole('heading', { level: 2, name: /^\d+ prompts?$/ }).count()).toBe(1);
    await page.getByLabel('Search', { exact: true }).fill('protrait');
    await page.waitForURL(/search=protrait/);
    const first = page.locator('main article h3 a').first();
    await first.waitFor();
    // The list changes once the new results are in: wait for every tile to be a portrait.
    await expect
      .poll(async () => {
        const titles = await page.locator('main article h3').allTextContents();
        return titles.length > 0 && titles.every((title) => /portrait/i.test(title));
      })
      .toBe(true);

    await first.click();
    await page.waitForURL(/\/en\/products\/[a-z0-9-]+$/);
    await page.getByRole('heading', { name: 'Prompt preview' }).waitFor();
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    // The picture's frame is as tall as the picture (and its border): no empty strip below it.
    const [frame, picture] = await page
      .locator('main picture')
      .first()
      .evaluate((element) => [
        element.parentElement?.getBoundingClientRect().height ?? 0,
        element.querySelector('img')?.getBoundingClientRect().height ?? 0,
      ]);
    expect((frame ?? 0) - (picture ?? 0)).toBeLessThanOrEqual(2);
    await page.getByRole('button', { name: 'Currency: EUR €' }).click();
    await page.getByRole('menuitemradio', { name: 'USD $' }).waitFor();
    await screenshot(page, 'header-menu-currency-1280');
    await page.getByRole('menuitemradio', { name: 'USD $' }).click();
    await page.getByRole('button', { name: 'Currency: USD $' }).waitFor();
    await page.getByText(/about \$\d/).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selected-currency'))).toBe('USD');
    await screenshot(page, 'product-1280');
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('searches from the header, and in German', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await page.goto('/de');
    await page.locator('#header-search').fill('Sonnenuntergang');
    await page.locator('#header-search').press('Enter');
    await page.waitForURL('**/de/products?search=Sonnenuntergang');
    await page.getByRole('heading', { level: 1, name: 'Prompts entdecken' }).waitFor();
    await expect
      .poll(async () =>
        (await page.locator('main article h3').allTextContents()).some((title) =>
          /sonnenuntergang/i.test(title),
        ),
      )
      .toBe(true);
    await context.close();
  });

  it('takes a cookie choice once, subscribes to the newsletter and sends the contact form', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone, {
      cookieChoice: false,
    });
    await page.goto('/en/contact-us');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Customize' }).click();
    await banner.getByRole('button', { name: 'Save choice' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value).toBe(
      'essential',
    );
    await page.reload();
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);

    // One submit names every problem: beside each field, and in a summary above; the focus goes to the first.
    await page.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please check these fields:' });
    await summary.waitFor();
    const problems = ['Name is required', 'Email is required', 'Subject is required', 'Message is required'];
    expect(await summary.getByRole('listitem').allTextContents()).toEqual(problems);
    await expect
      .poll(() =>
        page.getByLabel('Name', { exact: true }).evaluate((field) => field === document.activeElement),
      )
      .toBe(true);
    for (const [label, problem] of [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Subject', 'Subject is required'],
      ['Message', 'Message is required'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(problem);
    }
    await screenshot(page, 'contact-errors-360');
    await page.getByLabel('Name', { exact: true }).fill('Marie Curie');
    await page.getByLabel('Email', { exact: true }).fill('marie@example.test');
    await page.getByLabel('Subject', { exact: true }).fill('Buying in bulk');
    await page.getByLabel('Message', { exact: true }).fill('Do you sell prompts in bulk?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Your message has been sent').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'contact-360');

    const newsletter = page.getByPlaceholder('Your e-mail address');
    const subscriber = `news.${Date.now()}@example.test`;
    await newsletter.fill(subscriber);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const checkYourMail =
      'Almost done! Please check your inbox and confirm your subscription with the link we sent you.';
    await page.getByText(checkYourMail).waitFor();
    const shownAt = Date.now();
    expect(await newsletter.inputValue()).toBe('');
    // The message stays for 2 seconds (spec section 9), then the neutral hint returns.
    await page.waitForTimeout(Math.max(0, 1_700 - (Date.now() - shownAt)));
    expect(await page.getByText(checkYourMail).isVisible()).toBe(true);
    await page.getByText("Your email is safe with us. We don't spam.").waitFor({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_700);

    // Double opt-in: the mailed link confirms, and the welcome mail's link unsubscribes in one click.
    const confirm = await waitForMailLink(
      inject('mailDir'),
      subscriber,
      /http:\/\/\S+\/en\/newsletter\/confirm\?\S+/,
    );
    await page.goto(new URL(confirm).pathname + new URL(confirm).search);
    await page.getByText('Your subscription is confirmed. Thank you!').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'newsletter-confirmed-360');
    // Every newsletter mail ends with it (the confirmation's and the welcome's are the same link).
    const unsubscribe = await waitForMailLink(
      inject('mailDir'),
      subscriber,
      /http:\/\/\S+\/en\/newsletter\/unsubscribe\?\S+/,
    );
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await page
      .getByText('You are unsubscribed from the newsletter. We will not write to this address again.')
      .waitFor();
    // A link changed by hand does nothing.
    await page.goto(
      `${new URL(confirm).pathname}${new URL(confirm).search.replace(/signature=\w/, 'signature=x')}`,
    );
    await page.getByText('This newsletter link is invalid or has expired.', { exact: false }).waitFor();
    // The refused link's 422 is the browser's own note of the page's status.
    expect(consoleErrors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('works on a 360 px phone: menu with categories, product list without sideways scrolling', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await page.goto('/en');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'home-full-360');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('header nav').last().getByRole('button', { name: 'Categories' }).click();
    // Under a heavily loaded machine the first press has been seen to open nothing; a person
    // would press again, and so does the test (a menu that never opens still fails it).
    for (let attempt = 1; ; attempt += 1) {
      await page.locator('header nav').last().getByRole('button', { name: 'Currency: EUR €' }).click();
      const opened = await page
        .getByRole('menuitemradio', { name: 'USD $' })
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
      if (attempt === 3) throw new Error('the currency menu did not open');
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'header-menu-currency-360');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.locator('header nav').last().getByRole('link', { name: 'Pets' }).click();
    await page.waitForURL('**/en/products?category=pets');
    await page.getByRole('heading', { level: 1, name: 'Browse prompts' }).waitFor();
    await page.locator('main article').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'products-360');
    await context.close();
  });

  it('lists Newest once in the sort menu, and says so of a page past the end, with a link to the last one', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    const { meta } = (await (await fetch(`${baseURL()}/api/products`)).json()) as {
      meta: { last_page: number };
    };
    await page.goto('/en/products?page=99');
    await page.getByText(`There is no page 99: the results end at page ${meta.last_page}.`).waitFor();
    expect(await page.getByText('No prompts match your search').count()).toBe(0);
    const sort = page.getByLabel('Sort by');
    expect(await sort.locator('option').allTextContents()).toEqual([
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Most popular',
      'Top rated',
    ]);
    expect(await sort.inputValue()).toBe('newest');
    await screenshot(page, 'products-past-end-360');
    await page.getByRole('link', { name: `Go to the last page (${meta.last_page})` }).click();
    await page.waitForURL(`**/en/products?page=${meta.last_page}`);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(
      await pager.getByRole('link', { name: `Page ${meta.last_page}` }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'products-last-page-360');

    // With a search the list's own order is the best match, and Newest is one choice of the others.
    await page.goto('/en/products?search=portrait');
    expect(await page.getByLabel('Sort by').locator('option').allTextContents()).toEqual([
      'Best match',
      'Newest',
      'Price: low to high',
      'Price: high to low',
      'Most popular',
      'Top rated',
    ]);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('serves a static page, robots.txt and the sitemaps', async () => {
    const page = await fetch(`${baseURL()}/fr/page/terms`);
    expect(page.status).toBe(200);
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const index = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(index).toContain(`${baseURL()}/sitemaps/products/1`);
    const pages = await (await fetch(`${baseURL()}/sitemap-pages.xml`)).text();
    expect(pages).toContain(`<loc>${baseURL()}/de/page/privacy</loc>`);
    const products = await (await fetch(`${baseURL()}/sitemaps/products/1`)).text();
    // Every product in each of the six languages (other journeys may have published more).
    const entries = products.match(/<url>/g)?.length ?? 0;
    expect(entries).toBeGreaterThanOrEqual(inject('demoProducts') * 6);
    expect(entries % 6).toBe(0);
    expect((await fetch(`${baseURL()}/en/products/no-such-prompt`)).status).toBe(404);
  });
});
