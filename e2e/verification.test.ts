import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { openAccountMenu, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('identity verification in the browser', () => {
  it('checks the form, sends the documents and shows the review as pending', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await page.goto('/en');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Verification' }).click();
    await page.waitForURL('**/en/dashboard/verification');
    await page.locator('button[type="submit"]:enabled', { hasText: 'Send for review' }).waitFor();

    const scan = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#d8d2c4' } })
      .jpeg()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

    // The spec's texts, before anything is sent.
    await page.getByLabel('Identity document, front').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('Invalid file type, only images and PDF are allowed').waitFor();
    await page.getByText('Phone number is required').waitFor();
    await page.getByText('Address is required').waitFor();
    await page.getByText('Please confirm that the information you entered is correct.').waitFor();

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await page.getByLabel('Date of birth').fill('1990-12-10');
    await page.getByLabel('Nationality').fill('British');
    await page.getByLabel('Country').selectOption('GB');
    await page.getByLabel('Street and house number').fill('12 St James Square');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Zip code').fill('SW1Y 4JH');
    await page
      .getByLabel('Identity document, front')
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: scan });
    await page
      .getByLabel('Identity document, back')
      .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: scan });
    await page
      .getByLabel('Proof of address (a utility bill or bank statement)')
      .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf });
    // The dashboard's tabs say where the user is.
    await expect
      .poll(() => page.getByRole('link', { name: 'Verification', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await screenshot(page, 'verification-form-1280');

    // On a 360 px phone the whole form fits, and the keyboard alone confirms and sends it.
    await page.setViewportSize(viewports.phone);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'verification-form-360');
    const confirm = page.getByLabel('I confirm that the information I entered is correct.');
    await confirm.focus();
    await page.keyboard.press('Space');
    expect(await confirm.isChecked()).toBe(true);
    await page.getByLabel('Zip code').press('Enter');
    await page.getByText('Thank you. Your documents have been sent for review.').waitFor();
    await page.getByText('Your documents are being reviewed. This takes 1-2 business days.').waitFor();
    expect(await page.getByRole('button', { name: 'Send for review' }).count()).toBe(0);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'verification-pending-360');

    await page.setViewportSize(viewports.desktop);
    await page.reload();
    await page.getByText('Your documents are being reviewed. This takes 1-2 business days.').waitFor();
    expect(await page.getByRole('button', { name: 'Send for review' }).count()).toBe(0);
    await screenshot(page, 'verification-pending-1280');
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });
});
