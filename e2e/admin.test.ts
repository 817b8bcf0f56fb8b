import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/api/src/lib/totp';
import { ADMIN, logInAsAdmin, turnOffAdminTwoFactor } from './admin-account';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { depositThroughSandbox, verifiedUser } from './journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function confirmIn(page: Page, button: string, reason?: string) {
  const dialog = page.getByRole('dialog');
  if (reason) await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the back office in the browser', () => {
  it('prices a user’s offer, sees it accepted, pays it out, and approves an identity', async () => {
    const seller = await openPage(browser, viewports.desktop);
    const staff = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(seller.page);

    // A guest and a plain user cannot enter.
    await seller.page.goto('/en/admin');
    await seller.page.waitForURL('**/en/forbidden');

    const picture = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#7a3355' } })
      .png()
      .toBuffer();
    const title = `Velvet dunes ${Date.now()}`;
    await seller.page.goto('/en/dashboard/offers');
    await seller.page.locator('button[type="submit"]:enabled', { hasText: 'Send offer' }).waitFor();
    await seller.page.getByLabel('Title', { exact: true }).fill(title);
    await seller.page.getByLabel('Category').selectOption({ index: 1 });
    await seller.page.getByLabel('Your price (EUR)').fill('60');
    await seller.page.locator('input[name="style_ids[]"]').first().check();
    await seller.page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'dunes.png', mimeType: 'image/png', buffer: picture });
    await seller.page.getByLabel('Prompt (English)').fill('Velvet dunes under a violet dusk, long shadows');
    await seller.page
      .getByLabel('I confirm that this work was created with AI and that I may sell it.')
      .check();
    await seller.page.getByRole('button', { name: 'Send offer' }).click();
    await seller.page.getByText('Your offer has been sent. We will answer with our price.').waitFor();

    await logInAsAdmin(staff.page, baseURL());
    await staff.page.goto('/en/admin');
    await staff.page.getByRole('heading', { name: 'Waiting' }).waitFor();
    await staff.page.goto('/en/admin/offers?status=pending');
    const row = staff.page.getByRole('row', { name: new RegExp(title) });
    await row.getByLabel(`Our price for ${title} (EUR)`).fill('45.5');
    await row.getByRole('button', { name: 'Send price' }).click();
    await staff.page.getByText('Price sent.').waitFor();
    await screenshot(staff.page, 'admin-offers-1280');

    // The seller accepts by card.
    await seller.page.reload();
    await seller.page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'View Offer' })
      .click();
    const dialog = seller.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Address').fill('12 St James Square');
    await dialog.getByLabel('City').fill('London');
    await dialog.getByLabel('Post code').fill('SW1Y 4JH');
    await dialog.getByLabel('Country').selectOption('GB');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('radio', { name: /Card/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Card number').fill('4242424242424242');
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1));
    await dialog.getByLabel('Expiry month').selectOption('6');
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('45.50 EUR');
    await dialog.getByLabel('I confirm that these details are correct and accept the terms.').check();
    await dialog.getByRole('button', { name: 'Accept and get paid' }).click();
    await dialog.getByText(/It arrives in 3-5 business days\./).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The back office pays it through the payout provider that keeps the card.
    await staff.page.goto('/en/admin/payouts?status=requested');
    const payout = staff.page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    expect(await payout.textContent()).toContain('Card •••• 4242');
    expect(await staff.page.title()).toBe('Payouts | Back office | PromptMarket');
    // What the payer needs: amount, currency, method, payee, the masked card, reference, statuses.
    await payout.getByRole('button', { name: 'Details' }).click();
    const details = staff.page.locator('dl', { hasText: 'Payee' });
    await details.waitFor();
    const shown = (await details.innerText()).replace(/\s+/g, ' ');
    for (const part of [
      'Amount 45.50 EUR',
      'Currency EUR',
      'Method Card',
      'visa •••• 4242',
      'Reference PAYOUT-',
    ])
      expect(shown).toContain(part);
    expect(shown).toMatch(/Payee \S+/);
    expect(shown).not.toContain('4242424242424242');
    await staff.page.getByRole('heading', { name: 'Status history' }).waitFor();
    await screenshot(staff.page, 'admin-payout-1280');
    await payout.getByRole('button', { name: 'Send to card' }).click();
    await confirmIn(staff.page, 'Send to card');
    await staff.page.getByText('Payout sent.').waitFor();
    await seller.page.reload();
    await seller.page.getByRole('tab', { name: /Approved/ }).click();
    await expect
      .poll(() => seller.page.getByRole('row', { name: new RegExp(title) }).textContent())
      .toContain('(paid)');

    // The accepted work becomes a product of the shop.
    await staff.page.goto('/en/admin/offers?status=approved');
    await staff.page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'Publish' })
      .click();
    const publish = staff.page.getByRole('dialog');
    await publish.getByLabel('Price in the shop (EUR)').fill('7.5');
    await publish
      .getByLabel('Prompt (English)')
      .fill('Velvet dunes under a violet sky, soft grain, wide angle');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await staff.page.getByText('Published in the shop.').waitFor();
    await seller.page.goto(`/en/products?search=${encodeURIComponent(title)}`);
    await seller.page.getByRole('heading', { name: title }).waitFor();

    // An identity sent by the seller, approved by the back office.
    const scan = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    await seller.page.goto('/en/dashboard/verification');
    await seller.page.locator('button[type="submit"]:enabled', { hasText: 'Send for review' }).waitFor();
    await seller.page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await seller.page.getByLabel('Country').selectOption('GB');
    await seller.page.getByLabel('Street and house number').fill('12 St James Square');
    await seller.page.getByLabel('City').fill('London');
    for (const label of ['Identity document, front', 'Identity document, back']) {
      await seller.page
        .getByLabel(label)
        .setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: scan });
    }
    await seller.page.getByLabel('Proof of address (a utility bill or bank statement)').setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await seller.page.getByLabel('I confirm that the information I entered is correct.').check();
    await seller.page.getByRole('button', { name: 'Send for review' }).click();
    await seller.page.getByText('Your documents are being reviewed. This takes 1-2 business days.').waitFor();

    await staff.page.goto('/en/admin/verifications?status=pending');
    const entry = staff.page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    expect(await staff.page.title()).toBe('Verifications | Back office | PromptMarket');
    // The scans show inline, the PDF opens by its link; the country is named, not coded.
    const front = entry.getByRole('img', { name: 'Identity document, front' });
    await expect
      .poll(() => front.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(300);
    await entry.getByRole('link', { name: /Open Proof of address/ }).waitFor();
    expect(await entry.textContent()).toContain('United Kingdom');
    await screenshot(staff.page, 'admin-verifications-1280');
    await entry.getByRole('button', { name: 'Approve' }).click();
    await confirmIn(staff.page, 'Approve');
    await staff.page.getByText('Verification approved.').waitFor();
    await seller.page.reload();
    await seller.page.getByText('Your identity is verified.').waitFor();

    // A balance correction, found by e-mail, and the audit log that recorded every step.
    await staff.page.goto(`/en/admin/users?search=${encodeURIComponent(email)}`);
    const account = staff.page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await account.getByRole('button', { name: 'Adjust balance' }).click();
    await staff.page.getByRole('dialog').getByLabel('Amount').fill('5');
    await staff.page.getByRole('dialog').getByLabel('Reason').fill('Goodwill for the first sale');
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Adjust balance' }).click();
    await staff.page.getByText('Balance adjusted.').waitFor();
    await expect.poll(() => account.textContent()).toContain('5 credits');
    await staff.page.goto('/en/admin/audit');
    // Each action by its name, with the code the log keeps.
    for (const [name, action] of [
      ['Balance adjusted', 'user.adjust'],
      ['Identity verification approved', 'verification.approve'],
      ['Payout sent', 'payout.send'],
      ['Counter-price sent', 'offer.counter'],
    ]) {
      await staff.page
        .getByRole('cell')
        .filter({ hasText: new RegExp(`^${name}${action.replaceAll('.', '\\.')}$`) })
        .first()
        .waitFor();
    }
    await screenshot(staff.page, 'admin-audit-1280');
    // The customer's page names what the back office did to the account in words too.
    await staff.page
      .getByRole('row')
      .filter({ hasText: 'user.adjust' })
      .first()
      .getByRole('link', { name: /^user #/ })
      .click();
    const done = staff.page.getByRole('region', { name: 'Back-office actions on this account' });
    await done
      .getByRole('cell')
      .filter({ hasText: /^Balance adjusteduser\.adjust$/ })
      .waitFor();

    await staff.page.setViewportSize(viewports.phone);
    await staff.page.goto('/en/admin');
    await screenshot(staff.page, 'admin-dashboard-360');
    expect(seller.consoleErrors.filter((line) => !line.includes('status of 403')).join('\n')).toBe('');
    expect(staff.consoleErrors.join('\n')).toBe('');
    await seller.context.close();
    await staff.context.close();
  }, 150_000);

  it('turns on two-factor sign-in, signs in with a code, and finds a customer’s deposit', async () => {
    const customer = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(customer.page);
    await depositThroughSandbox(customer.page, '30');

    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    await logInAsAdmin(page, baseURL());
    await page.goto('/en/admin/deposits');
    await page.getByRole('button', { name: 'Find' }).waitFor();
    await page.getByLabel('E-mail or payment reference').fill(email);
    await page.getByRole('button', { name: 'Find' }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    // The newest deposit is in the list before the search too: wait for the search's answer.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('30.00 EUR');
    expect(await row.textContent()).toContain('Processing');
    // The list's search is not the shop's: the header's box stays empty.
    expect(await page.locator('#header-search').inputValue()).toBe('');
    await screenshot(page, 'admin-deposits-1280');

    // Codes are of consecutive 30-second steps, each later than the last, so none is a replay.
    let secret = '';
    try {
      // The sign-in helper turned it on: off again, the back office is its security screen only.
      await turnOffAdminTwoFactor(page, baseURL());
      await page.goto('/en/admin/deposits');
      await page.waitForURL('**/en/admin/security');
      await page
        .getByText('The back office needs two-factor sign-in on your account. Turn it on here to go on.')
        .waitFor();
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const key = await page.getByTestId('totp-key').textContent();
      secret = (key ?? '').replace(/\s/g, '');
      await page.getByRole('img', { name: 'QR code with the key for your authenticator app' }).waitFor();
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('This code is not correct or has already been used.').waitFor();
      await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() - 30_000));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Two-factor sign-in is on. From now on, signing in asks for a code.').waitFor();
      // The recovery codes, shown this once.
      const shown = page.getByTestId('recovery-codes').getByRole('listitem');
      await expect.poll(() => shown.count()).toBe(10);
      const recoveryCodes = await shown.allTextContents();
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      await screenshot(page, 'admin-security-1280');
      await page.getByRole('button', { name: 'I have stored them' }).click();
      await page.getByText('10 recovery codes left.').waitFor();

      const second = await openPage(browser, viewports.phone);
      await second.page.goto('/en/login?redirect=/en/admin');
      await second.page.locator('button[type="submit"]:enabled', { hasText: 'Log in' }).waitFor();
      await second.page.getByLabel('Email').fill(ADMIN.email);
      await second.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await second.page.getByRole('button', { name: 'Log in' }).click();
      await second.page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
      await expect.poll(() => second.page.evaluate(() => document.activeElement?.id)).toBeTruthy();
      await screenshot(second.page, 'login-two-factor-360');
      await second.page.keyboard.type(totpCode(secret, Date.now()));
      await second.page.keyboard.press('Enter');
      await second.page.waitForURL('**/en/admin');
      await second.context.close();

      // The phone is lost: a recovery code signs in once.
      const lost = await openPage(browser, viewports.phone);
      await lost.page.goto('/en/login?redirect=/en/admin/security');
      await lost.page.locator('button[type="submit"]:enabled', { hasText: 'Log in' }).waitFor();
      await lost.page.getByLabel('Email').fill(ADMIN.email);
      await lost.page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await lost.page.getByRole('button', { name: 'Log in' }).click();
      await lost.page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
      await lost.page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
      await lost.page.getByRole('button', { name: 'Log in' }).click();
      await lost.page.waitForURL('**/en/admin/security');
      await lost.page.getByText('9 recovery codes left.').waitFor();
      await screenshot(lost.page, 'admin-security-recovery-360');
      await lost.context.close();

      await page.reload();
      const turnOff = page.locator('form', { hasText: 'Turn off two-factor sign-in' });
      await turnOff.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await turnOff.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
      await turnOff.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await page.getByText('Two-factor sign-in is off.').waitFor();
      secret = '';
    } finally {
      // Off, the sign-in helper of the other journeys turns it on again with a key it knows.
      if (secret) {
        await page.request.post('/api/admin/two-factor/disable', {
          headers: {
            'x-xsrf-token': decodeURIComponent(
              (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
            ),
          },
          data: { password: ADMIN.password, code: totpCode(secret, Date.now() + 30_000) },
        });
      }
    }
    // The wrong code's 422 is the only failed request.
    expect(consoleErrors.filter((line) => !line.includes('status of 422')).join('\n')).toBe('');
    await customer.context.close();
    await context.close();
  }, 120_000);
});
