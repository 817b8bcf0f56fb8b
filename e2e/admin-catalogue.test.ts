import { validationText } from '@promptmarket/contracts/validation-messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './admin-account';
import { baseURL, launchBrowser, openPage, screenshot, viewports } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the catalogue editor in the browser', () => {
  it('edits a product’s German title, and the German shop shows it at once', async () => {
    const listed = await (await fetch(`${baseURL()}/api/products?per_page=1&sort=price_desc`)).json();
    const { slug, title, id } = listed.data[0] as { slug: string; title: string; id: number };
    const germanTitle = `Neuer Titel ${Date.now()}`;

    const shopper = await openPage(browser, viewports.desktop);
    await shopper.page.goto(`/de/products/${slug}`);
    const heading = shopper.page.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).not.toBe(germanTitle);

    const { page, consoleErrors, context } = await openPage(browser, viewports.desktop);
    await logInAsAdmin(page, baseURL());
    await page.goto('/en/admin/products');
    await page.getByRole('button', { name: 'Find' }).waitFor();
    await page.getByLabel('Title or address').fill(title);
    await page.getByRole('button', { name: 'Find' }).click();
    await page
      .getByRole('link', { name: `Edit ${title}` })
      .first()
      .click();
    await page.waitForURL(`**/en/admin/products/${id}`);
    await page.locator('button[type="submit"]:enabled', { hasText: 'Save' }).waitFor();
    await screenshot(page, 'admin-product-edit-1280');
    await page.getByLabel('Title (Deutsch)').fill(germanTitle);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The shop shows it now.').waitFor();

    await shopper.page.reload();
    await expect.poll(() => heading.textContent()).toBe(germanTitle);
    await shopper.page.goto(`/de/products?search=${encodeURIComponent(germanTitle.split(' ')[0] ?? '')}`);
    await shopper.page.getByRole('heading', { name: germanTitle }).waitFor();
    // The English shop keeps the English title.
    await shopper.page.goto(`/en/products/${slug}`);
    expect(await shopper.page.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    // A bad price is refused with the field named, and nothing changes.
    await page.getByLabel('Price (EUR)').fill('1.234');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter a price of at least 0 with at most two decimals.').waitFor();

    await page.goto('/en/admin/products');
    await screenshot(page, 'admin-products-1280');
    await page.setViewportSize(viewports.phone);
    // On a phone the row's actions stay at the right edge of the screen, the rest of the row under them.
    await page.goto(`/en/admin/products?search=${encodeURIComponent(title)}`);
    const edit = page.getByRole('link', { name: `Edit ${title}` });
    const box = await edit.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    await screenshot(page, 'admin-products-360');
    await edit.click();
    await page.waitForURL(`**/en/admin/products/${id}`);
    await page.goto(`/en/admin/products/${id}`);
    await page.getByLabel('Title (Deutsch)').waitFor();
    await screenshot(page, 'admin-product-edit-360');
    await page.goto('/en/admin/categories');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await screenshot(page, 'admin-categories-360');
    expect(consoleErrors.filter((line) => !line.includes('status of 422')).join('\n')).toBe('');
    await context.close();
    await shopper.context.close();
  }, 120_000);

  it('changes a German text and a setting from the site content, and the shop shows them at once', async () => {
    const { page, consoleErrors, context } = await openPage(browser, viewports.desktop);
    await logInAsAdmin(page, baseURL());
    // The text is found by its German wording, typed without its capital, not by a key typed by hand.
    // The texts' part of the site content, reached from the content's own menu.
    await page.goto('/en/admin/content');
    await page.getByRole('navigation', { name: 'Site content' }).getByRole('link', { name: 'Texts' }).click();
    await page.waitForURL('**/en/admin/content/texts');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByLabel('Find a text by its wording or key').fill('sprache');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL('**/en/admin/content/texts?words=de&find=sprache');
    const found = page
      .getByRole('listitem')
      .filter({ has: page.getByText('footer.language', { exact: true }) });
    expect(await found.getByRole('textbox').inputValue()).toBe('Sprache');
    await found.getByRole('textbox').fill('Sprachwahl');
    await found.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByText('footer.language', { exact: true }) })
      .getByText('Built-in: Sprache')
      .waitFor();
    await screenshot(page, 'admin-content-words-1280');

    const shopper = await openPage(browser, viewports.phone);
    await shopper.page.goto('/de');
    await shopper.page.getByRole('heading', { name: 'Sprachwahl' }).waitFor();

    // Restored: the built-in wording is back.
    await page.getByRole('button', { name: 'Restore' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('No text of this language is changed: the built-in ones are shown.').waitFor();
    await shopper.page.reload();
    await expect.poll(() => shopper.page.getByRole('heading', { name: 'Sprachwahl' }).count()).toBe(0);

    // A setting, on the settings screen of the site content.
    await page.goto('/en/admin/content');
    await page.getByLabel('Minimum deposit (EUR)').fill('15');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved. The shop shows it now.').first().waitFor();
    const settings = await (await fetch(`${baseURL()}/api/settings`)).json();
    expect(settings.payload.min_deposit_eur).toBe(15);
    await screenshot(page, 'admin-content-1280');
    // Other journeys deposit the usual minimum.
    await page.getByLabel('Minimum deposit (EUR)').fill('10');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect
      .poll(async () => (await (await fetch(`${baseURL()}/api/settings`)).json()).payload.min_deposit_eur)
      .toBe(10);

    // A currency is added, offered in the shop at once, then switched off again for the other journeys.
    await page.goto('/en/admin/content/currencies');
    await page.getByLabel('Currency code (ISO 4217)').fill('sek');
    await page.getByLabel('Symbol', { exact: true }).last().fill('kr');
    await page.getByLabel('Rate per EUR', { exact: true }).last().fill('11.2');
    await page
      .locator('form', { has: page.getByRole('heading', { name: 'Add a currency' }) })
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    const sek = page.getByRole('row').filter({ hasText: 'SEK' });
    await expect
      .poll(
        async () =>
          await sek
            .getByRole('textbox')
            .first()
            .inputValue()
            .catch(() => ''),
      )
      .toBe('kr');
    const offered = async () =>
      ((await (await fetch(`${baseURL()}/api/currencies`)).json()).payload as { code: string }[]).map(
        (currency) => currency.code,
      );
    expect(await offered()).toContain('SEK');
    await sek.getByRole('checkbox').uncheck();
    await sek.getByRole('button', { name: 'Save' }).click();
    await expect.poll(offered).not.toContain('SEK');

    // A language is added switched off, a text of it translated, then offered: its pages show it.
    await page.goto('/en/admin/content/languages');
    const addLanguage = page.locator('form', { has: page.getByRole('heading', { name: 'Add a language' }) });
    await addLanguage.getByLabel('Language code (ISO 639-1)').fill('nl');
    await addLanguage.getByLabel('Name', { exact: true }).fill('Nederlands');
    await addLanguage.getByRole('button', { name: 'Add', exact: true }).click();
    const dutch = page.getByRole('row').filter({ hasText: /^\s*nl/i });
    await expect
      .poll(() =>
        dutch
          .getByRole('checkbox')
          .isChecked()
          .catch(() => null),
      )
      .toBe(false);
    // An address of the texts' search from before the site content had parts still finds them.
    await page.goto('/en/admin/content?words=nl&find=footer.language');
    await page.waitForURL('**/en/admin/content/texts?words=nl&find=footer.language');
    const text = page
      .getByRole('listitem')
      .filter({ has: page.getByText('footer.language', { exact: true }) });
    await text.getByRole('textbox').fill('Taal');
    await text.getByRole('button', { name: 'Save' }).click();
    await text.getByText('Built-in: Language').waitFor();
    await page.goto('/en/admin/content/languages');
    expect(await page.getByLabel('Name de', { exact: true }).inputValue()).toBe('Deutsch');
    const nl = page.getByRole('row').filter({ hasText: /^\s*nl/i });
    await nl.getByRole('checkbox').check();
    await nl.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () =>
        (await fetch(`${baseURL()}/api/languages`))
          .json()
          .then((body) => body.payload.map((language: { code: string }) => language.code)),
      )
      .toContain('nl');
    const visitor = await openPage(browser, viewports.phone);
    await visitor.page.goto('/nl');
    await visitor.page.getByRole('heading', { name: 'Taal' }).waitFor();
    await visitor.context.close();
    // Switched off again for the other journeys.
    await nl.getByRole('checkbox').uncheck();
    await nl.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () =>
        (await fetch(`${baseURL()}/api/languages`))
          .json()
          .then((body) => body.payload.map((language: { code: string }) => language.code)),
      )
      .not.toContain('nl');

    await page.goto('/en/admin/messages?view=newsletter');
    await page.getByRole('link', { name: 'Download all subscribers (CSV)' }).waitFor();
    await page.setViewportSize(viewports.phone);
    await page.goto('/en/admin/content');
    await screenshot(page, 'admin-content-360');
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
    await shopper.context.close();
  }, 120_000);

  it('adds a category from the keyboard on a phone, with the contract’s refusal at its field in the page’s language, and deletes it', async () => {
    const { page, consoleErrors, context } = await openPage(browser, viewports.phone);
    await logInAsAdmin(page, baseURL());
    await page.goto('/de/admin/categories');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Neue Kategorie' }) });
    const slug = form.getByLabel('Adresse');
    await slug.focus();
    await page.keyboard.type('Keine Adresse');
    // Enter in a field sends its form; the schema refuses before anything goes to the API.
    await page.keyboard.press('Enter');
    await form.getByText(validationText('slug.invalid', 'de')).waitFor();
    await form.getByText(validationText('title.required', 'de')).waitFor();
    expect(await slug.evaluate((input) => input === document.activeElement)).toBe(true);
    const box = await form.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);

    const address = `tastatur-${Date.now()}`;
    await page.keyboard.press('Control+A');
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard');
    await page.keyboard.press('Enter');
    await page.getByText('Gespeichert. Der Shop zeigt es jetzt.').waitFor();
    const row = page.getByRole('row').filter({ hasText: address });
    await row.waitFor();
    expect(await slug.inputValue()).toBe('');

    await row.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Gelöscht.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(consoleErrors.join('\n')).toBe('');
    await context.close();
  }, 120_000);
});
