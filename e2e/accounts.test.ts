import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, launchBrowser, openPage, overflowsHorizontally, screenshot, viewports } from './browser';
import { depositThroughSandbox, fundedWith, verifiedUser } from './journeys';
import { waitForMailLink } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const mailDir = () => inject('mailDir');
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

async function register(page: Page, email: string, password: string, from = '/en/register') {
  await page.goto(from);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions and the privacy policy.').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Waits until a form has started (its button turns on): typed earlier, a value is lost when it takes over. */
async function untilStarted(page: Page, button: string) {
  await page.locator('button[type="submit"]:enabled', { hasText: button }).waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('accounts in the browser', () => {
  it('shows the form texts of the spec before anything is sent', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.phone);
    await page.goto('/en/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByText('You must accept the terms and conditions.').waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'register-errors-360');

    await page.goto('/de/register');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByText('Vorname ist erforderlich').waitFor();
    await page
      .getByText('Bitte gib eine gültige E-Mail-Adresse ein')
      .or(page.getByText('E-Mail ist erforderlich'))
      .first()
      .waitFor();
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  });

  it('registers, verifies the e-mail from the mail, logs out and back in to the page it asked for', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewports.desktop);
    const email = uniqueEmail('journey');
    const password = 'a long enough secret';
    await register(page, email, password);
    // Verification is on: the dashboard sends an unverified user to verify-email.
    await page.waitForURL('**/en/email/verify');
    await page.getByText(`We sent a verification link to ${email}`).waitFor();
    await screenshot(page, 'verify-email-1280');

    const link = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await page.waitForURL('**/en/email/verify/success');
    await page.getByRole('heading', { name: 'E-mail address verified' }).waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/en/dashboard');
    await page.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'dashboard-1280');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(email).first().waitFor();
    expect(await page.getByTestId('header-balance').textContent()).toBe('0 credits');
    await screenshot(page, 'header-menu-account-1280');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/en');
    await page.getByRole('link', { name: 'Log in' }).waitFor();

    await page.goto('/en/dashboard/profile?section=password');
    await page.waitForURL('**/en/login?redirect=%2Fen%2Fdashboard%2Fprofile%3Fsection%3Dpassword');
    await logIn(page, email, 'wrong password!');
    // Said once, above the form; the e-mail, right as typed, is not marked wrong.
    await page
      .getByRole('alert')
      .filter({ hasText: 'These credentials do not match our records.' })
      .waitFor();
    expect(await page.getByText('These credentials do not match our records.').count()).toBe(1);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).not.toBe('true');
    await logIn(page, email, password);
    await page.waitForURL('**/en/dashboard/profile?section=password');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(consoleErrors.filter((text) => !/status of 422/.test(text))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mail', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    const email = uniqueEmail('forgot');
    await register(page, email, 'first password 1');
    await page.waitForURL('**/en/email/verify');
    await context.clearCookies();

    await page.goto('/en/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/en/forgot-password');
    await untilStarted(page, 'Send reset link');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for this e-mail address').waitFor();

    const link = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/reset-password\?\S+/);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await screenshot(page, 'reset-password-360');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await logIn(page, email, 'second password 2');
    await page.waitForURL('**/en/email/verify');
    await context.close();
  });

  it('asks for the current password before the e-mail address changes, and tells the old address', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    const email = uniqueEmail('moving');
    const newEmail = uniqueEmail('moved');
    await register(page, email, 'password of mine 1');
    await page.waitForURL('**/en/email/verify');
    const link = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await page.waitForURL('**/en/email/verify/success');

    await page.goto('/en/dashboard/profile');
    await untilStarted(page, 'Save changes');
    const edit = page.locator('#edit-profile');
    const password = edit.getByLabel('Current password');
    expect(await password.count()).toBe(0);
    await edit.getByLabel('Email').fill(newEmail);
    await password.waitFor();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Current password is required').waitFor();

    await password.fill('not my password');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('The current password is incorrect.').waitFor();

    await password.fill('password of mine 1');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // The dashboard is closed to an unverified address: the verification page carries the notice.
    await page.waitForURL('**/en/email/verify');
    await page.getByText('We sent a verification link to your new e-mail address.').waitFor();
    const notice = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/contact-us/);
    expect(notice).toMatch(/\/en\/contact-us$/);
    await waitForMailLink(mailDir(), newEmail, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    await context.close();
  });

  it('deletes the account with its password', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    const email = uniqueEmail('leaving');
    await register(page, email, 'password to delete');
    await page.waitForURL('**/en/email/verify');
    const link = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/email\/verify\/\S+/);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await page.waitForURL('**/en/email/verify/success');

    await page.goto('/en/dashboard/profile');
    await screenshot(page, 'profile-1280');
    const danger = page.locator('#delete-account');
    await danger.getByLabel('Password', { exact: true }).fill('password to delete');
    expect(await danger.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    await danger.getByLabel('I understand that my account will be deleted for good.').check();
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    // A confirmation page, and the confirmation mail.
    await page.waitForURL((url) => url.pathname === '/en/account-deleted');
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await page.getByText(`We have sent a confirmation to ${email}.`).waitFor();
    expect(await page.title()).toBe('Your account has been deleted | PromptMarket');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await screenshot(page, 'account-deleted-1280');
    await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/contact-us/);

    await page.goto('/en/login');
    await logIn(page, email, 'password to delete');
    await page
      .getByRole('alert')
      .filter({ hasText: 'These credentials do not match our records.' })
      .waitFor();
    await context.close();
  });

  it('shows the balance before deleting an account that holds money, and deletes it only when it is given up', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    const email = await verifiedUser(page);
    await fundedWith(page, '10');

    await page.goto('/en/dashboard/profile');
    await page.waitForLoadState('networkidle');
    const danger = page.locator('#delete-account');
    await danger
      .getByText(/^Your wallet still holds \S+ \S+\. Deleting the account gives this balance up/)
      .waitFor();
    await danger.getByRole('group', { name: /^What should happen to your balance of \S+ \S+\?$/ }).waitFor();
    await danger.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await danger.getByLabel('I understand that my account will be deleted for good.').check();
    const button = danger.getByRole('button', { name: 'Delete my account' });
    expect(await button.isDisabled()).toBe(true);
    // Using the balance first keeps the account and shows where it can be spent.
    await danger.getByLabel('I will use it first (the account stays)').check();
    await danger.getByRole('link', { name: 'Browse prompts' }).waitFor();
    await danger.getByRole('link', { name: 'See your wallet' }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    // Giving it up needs its own tick.
    await danger.getByLabel('Give it up and delete the account').check();
    expect(await button.isDisabled()).toBe(true);
    await screenshot(page, 'profile-delete-with-balance-1280');
    await danger.getByLabel(/^I give up my balance of \S+ \S+\.$/).check();
    await button.click();
    await page.waitForURL((url) => url.pathname === '/en/account-deleted');
    await page.getByText(/^Your balance of \S+ \S+ was given up\.$/).waitFor();

    const notice = await waitForMailLink(mailDir(), email, /http:\/\/\S+\/en\/contact-us/);
    expect(notice).toMatch(/\/en\/contact-us$/);
    await context.close();
  });

  it('lists a deposit still processing before the account can be deleted, and keeps the button off', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await verifiedUser(page);
    // Left at the payment page: the deposit is processing at the provider.
    await depositThroughSandbox(page, '10');

    await page.goto('/en/dashboard/profile');
    await page.waitForLoadState('networkidle');
    const danger = page.locator('#delete-account');
    await danger.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await danger.getByLabel('I understand that my account will be deleted for good.').check();
    expect(await danger.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);
    await danger.getByText('Before your account can be deleted:').waitFor();
    await danger.getByText(/^Deposits still being processed by the payment provider/).waitFor();
    await danger.getByText(/^10\.00 EUR, started on /).waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'profile-delete-pending-deposit-360');
    expect(page.url()).toContain('/en/dashboard/profile');
    await context.close();
  });

  it('keeps the login button off until the page has started, so a password never lands in a URL', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/en/login');
    const form = page.locator('main form');
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getByRole('button', { name: 'Log in' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('goes after registering to the page asked for, never to another site, and keeps it from the login page', async () => {
    const { page, context } = await openPage(browser, viewports.phone);
    await page.goto('/en/login?redirect=%2Fen%2Fproducts%3Fsort%3Dpopular');
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.waitForURL('**/en/register?redirect=%2Fen%2Fproducts%3Fsort%3Dpopular');
    await register(page, uniqueEmail('redirected'), 'some password 9', page.url());
    await page.waitForURL('**/en/products?sort=popular');
    await context.close();

    // An address of another site is no page of the shop: the dashboard, which forwards an
    // unverified user to verify-email.
    const other = await openPage(browser, viewports.phone);
    await register(
      other.page,
      uniqueEmail('not-redirected'),
      'some password 9',
      '/en/register?redirect=//evil.example/x',
    );
    await other.page.waitForURL('**/en/email/verify');
    await other.context.close();
  });

  it('keeps signed-in users away from the guest screens', async () => {
    const { page, context } = await openPage(browser, viewports.desktop);
    await register(page, uniqueEmail('guest-only'), 'some password 9');
    await page.waitForURL('**/en/email/verify');
    await page.goto('/en/login');
    // The dashboard is where a signed-in user is sent; unverified, it forwards to verify-email.
    await page.waitForURL('**/en/email/verify');
    await context.close();
  });
});
