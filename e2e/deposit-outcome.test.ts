import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { depositThroughSandbox, verifiedUser } from './journeys';

// What a deposit's screens say once the browser is back from the provider: the amount credited
// and the reference, the reason of a decline in the user's language, a payment kept pending.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the outcome of a deposit', () => {
  it('shows the amount credited and the reference on the success page, at once after paying', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/pl/dashboard/deposits/create');
    await page.getByText('Kurs wymiany: 1 EUR = 1 kredyt', { exact: true }).waitFor();
    await depositThroughSandbox(page, '22');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/deposit/status')) checks.push(request.url());
    });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/en/success-payment?order_id=*', { timeout: 30_000 });
    // The first status check, made as the page opens, already knows of the payment.
    expect(checks).toHaveLength(1);
    const orderId = new URL(page.url()).searchParams.get('order_id');
    const summary = page.getByRole('main').locator('dl');
    expect(await summary.textContent()).toBe(`Credited22 creditsReference#${orderId}`);
    await page.getByText('Your balance: 22 credits').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'deposit-success-360');
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, 'deposit-success-1280');

    // In Polish, with the plural form of the number.
    await page.goto(`/pl/success-payment?order_id=${orderId}`);
    expect(await summary.textContent()).toBe(`Zaksięgowano22 kredytyNumer referencyjny#${orderId}`);
    // Someone else's deposit, or none, shows no figures.
    await page.goto('/en/success-payment?order_id=999999999');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await summary.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('words the reason of a decline in the user’s language, on the fail page and in the deposit’s details', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await depositThroughSandbox(page, '15');
    await page.getByLabel('Decline reason').selectOption('insufficient_funds');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL('**/en/fail-payment?error=declined&reason=insufficient_funds', { timeout: 30_000 });
    const alert = page.getByRole('alert');
    await alert.getByText('The card has insufficient funds.').waitFor();
    expect(await alert.textContent()).toBe('Your card was declined.The card has insufficient funds.');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'deposit-declined-360');
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, 'deposit-declined-1280');

    await page.goto('/de/fail-payment?error=declined&reason=insufficient_funds');
    expect(await alert.textContent()).toBe(
      'Deine Karte wurde abgelehnt.Die Karte ist nicht ausreichend gedeckt.',
    );
    // A code the shop does not word is the generic refusal; a reason never comes without a decline.
    await page.goto('/en/fail-payment?error=declined&reason=do_not_honor');
    expect(await alert.textContent()).toBe(
      'Your card was declined.The card was declined. Please use another card or contact your bank.',
    );
    await page.goto('/en/fail-payment?error=expired&reason=insufficient_funds');
    expect(await alert.textContent()).toBe('The payment was not completed in time.');

    await page.goto('/pl/dashboard/deposits');
    await page.getByRole('main').locator('li button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Powód').waitFor();
    expect(await dialog.textContent()).toContain('PowódNa karcie brakuje środków.');
    expect(await dialog.textContent()).toContain('15 kredytów');
    await screenshot(page, 'deposit-declined-details-pl-1280');
    await context.close();
  });

  it('says a payment kept pending takes longer than usual, keeps asking more slowly, and goes on when it is paid', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    // The page's clock is the test's: 45 seconds pass in a moment.
    await page.clock.install();
    await verifiedUser(page);
    const sandbox = await depositThroughSandbox(page, '11');
    const checks: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url().includes('/api/deposit/status')) checks.push(request.url());
    });
    // A check is answered, and the page has had a moment to set its next one.
    const checked = async (count: number) => {
      await expect.poll(() => checks.length).toBeGreaterThanOrEqual(count);
      await page.waitForTimeout(250);
    };
    await page.getByRole('button', { name: 'Keep pending' }).click();
    await page.waitForURL('**/en/processing-payment?order_id=*');
    await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
    await screenshot(page, 'deposit-processing-1280');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'deposit-processing-360');
    await page.setViewportSize(viewports.desktop);

    // Asked at once, then every 5 seconds: after 40 seconds, still the spinner.
    await checked(1);
    for (let step = 1; step <= 8; step += 1) {
      await page.clock.runFor(5_000);
      await checked(1 + step);
    }
    expect(await page.getByRole('heading', { name: 'Processing your payment' }).count()).toBe(1);
    // Past 45 seconds: taking longer than usual, with the deposits tab at hand.
    await page.clock.runFor(5_000);
    await page.getByRole('heading', { name: 'This is taking longer than usual' }).waitFor();
    await page
      .getByText('The payment provider has not confirmed your payment yet.', { exact: false })
      .waitFor();
    const link = page.getByRole('main').getByRole('link', { name: 'Go to your deposits' });
    expect(await link.getAttribute('href')).toBe('/en/dashboard/deposits');
    await screenshot(page, 'deposit-taking-longer-1280');
    await page.setViewportSize(viewports.phone);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'deposit-taking-longer-360');

    // Now asked every 15 seconds: nothing within 5 seconds, one more within 15.
    const before = checks.length;
    await page.clock.runFor(5_000);
    await page.waitForTimeout(500);
    expect(checks.length).toBe(before);

    const other = await context.newPage();
    await other.goto(sandbox);
    await other.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.clock.runFor(10_000);
    await page.waitForURL('**/en/success-payment?order_id=*', { timeout: 30_000 });
    await page.getByText('Your balance: 11 credits').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
