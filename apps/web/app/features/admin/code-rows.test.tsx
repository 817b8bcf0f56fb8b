// @vitest-environment jsdom
import { validationText } from '@promptmarket/contracts/validation-messages';
import { act, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import ContentCurrencyRoute from '../../routes/admin/content/currencies';
import ContentLanguageRoute from '../../routes/admin/content/languages';
import { formInBrowser, refusal, settle, typeInto } from '../../test/form-in-browser';

// The screens as their routes render them, given only what their loaders answer.
const ContentCurrencies = ContentCurrencyRoute as unknown as ComponentType<{ loaderData: unknown }>;
const ContentLanguages = ContentLanguageRoute as unknown as ComponentType<{ loaderData: unknown }>;

const euro = { code: 'EUR', symbol: '€', rate: '1', position: 0, active: true };
const german = { code: 'de', name: 'Deutsch', position: 1, active: true };

let page: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await page?.unmount();
  page = null;
});

async function submit(form: HTMLFormElement | null | undefined) {
  await act(async () => form?.requestSubmit());
  await settle();
}

/** A row's input, named by its label and the record's code as a screen reader reads it. */
function rowInput(name: string): HTMLInputElement {
  const found = document.querySelector(`input[aria-label="${name}"]`);
  if (!(found instanceof HTMLInputElement)) throw new Error(`no input "${name}"`);
  return found;
}

function errorOfRow(input: HTMLInputElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}

describe('the currency and language rows', () => {
  it('check a new currency with the contract, in the page’s language, and put the API’s refusal on its field', async () => {
    let answer = refusal({ code: ['Diese Währung gibt es schon.'] });
    page = await formInBrowser(() => <ContentCurrencies loaderData={{ currencies: [euro] }} />, {
      language: 'de',
      answer: () => answer,
    });
    const code = page.field('Währungscode (ISO 4217)');
    await page.type('Währungscode (ISO 4217)', 'xx');
    await page.type('Kurs pro EUR', 'abc');
    await submit(code.form);
    expect(page.sent).toEqual([]);
    expect(page.errorOf('Währungscode (ISO 4217)')).toBe(validationText('currency.code', 'de'));
    expect(page.errorOf('Zeichen')).toBe(validationText('field.invalid', 'de'));
    expect(page.errorOf('Kurs pro EUR')).toBe(validationText('rate.invalid', 'de'));

    await page.type('Währungscode (ISO 4217)', ' sek ');
    await page.type('Zeichen', 'kr');
    await page.type('Kurs pro EUR', '11.2');
    await submit(code.form);
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/currencies',
      body: { code: 'sek', symbol: 'kr', rate: '11.2' },
    });
    expect(page.errorOf('Währungscode (ISO 4217)')).toBe('Diese Währung gibt es schon.');

    answer = { status: 200, body: { status: 'OK', message: 'Saved', payload: [euro] } };
    await page.type('Währungscode (ISO 4217)', 'NOK');
    await submit(code.form);
    expect(page.sent).toHaveLength(2);
    expect(code.value).toBe('');
  });

  it('check a currency’s row before sending, and send its texts and switch', async () => {
    page = await formInBrowser(() => <ContentCurrencies loaderData={{ currencies: [euro] }} />, {
      language: 'en',
      answer: () => ({ status: 200, body: { status: 'OK', message: 'Saved', payload: [euro] } }),
    });
    const rate = rowInput('Rate per EUR EUR');
    expect(rate.value).toBe('1');
    await typeInto(rate, '1,5');
    await submit(rate.form);
    expect(page.sent).toEqual([]);
    expect(errorOfRow(rate)).toBe(validationText('rate.invalid', 'en'));

    await typeInto(rate, '1.5 ');
    const active = rate.form?.querySelector('input[type="checkbox"]');
    await act(async () => (active as HTMLInputElement).click());
    await submit(rate.form);
    expect(page.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/admin/currencies/EUR',
        body: { symbol: '€', rate: '1.5', active: false },
      }),
    ]);
    expect(errorOfRow(rate)).toBeNull();
  });

  it('add a language and rename one through the same rows, the API’s refusal at the row’s field', async () => {
    page = await formInBrowser(() => <ContentLanguages loaderData={{ languages: [german] }} />, {
      language: 'en',
      answer: () => refusal({ name: ['The name is too long.'] }),
    });
    const code = page.field('Language code (ISO 639-1)');
    await page.type('Language code (ISO 639-1)', 'n1');
    await submit(code.form);
    expect(page.sent).toEqual([]);
    expect(page.errorOf('Language code (ISO 639-1)')).toBe(validationText('language.code', 'en'));
    await page.type('Language code (ISO 639-1)', 'nl');
    await page.type('Name', 'Nederlands');
    await submit(code.form);
    expect(page.sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/languages',
      body: { code: 'nl', name: 'Nederlands' },
    });

    const name = rowInput('Name de');
    await typeInto(name, 'Deutsch (Deutschland)');
    await submit(name.form);
    expect(page.sent[1]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/languages/de',
      body: { name: 'Deutsch (Deutschland)', active: true },
    });
    expect(errorOfRow(name)).toBe('The name is too long.');
  });
});
