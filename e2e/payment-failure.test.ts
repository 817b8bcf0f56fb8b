import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './browser';
import { verifiedUser } from './journeys';

// The payment-failure page words only the shop's own texts: a link to it with any `error` text
// must not put that text under the shop's heading.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the payment-failure page', () => {
  it('shows its own text for a failure code and the default for anything else', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    const main = page.locator('main');

    const phishing = 'Your account is locked. Call +1 555 0100 or visit evil.example to pay the fee';
    await page.goto(`/en/fail-payment?error=${encodeURIComponent(phishing)}`);
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('An unknown error occurred.');
    expect(await main.textContent()).not.toContain('evil.example');

    await page.goto('/en/fail-payment?error=<b>declined</b>');
    expect(await page.getByRole('alert').textContent()).toBe('An unknown error occurred.');
    await page.goto('/en/fail-payment');
    expect(await page.getByRole('alert').textContent()).toBe('An unknown error occurred.');

    await page.goto('/en/fail-payment?error=declined');
    expect(await page.getByRole('alert').textContent()).toBe('Your card was declined.');
    await page.goto('/de/fail-payment?error=expired');
    await page.getByRole('heading', { name: 'Zahlung fehlgeschlagen' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Die Zahlung wurde nicht rechtzeitig abgeschlossen.',
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
