import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { depositThroughSandbox, headerBalance, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('deposits in the browser', () => {
  it('deposits through the sandbox page and sees the balance grow', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits/create');
    // The form's own checks, in the spec's words, before anything is sent.
    await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Please enter an amount.').waitFor();
    await page.getByText('You must agree to the terms and conditions.').waitFor();
    await page.getByText('Exchange rate: 1 EUR = 1 credit', { exact: true }).waitFor();
    await page.getByText('Minimum deposit: 10.00 EUR').waitFor();

    const sandbox = await depositThroughSandbox(page, '25');
    await page.getByText('25.00 EUR').waitFor();
    await screenshot(page, 'sandbox-checkout-1280');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/en/success-payment?order_id=*', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await page.getByText('Your balance: 25 credits').waitFor();
    expect(await headerBalance(page)).toMatch(/25(\.00)? [Cc]redits/);
    expect(sandbox).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);

    await page.goto('/en/dashboard/deposits');
    // Its date reads as a relative time, the exact moment kept in the element (spec section 9).
    const when = page.getByRole('main').locator('li time').first();
    expect(await when.textContent()).toMatch(/^(just now|\d+ minutes? ago)$/);
    expect(await when.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(await when.getAttribute('title')).toMatch(/\d{4}/);
    await page.goto('/de/dashboard/deposits');
    expect(await when.textContent()).toMatch(/^(gerade eben|vor \d+ Minuten?)$/);
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'deposits-relative-de-360');
    await page.setViewportSize(viewports.desktop);
    await page.goto('/en/dashboard/deposits');
    await page.getByRole('button', { name: /Show deposit #\d+/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Internal amount').waitFor();
    expect(await dialog.textContent()).toContain('SW1Y 4JH');
    await screenshot(page, 'deposit-details-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The next deposit opens with the address and phone of this one, to be changed if need be.
    await page.goto('/en/dashboard/deposits/create');
    await page.getByText('Filled in from your profile and your last deposit.', { exact: false }).waitFor();
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+44 20 7946 0000');
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('GB');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('London');
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('12 St James Square');
    expect(await page.getByLabel('Post code', { exact: true }).inputValue()).toBe('SW1Y 4JH');
    expect(await page.getByLabel(/I agree to the/).isChecked()).toBe(false);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('lands on the fail page with the message when the payment is declined', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits');
    await page.getByText('No deposits found').waitFor();
    await depositThroughSandbox(page, '15');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL('**/en/fail-payment?error=*', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    await page.getByText('Your card was declined.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'payment-failed-360');
    expect(await headerBalance(page)).toMatch(/0(\.00)? [Cc]redits/);
    await context.close();
  });

  it('keeps polling a pending payment until it is paid', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    const sandbox = await depositThroughSandbox(page, '12');
    // A status check the server fails: the payment screens' server error, and polling goes on.
    const status = '**/api/deposit/status**';
    await page.route(status, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await page.getByRole('button', { name: 'Keep pending' }).click();
    await page.waitForURL('**/en/processing-payment?order_id=*');
    await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
    await page.getByText('Server error occurred. Please try again later or contact support.').waitFor();
    await page.unroute(status);
    // Still waiting after more than one round of polling.
    await page.waitForTimeout(6_000);
    expect(page.url()).toContain('/en/processing-payment');

    const other = await context.newPage();
    await other.goto(sandbox);
    await other.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/en/success-payment?order_id=*', { timeout: 30_000 });
    await page.getByText('Your balance: 12 credits').waitFor();
    await context.close();
  });

  it('says the minimum as the amount is typed, and words each failure of the server or the network', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en/dashboard/deposits/create');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Continue to payment' }).waitFor();
    const minimum = page.getByText('The minimum amount is 10.00 EUR.');
    const amount = page.getByLabel('Amount', { exact: true });
    // Typed key by key: the field says it at "9", before Continue, and no longer at "90".
    await amount.pressSequentially('9');
    await minimum.waitFor();
    await amount.pressSequentially('0');
    await minimum.waitFor({ state: 'detached' });
    await amount.fill('9.99');
    await minimum.waitFor();
    await screenshot(page, 'deposit-minimum-1280');
    await amount.fill('25');
    await page.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0000');
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByLabel('City', { exact: true }).fill('London');
    await page.getByLabel('Address', { exact: true }).fill('12 St James Square');
    await page.getByLabel('Post code', { exact: true }).fill('SW1Y 4JH');
    await page.getByLabel(/I agree to the/).check();
    const alert = page.getByRole('main').getByRole('alert');
    const serverError = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Server Error","code":"INTERNAL"}',
      });

    // Continue: the server's own error, then no answer at all.
    const validate = '**/api/deposit/validate';
    await page.route(validate, serverError);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await alert.getByText('Server error occurred. Please try again later or contact support.').waitFor();
    await page.unroute(validate);
    await page.route(validate, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await alert.getByText('Validation failed', { exact: true }).waitFor();
    await page.unroute(validate);

    // Pay: no answer is "Checkout failed"; a gateway's page in between is the gateway text.
    const checkout = '**/api/deposit/checkout';
    await page.route(checkout, (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay 25.00 EUR' }).click();
    await alert.getByText('Checkout failed', { exact: true }).waitFor();
    await page.unroute(checkout);
    await page.route(checkout, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    );
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay 25.00 EUR' }).click();
    await alert
      .getByText('Server error occurred. The payment gateway may be unavailable. Please try again later.')
      .waitFor();
    expect(await page.getByRole('main').textContent()).not.toMatch(
      /Bad Gateway|Failed to fetch|Server Error/,
    );
    await screenshot(page, 'deposit-server-error-1280');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'deposit-server-error-360');
    await page.setViewportSize(viewports.desktop);
    await page.unroute(checkout);

    // The newsletter in the footer: a failing server gives its own text, not the status text.
    const newsletter = '**/api/newsletter/subscribe';
    await page.route(newsletter, serverError);
    await page.getByLabel('Your e-mail address').fill('news@example.test');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('An error occurred during subscription.').waitFor();
    await page.unroute(newsletter);
    await context.close();
  });
});
