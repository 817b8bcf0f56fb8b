import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';
import { fundedWith, verifiedUser } from './journeys';

// Every page is checked by axe-core at a phone's and a desktop's width; a serious or critical
// finding fails the test with its rule, element and page.

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Finding = { page: string; width: number; rule: string; impact: string; targets: string[]; text: string };

type AxeResult = {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html: string }[];
  }[];
};

/**
 * Findings below "serious" that the shop has put right and keeps right: two landmarks of one name,
 * a column heading with no text, a picture whose text repeats the words beside it.
 */
const KEPT_RIGHT = new Set(['landmark-unique', 'empty-table-header', 'image-redundant-alt']);

/** Runs axe on what `page` shows now; answers the serious and critical findings (and `KEPT_RIGHT`). */
async function audit(page: Page, name: string): Promise<Finding[]> {
  // Transitions (menus, dialogs) settle before colours are measured.
  await page.waitForTimeout(250);
  const injected = await page.evaluate(() => 'axe' in window);
  // Through the debugging protocol, so the page's content security policy does not apply.
  if (!injected) await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(context: Document, options: unknown): Promise<unknown> };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
      // Experimental in axe, but asked for: a control's name contains the text it shows (WCAG 2.5.3).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  )) as AxeResult;
  const width = page.viewportSize()?.width ?? 0;
  return result.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || KEPT_RIGHT.has(violation.id),
    )
    .map((violation) => ({
      page: name,
      width,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${JSON.stringify(node.target)} ${node.html.slice(0, 160)}`),
      text: violation.help,
    }));
}

/** Audits what `page` shows now (a dialog open, say) at a phone's width and then a desktop's. */
async function auditBothWidths(page: Page, name: string): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    found.push(...(await audit(page, name)));
  }
  return found;
}

/**
 * Focuses the first few controls in the rows of the page's lists and tables from the keyboard and
 * answers, for each whose focus ring does not show whole, why: no :focus-visible, no outline of
 * 2 px or more, or a ring cut off by a box around it that hides what overflows.
 */
async function hiddenFocusRings(page: Page, name: string): Promise<Finding[]> {
  const width = page.viewportSize()?.width ?? 0;
  const controls = page.locator(
    'main :is(li, tr) :is(a[href], button, input, select):visible, main :is(li, tr):is(a[href], button, [tabindex="0"]):visible, main [tabindex="0"]:visible',
  );
  const found: Finding[] = [];
  const count = Math.min(await controls.count(), 4);
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    if (await control.isDisabled().catch(() => false)) continue;
    // Reached by Tab, as a keyboard user would: the browser shows :focus-visible then.
    await control.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const check = () =>
      control.evaluate((element) => {
        if (element !== document.activeElement) return null; // Tab order skips it (e.g. a roving group)
        if (!element.matches(':focus-visible')) return 'no :focus-visible';
        const style = getComputedStyle(element);
        const outline = Number.parseFloat(style.outlineWidth);
        if (style.outlineStyle === 'none' || outline < 2)
          return `outline ${style.outlineStyle} ${style.outlineWidth}`;
        const reach = Number.parseFloat(style.outlineOffset) + outline;
        const box = element.getBoundingClientRect();
        for (
          let parent = element.parentElement;
          parent && parent.tagName !== 'MAIN';
          parent = parent.parentElement
        ) {
          const clip = getComputedStyle(parent);
          if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
          const edge = parent.getBoundingClientRect();
          if (
            box.left - reach < edge.left ||
            box.top - reach < edge.top ||
            box.right + reach > edge.right ||
            box.bottom + reach > edge.bottom
          ) {
            return `ring cut off by <${parent.tagName.toLowerCase()} class="${parent.className}">`;
          }
        }
        return null;
      });
    // A smooth scroller brings the focused control in over a moment: measured once it has come.
    let problem = await check();
    for (let attempt = 0; problem && attempt < 5; attempt++) {
      await page.waitForTimeout(200);
      problem = await check();
    }
    if (problem) {
      found.push({
        page: name,
        width,
        rule: 'focus-ring',
        impact: 'serious',
        targets: [(await control.evaluate((element) => element.outerHTML)).slice(0, 160)],
        text: problem,
      });
    }
  }
  return found;
}

/** How long no request of a page is open before it counts as settled. */
const QUIET_MS = 150;

/**
 * Counts the requests `page` has open, and answers a wait for the page to settle: no request open
 * for `QUIET_MS`, so that the parts a page fetches or loads after it starts are there for axe.
 * Playwright's 'networkidle' asks for 500 ms, which came to a third of the audits' time.
 */
function settling(page: Page): () => Promise<void> {
  const open = new Set<unknown>();
  let changed = Date.now();
  page.on('request', (request) => {
    open.add(request);
    changed = Date.now();
  });
  const closed = (request: unknown) => {
    open.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', closed);
  page.on('requestfailed', closed);
  return async () => {
    // A request left open for 10 s (none is, on these pages) is not waited for further.
    const giveUp = Date.now() + 10_000;
    while ((open.size > 0 || Date.now() - changed < QUIET_MS) && Date.now() < giveUp) {
      await page.waitForTimeout(50);
    }
  };
}

/** Visits each path at both widths and audits it; `after` may put the page into a further state to audit. */
async function auditPaths(
  page: Page,
  paths: string[],
  extra: (width: number) => Promise<Finding[]> = async () => [],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const settled = settling(page);
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await settled();
      findings.push(...(await audit(page, path)));
      findings.push(...(await hiddenFocusRings(page, path)));
      // The last row control focused from the keyboard, for people to look at.
      if (/deposits$|admin\/users$|^\/en$/.test(path)) {
        await screenshot(page, `a11y-focus-${path.replace(/\W+/g, '-')}-${viewport.width}`);
      }
    }
    findings.push(...(await extra(viewport.width)));
  }
  return findings;
}

function report(findings: Finding[]) {
  return findings
    .map(
      (f) =>
        `${f.rule} (${f.impact}) on ${f.page} at ${f.width}px: ${f.text}\n    ${f.targets.join('\n    ')}`,
    )
    .join('\n');
}

type Listed = { id: number; slug: string; title: string };

async function products(): Promise<Listed[]> {
  const answer = await fetch(`${baseURL()}/api/products?sort=price_asc&per_page=3`);
  const list = ((await answer.json()) as { data: Listed[] }).data;
  if (list.length < 2) throw new Error('the demo shop has too few prompts');
  return list;
}

/** Sends an offer titled `title` from the dashboard's form on `page`. */
async function sendOffer(page: Page, title: string) {
  await page.goto('/en/dashboard/offers');
  await page.locator('button[type="submit"]:enabled', { hasText: 'Send offer' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Your price (EUR)').fill('60');
  await page.locator('input[name="style_ids[]"]').first().check();
  const picture = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#335577' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: picture });
  await page.getByLabel('Prompt (English)').fill('A harbour at night in neon light, rain');
  await page.getByLabel('I confirm that this work was created with AI and that I may sell it.').check();
  await page.getByRole('button', { name: 'Send offer' }).click();
  await page.getByText('Your offer has been sent. We will answer with our price.').waitFor();
}

/**
 * Two offers of a new seller answered with a price by the admin signed in on `admin` (through the
 * back office's API): one of 200 EUR, which asks for an identity verification first (its dialog
 * audited), and one of 50 EUR accepted with a SEPA payout, which then waits for the back office:
 * its row has the payouts table's widest actions ("Mark as paid" beside "Mark as failed"). Each
 * step of the approval's dialog is audited at both widths; answers the findings.
 */
async function sepaPayoutWaiting(admin: Page): Promise<Finding[]> {
  const findings: Finding[] = [];
  const { page, context } = await openPage(browser, viewports.desktop);
  await verifiedUser(page);
  const titles = { sepa: `Quiet harbour ${Date.now()}`, large: `Grand harbour ${Date.now()}` };
  await sendOffer(page, titles.sepa);
  await sendOffer(page, titles.large);

  const xsrf = (await admin.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  const headers = { accept: 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf?.value ?? '') };
  const pending = (await (
    await admin.request.get('/api/admin/offers?status=pending&per_page=100', { headers })
  ).json()) as { payload: { data: { id: number; title: string }[] } };
  for (const [title, price] of [
    [titles.sepa, '50'],
    [titles.large, '200'],
  ] as const) {
    const offer = pending.payload.data.find((item) => item.title === title);
    if (!offer) throw new Error(`offer ${title} is not waiting for a price`);
    const counter = await admin.request.post(`/api/admin/offers/${offer.id}/counter`, {
      headers,
      data: { service_price: price },
    });
    expect(counter.status()).toBe(200);
  }

  await page.reload();
  const dialog = page.getByRole('dialog');
  const view = async (title: string) => {
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: 'View Offer' })
      .click();
    await dialog.waitFor();
  };
  // 200 EUR before the identity is verified: the dialog says so.
  await view(titles.large);
  findings.push(...(await auditBothWidths(page, 'offer dialog (details)')));
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.getByRole('heading', { name: 'Verification required' }).waitFor();
  findings.push(...(await auditBothWidths(page, 'offer dialog (verification required)')));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await view(titles.sepa);
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
  await dialog.getByLabel('Address').fill('12 St James Square');
  await dialog.getByLabel('City').fill('London');
  await dialog.getByLabel('Post code').fill('SW1Y 4JH');
  await dialog.getByLabel('Country').selectOption('GB');
  findings.push(...(await auditBothWidths(page, 'offer dialog (contact)')));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: /Bank transfer \(SEPA\)/ }).check();
  findings.push(...(await auditBothWidths(page, 'offer dialog (payout method)')));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('IBAN').fill('DE89370400440532013000');
  await dialog.getByLabel('I confirm that these details are correct and accept the terms.').check();
  findings.push(...(await auditBothWidths(page, 'offer dialog (bank)')));
  await dialog.getByRole('button', { name: 'Accept and get paid' }).click();
  await dialog.getByRole('heading', { name: 'Offer accepted' }).waitFor();
  findings.push(...(await auditBothWidths(page, 'offer dialog (accepted)')));
  await context.close();
  return findings;
}

// The three audits use browser contexts of their own and run side by side: most of their time is
// the browser laying out and axe walking pages, which a second core shares.
describe.concurrent('accessibility (axe)', () => {
  it('finds no serious or critical violation on the shop’s pages for a guest', async () => {
    const [product] = await products();
    const { page, context } = await openPage(browser, viewports.phone);
    const findings = await auditPaths(
      page,
      [
        '/en',
        '/en/products',
        '/en/products?category=seascapes&style=watercolor&sort=price_desc',
        '/en/products?search=zzzz-nothing-matches',
        `/en/products/${product?.slug}`,
        '/en/page/terms',
        '/en/page/privacy',
        '/en/about-us',
        '/en/contact-us',
        '/en/products/generate',
        '/en/login',
        '/en/register',
        '/en/forgot-password',
        '/en/reset-password?token=nothing&email=nobody%40example.test',
        '/en/cart',
        '/en/forbidden',
        '/en/no-such-page',
        '/en/newsletter/confirm?token=nothing',
        '/en/newsletter/unsubscribe?token=nothing',
        '/en/account-deleted',
        '/en/processing-payment',
        '/de',
      ],
      async (width) => {
        const found: Finding[] = [];
        if (width === viewports.phone.width) {
          // The folded menu, open.
          await page.goto('/en');
          await page.getByRole('button', { name: 'Open menu' }).click();
          const toggle = page.getByRole('button', { name: 'Close menu' });
          await toggle.waitFor();
          found.push(...(await audit(page, '/en (menu open)')));
          await page.screenshot({ path: 'test-results/screenshots/a11y-menu-open-360.png' });
          // Escape from inside the menu closes it and gives the focus back to its button.
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.closest('nav') !== null)).toBe(true);
          await page.keyboard.press('Escape');
          const opener = page.getByRole('button', { name: 'Open menu' });
          await opener.waitFor();
          expect(await opener.getAttribute('aria-expanded')).toBe('false');
          expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
        }
        // The cookie banner, asked before any choice, its settings shut and open.
        await page.context().clearCookies({ name: 'cookie_consent' });
        await page.goto('/en/products');
        const banner = page.getByRole('region', { name: 'Cookies' });
        await banner.waitFor();
        found.push(...(await audit(page, '/en/products (cookie banner)')));
        await banner.getByRole('button', { name: 'Customize' }).click();
        found.push(...(await audit(page, '/en/products (cookie settings)')));
        await banner.getByRole('button', { name: 'Only essentials' }).click();
        await banner.waitFor({ state: 'detached' });
        // A failed sign-in and a register form with its errors shown.
        await page.goto('/en/login');
        await page.locator('form:has(input[type="password"]) button[type="submit"]:enabled').waitFor();
        await page.getByLabel('Email').fill('nobody@example.test');
        await page.getByLabel('Password', { exact: true }).fill('not the password');
        await page.locator('form:has(input[type="password"]) button[type="submit"]').click();
        await page.getByRole('alert').first().waitFor();
        found.push(...(await audit(page, '/en/login (failed)')));
        await page.screenshot({ path: `test-results/screenshots/a11y-login-failed-${width}.png` });
        await page.goto('/en/register');
        await page.locator('form:has(input[type="password"]) button[type="submit"]:enabled').waitFor();
        await page.locator('form:has(input[type="password"]) button[type="submit"]').click();
        await page.waitForTimeout(300);
        found.push(...(await audit(page, '/en/register (empty form sent)')));
        return found;
      },
    );
    await context.close();
    expect(report(findings)).toBe('');
  }, 300_000);

  it('finds no serious or critical violation on the dashboard’s pages for a signed-in user', async () => {
    const [first, second, third] = await products();
    const { page, context } = await openPage(browser, viewports.desktop);
    await verifiedUser(page);
    await fundedWith(page, '10');
    // One prompt bought (the orders list has a row), one left in the cart.
    await page.goto(`/en/products/${first?.slug}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    // As a person does: on to the cart once the page says the prompt is in it.
    await page.getByRole('link', { name: 'Cart, 1 prompt' }).waitFor();
    await page.goto('/en/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    const dialogFindings = await audit(page, '/en/cart (purchase dialog)');
    await confirm.getByRole('button', { name: /^Buy for / }).click();
    await page.waitForURL('**/en/dashboard/orders?bought=*');
    await page.goto(`/en/products/${second?.slug}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByRole('link', { name: 'Cart, 1 prompt' }).waitFor();
    // A receipt: the deposit's, linked from its dialog.
    await page.goto('/en/dashboard/deposits');
    await page
      .getByRole('button', { name: /^Show deposit #/ })
      .first()
      .click();
    const receipt = await page
      .getByRole('dialog')
      .getByRole('link', { name: 'View receipt' })
      .getAttribute('href');
    await page.keyboard.press('Escape');

    /** The dialogs a signed-in user opens, audited at the width the page is at. */
    const dialogs = async (): Promise<Finding[]> => {
      const found: Finding[] = [];
      const opened = async (name: string) => {
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        found.push(...(await audit(page, name)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      };
      await page.goto('/en/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await opened('/en/cart (purchase dialog)');
      await page.goto(`/en/products/${third?.slug}`);
      await page.getByRole('button', { name: 'Buy now' }).click();
      await opened('product page (buy now dialog)');
      await page.goto('/en/dashboard/orders');
      await page
        .getByRole('button', { name: /^Show order: / })
        .first()
        .click();
      await opened('/en/dashboard/orders (order dialog)');
      await page.goto('/en/dashboard/deposits');
      await page
        .getByRole('button', { name: /^Show deposit #/ })
        .first()
        .click();
      await opened('/en/dashboard/deposits (deposit dialog)');
      return found;
    };

    const findings = await auditPaths(
      page,
      [
        '/en',
        '/en/dashboard',
        '/en/dashboard/profile',
        '/en/dashboard/orders',
        '/en/dashboard/deposits',
        '/en/dashboard/deposits/create',
        '/en/dashboard/wallet',
        '/en/dashboard/offers',
        '/en/dashboard/verification',
        '/en/products',
        `/en/products/${first?.slug}`,
        `/en/products/${second?.slug}`,
        '/en/products/generate',
        '/en/cart',
        '/en/success-payment',
        '/en/fail-payment?error=Declined',
        '/en/dashboard/notifications',
        '/en/dashboard/favourites',
        '/en/email/verify/success',
        '/en/email/verify/already-success',
        ...(receipt ? [receipt] : []),
      ],
      dialogs,
    );
    await context.close();
    expect(receipt).toMatch(/\/en\/dashboard\/receipts\//);
    expect(report([...dialogFindings, ...findings])).toBe('');
  }, 300_000);

  it('finds no serious or critical violation in the back office', async () => {
    const [product] = await products();
    const { page, context } = await openPage(browser, viewports.desktop);
    await logInAsAdmin(page, baseURL());
    // A SEPA payout waits, so the payouts table has its widest row of actions at 360 px.
    const offerFindings = await sepaPayoutWaiting(page);
    // An order (the demo shop's or one of another test's) and a customer page: the admin's own.
    const read = async (url: string) =>
      (await (await page.request.get(url, { headers: { accept: 'application/json' } })).json()) as {
        payload: { id: string; data: { id: string }[] };
      };
    const me = (await read('/api/user/profile')).payload.id;
    const [order] = (await read('/api/admin/orders?per_page=1')).payload.data;
    const [offer] = (await read('/api/admin/offers?per_page=1')).payload.data;

    /** The back office's dialogs, audited at the width the page is at; at a desktop's, one confirmed. */
    const dialogs = async (width: number): Promise<Finding[]> => {
      const found: Finding[] = [];
      const dialog = page.getByRole('dialog');
      const opened = async (name: string) => {
        await dialog.waitFor();
        found.push(...(await audit(page, name)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      };
      await page.goto(`/en/admin/users/${me}`);
      await page.getByRole('button', { name: 'Adjust balance' }).click();
      await opened('customer page (adjust balance dialog)');
      await page.goto(`/en/admin/orders/${order?.id}`);
      const refund = page.getByRole('button', { name: 'Refund', exact: true });
      if ((await refund.count()) > 0) {
        await refund.first().click();
        await opened('order page (refund dialog)');
      }
      await page.goto('/en/admin/payouts');
      await page.getByRole('button', { name: 'Export SEPA file', exact: true }).click();
      await opened('/en/admin/payouts (SEPA file dialog)');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: 'Mark as failed' }) })
        .first();
      const offerId = (await row.getByRole('cell').nth(1).textContent())?.trim() ?? '';
      await row.getByRole('button', { name: 'Mark as failed' }).click();
      if (width === viewports.phone.width) {
        await opened('/en/admin/payouts (mark as failed dialog)');
        return found;
      }
      await dialog.waitFor();
      found.push(...(await audit(page, '/en/admin/payouts (mark as failed dialog)')));
      // Confirmed: the payout's buttons change, and the focus goes back to its row, not to the page.
      await dialog.getByLabel('Reason').fill('The bank returned the transfer');
      await dialog.getByRole('button', { name: 'Mark as failed' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Payout marked as failed.').waitFor();
      await page.waitForTimeout(500);
      const focus = await page.evaluate(() => ({
        row: document.activeElement?.closest('tr')?.cells[1]?.textContent?.trim() ?? null,
        tag: document.activeElement?.tagName,
      }));
      expect(focus).toEqual({ row: offerId, tag: 'BUTTON' });
      return found;
    };

    const findings = await auditPaths(
      page,
      [
        '/en/admin/orders',
        `/en/admin/orders/${order?.id ?? 'order-1'}`,
        `/en/admin/users/${me}`,
        '/en/admin',
        '/en/admin/offers',
        `/en/admin/offers/${offer?.id}`,
        '/en/admin/verifications',
        '/en/admin/payouts',
        '/en/admin/users',
        '/en/admin/products',
        `/en/admin/products/${product?.id}`,
        '/en/admin/categories',
        '/en/admin/content',
        '/en/admin/content/currencies',
        '/en/admin/content/languages',
        '/en/admin/content/texts?words=de&find=sprache',
        '/en/admin/content/pages',
        '/en/admin/content/links',
        '/en/admin/refunds',
        '/en/admin/messages',
        '/en/admin/deposits',
        '/en/admin/reports',
        '/en/admin/audit',
        '/en/admin/reviews',
        '/en/admin/security',
      ],
      dialogs,
    );
    await context.close();
    expect(report([...offerFindings, ...findings])).toBe('');
  }, 300_000);
});
