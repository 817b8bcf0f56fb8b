import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, viewports } from './browser';
import { fundedWith } from './journeys';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const password = 'correct horse battery';

/** A whole-page PNG under test-results/screenshots, for people to look at. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** A new verified account of Żaneta Weiß, signed in on `page`. */
async function zaneta(page: Page): Promise<string> {
  const email = `zaneta.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/en/register');
  await page.locator('button[type="submit"]:enabled', { hasText: 'Create account' }).waitFor();
  await page.getByLabel('First name').fill('Żaneta');
  await page.getByLabel('Last name').fill('Weiß');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/en/email/verify');
  const link = await waitForMailLink(inject('mailDir'), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.waitForURL('**/en/email/verify/success');
  return email;
}

type Listed = { slug: string; title: string; price: number };

/** An amount of credits as the shop words it in English: "12 credits", "11.90 credits", "1 credit". */
function credits(amount: number): string {
  const cents = Math.round(amount * 100);
  const number = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${number} ${cents === 100 ? 'credit' : 'credits'}`;
}

describe('the back office answers "where is my purchase?"', () => {
  it('finds the buyer by a name typed without accents, opens their order from the customer page, and sees the item, price and ledger moves', async () => {
    const buyer = await openPage(browser, viewports.desktop);
    const email = await zaneta(buyer.page);
    await fundedWith(buyer.page, '10');
    const response = await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=1`);
    const [prompt] = ((await response.json()) as { data: Listed[] }).data;
    if (!prompt) throw new Error('the demo shop has no prompts');
    await buyer.page.goto(`/en/products/${prompt.slug}`);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    const confirm = buyer.page.getByRole('dialog', { name: 'Confirm your purchase' });
    await confirm.getByRole('button', { name: /^Buy for / }).click();
    await buyer.page.getByText('You own this prompt.').waitFor();
    await buyer.context.close();

    for (const viewport of [viewports.phone, viewports.desktop]) {
      const size = viewport.width;
      const staff = await openPage(browser, viewport);
      const { page } = staff;
      await logInAsAdmin(page, baseURL());

      // Customers: the name typed without its accents and ß finds her.
      await page.goto('/en/admin/users');
      await page.getByRole('searchbox', { name: 'E-mail or name' }).fill('zaneta weiss');
      await page.getByRole('searchbox', { name: 'E-mail or name' }).press('Enter');
      await page.waitForURL(/search=zaneta/);
      const customerLink = page.getByRole('link', { name: email });
      await customerLink.waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `admin-users-search-${size}`);

      // The customer page, opened from the keyboard.
      await customerLink.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Customer Żaneta Weiß' }).waitFor();
      const orders = page.getByRole('region', { name: 'Orders', exact: true });
      await orders.getByRole('link', { name: /^P-\d{4}-\d{6}$/ }).waitFor();
      // The order can be refunded from its row, the button in view at either width.
      const refund = orders.getByRole('button', { name: 'Refund order' });
      const box = await refund.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const statement = page.getByRole('region', { name: 'Ledger statement', exact: true });
      expect(await statement.getByRole('row').count()).toBe(3);
      const sessions = page.getByRole('region', { name: 'Active sessions', exact: true });
      expect(await sessions.getByRole('row').count()).toBeGreaterThanOrEqual(2);
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `admin-customer-${size}`);

      // Her order, from the customer page.
      await orders.getByRole('link', { name: /^P-\d{4}-\d{6}$/ }).click();
      await page.getByRole('heading', { name: /^Order P-\d{4}-\d{6}$/ }).waitFor();
      const items = page.getByRole('region', { name: 'Items', exact: true });
      await items.getByRole('link', { name: prompt.title }).waitFor();
      const price = credits(prompt.price);
      expect(await items.textContent()).toContain(price);
      const moves = page.getByRole('region', { name: 'Ledger moves', exact: true });
      const moveText = (await moves.innerText()).replace(/\s+/g, ' ');
      expect(moveText).toContain('purchase');
      expect(moveText).toContain("Buyer's wallet");
      expect(moveText).toContain('revenue');
      expect(moveText).toContain(`-${price}`);
      expect(moveText).toContain(`+${price}`);
      await page.getByRole('heading', { name: 'Receipt' }).waitFor();
      await page.getByText('No refunds.').waitFor();
      await page.getByRole('link', { name: 'Żaneta Weiß' }).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `admin-order-${size}`);

      // The orders list finds it too, by the same name, and is in the menu.
      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.waitForURL('**/en/admin/orders');
      await page.getByLabel('Order number, buyer or title').fill('ZANETA WEISS');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/search=ZANETA/);
      await page.getByText('1 order', { exact: true }).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
      await screenshot(page, `admin-orders-${size}`);
      expect(staff.consoleErrors.join('\n')).toBe('');
      await staff.context.close();
    }
  });
});
