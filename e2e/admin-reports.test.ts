import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../apps/api/src/test/csv';
import { logInAsAdmin } from './admin-account';
import {
  axeFindings,
  baseURL,
  launchBrowser,
  openPage,
  overflowsHorizontally,
  screenshot,
  viewports,
} from './browser';
import { fundedWith, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Listed = { slug: string; title: string; price: number };

/** Today's sales as the chart's table shows them: the number of sales and their credits. */
async function todaysSales(page: Page): Promise<{ count: number; text: string }> {
  const chart = page.getByRole('figure', { name: 'Sales per day' });
  await chart.getByRole('img').waitFor();
  const row = chart.getByRole('row', { includeHidden: true }).last();
  const cells = await row.getByRole('cell', { includeHidden: true }).allTextContents();
  return { count: Number(cells[0]), text: cells[1] ?? '' };
}

describe('the back office’s books in the browser', () => {
  it('shows the sales chart change after a purchase and exports the month’s orders in German', async () => {
    const staff = await openPage(browser, viewports.desktop);
    await logInAsAdmin(staff.page, baseURL());
    await staff.page.goto('/en/admin/reports?period=day');
    await staff.page.getByRole('heading', { name: 'Sales at a glance' }).waitFor();
    const before = await todaysSales(staff.page);

    // A customer buys the cheapest prompt.
    const buyer = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(buyer.page);
    await fundedWith(buyer.page, '10');
    const [cheapest] = (
      (await (await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=1`)).json()) as {
        data: Listed[];
      }
    ).data;
    if (!cheapest) throw new Error('the demo shop has no prompt');
    await buyer.page.goto(`/en/products/${cheapest.slug}`);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page
      .getByRole('dialog', { name: 'Confirm your purchase' })
      .getByRole('button', { name: /^Buy for / })
      .click();
    await buyer.page.getByText('You own this prompt.').waitFor();
    await buyer.context.close();

    // The chart's numbers for today have grown by the purchase (others may buy meanwhile too).
    await staff.page.reload();
    const after = await todaysSales(staff.page);
    expect(after.count).toBeGreaterThanOrEqual(before.count + 1);
    expect(after.text).not.toBe(before.text);
    const chart = staff.page.getByRole('figure', { name: 'Sales per day' });
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Bar chart: Sales per day from /,
    );
    await chart.getByText('Show the numbers').click();
    await screenshot(staff.page, 'admin-reports-1280');
    expect(await overflowsHorizontally(staff.page)).toBe(false);
    expect(await axeFindings(staff.page)).toEqual([]);

    // The month's orders in German: ; and a decimal comma, read back as a spreadsheet would.
    await staff.page.goto('/de/admin/reports?lang=de');
    await staff.page.getByRole('heading', { name: 'Umsätze auf einen Blick' }).waitFor();
    await screenshot(staff.page, 'admin-reports-de-1280');
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      staff.page.getByRole('link', { name: 'Bestellungen (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1), ';');
    expect(rows[0]).toEqual([
      'Datum',
      'Art',
      'Nummer',
      'Kunde',
      'Prompts',
      'Betrag (Credits)',
      'Betrag (EUR)',
    ]);
    const bought = rows.filter((row) => row[3] === email);
    expect(bought).toHaveLength(1);
    const price = cheapest.price.toFixed(2).replace('.', ',');
    expect(bought[0]?.slice(1)).toEqual(['Kauf', expect.stringMatching(/^\d+$/), email, '1', price, price]);
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();
  }, 240_000);

  it('reads at 360 px: the figures, the charts’ tables and the exports are reachable', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await logInAsAdmin(page, baseURL());
    await page.goto('/en/admin/reports?period=week&unit=eur');
    await page.getByRole('heading', { name: 'Sales at a glance' }).waitFor();
    const chart = page.getByRole('figure', { name: 'Deposits per week' });
    await chart.getByText('Show the numbers').click();
    await chart.getByRole('table').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    const link = page.getByRole('link', { name: 'Orders (CSV)' });
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
    await screenshot(page, 'admin-reports-360');
    expect(await axeFindings(page)).toEqual([]);

    // A range the report refuses is said at its field, in the page.
    await page.goto('/en/admin/reports?period=day&from=2020-01-01&to=2025-01-01');
    await page.getByText('The range is too long', { exact: false }).waitFor();
    expect(consoleErrors.filter((message) => !message.includes('422'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('explains in the SEPA dialog what the server needs, and lists the files exported', async () => {
    for (const viewport of [viewports.desktop, viewports.phone]) {
      const { page, context } = await openPage(browser, viewport);
      await logInAsAdmin(page, baseURL());
      await page.goto('/en/admin/payouts');
      await page.getByRole('heading', { name: 'SEPA files' }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `admin-payouts-${viewport.width}`);
      await page.getByRole('button', { name: 'Export SEPA file' }).click();
      const dialog = page.getByRole('dialog');
      // The test server has no SEPA account: the dialog itself says which settings to set.
      await dialog.getByText(/SEPA_DEBTOR_NAME .* SEPA_DEBTOR_IBAN/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Export SEPA file' }).count()).toBe(0);
      await screenshot(page, `admin-payouts-sepa-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    }
  }, 120_000);
});
