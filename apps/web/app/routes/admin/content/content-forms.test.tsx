// @vitest-environment jsdom
import type { AdminSettingsAnswer } from '@promptmarket/contracts/admin-content';
import type { ComponentType } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, TranslationProvider } from '../../../lib/i18n';
import { allMessagesFor } from '../../../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../../../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../../../lib/site-data';
import { testMember } from '../../../test/render-page';
import ContentLinks from './links';
import ContentPages from './pages';
import ContentSettings from './settings';
import ContentTexts from './texts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settings: AdminSettingsAnswer = {
  is_reg_enabled: true,
  is_email_verification_enabled: true,
  internal_currency_rate_eur: '1',
  support_email: 'help@example.test',
  company_phone: null,
  formats: ['jpg', 'png'],
  sizes: ['512x512', '1024x1024'],
  image_generation_cost_eur: 0.5,
  min_deposit_eur: 10,
  shop_legal_name: 'PromptMarket',
  shop_address: 'Main Street 1',
  shop_vat_id: null,
  vat_rate_percent: '0',
  texts: {
    copyright: { en: '© PromptMarket', de: '© PromptMarket' },
    internal_currency_name: { en: 'Credits', de: 'Credits' },
  },
  image_engine: 'openai',
};

const links = [{ id: 1, url: 'https://example.test/shop', position: 0 }];

/** What the fake API answers next, and every request it was sent. */
let answers: { status: number; body: unknown }[] = [];
let sent: { method: string; url: string; body: unknown }[] = [];
let root: Root | null = null;
let container: HTMLDivElement | null = null;

beforeEach(() => {
  answers = [];
  sent = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the XSRF token from the cookie
  document.cookie = 'XSRF-TOKEN=token';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = answers.shift() ?? { status: 500, body: { message: 'No answer left' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  vi.unstubAllGlobals();
});

/** A screen of the site content as the browser shows it to a signed-in admin, in `locale`. */
async function show(Screen: ComponentType<never>, loaderData: unknown, locale: string) {
  const site = {
    locale,
    languages: [
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch' },
    ],
  } as SiteData;
  const session = { user: { ...testMember, role: 'admin' }, personalDeferred: false } as SessionData;
  // A save reloads what the page shows: the layouts answer the same again.
  const Stub = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      loader: () => site,
      children: [
        {
          id: SESSION_ROUTE_ID,
          loader: () => session,
          children: [
            {
              id: 'page',
              index: true,
              Component: () => {
                const Page = Screen as ComponentType<{ loaderData: unknown }>;
                return <Page loaderData={loaderData} />;
              },
            },
          ],
        },
      ],
    },
  ]);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <TranslationProvider translator={createTranslator(locale, allMessagesFor(locale))}>
        <Stub
          initialEntries={[`/${locale}`]}
          hydrationData={{
            loaderData: {
              [SITE_ROUTE_ID]: site,
              [SESSION_ROUTE_ID]: {
                user: { ...testMember, role: 'admin' },
                personalDeferred: false,
              } as SessionData,
            },
          }}
        />
      </TranslationProvider>,
    );
  });
}

/** The field a label names, through the label's `for`. */
function field(label: string, within: ParentNode = document): HTMLInputElement {
  const found = [...within.querySelectorAll('label')].find(
    (element) => element.textContent?.trim() === label,
  );
  const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no field labelled ${label}`);
  return control as HTMLInputElement;
}

/** The message the page reads out with a field: the text its `aria-describedby` points at. */
function messageOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype =
    control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: HTMLFormElement | null | undefined) {
  if (!form) throw new Error('no form');
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // The check and the call answer in later turns of the event loop.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const notice = () => document.querySelector('[role="alert"], [role="status"]')?.textContent ?? null;

describe('the settings of the site content', () => {
  it('say what is wrong at the field in the page’s language before sending, and the API’s refusal after', async () => {
    await show(ContentSettings, { settings }, 'de');
    const minimum = field('Mindesteinzahlung (EUR)');
    const sizes = field('Download-Größen (durch Kommas getrennt)');
    expect(minimum.value).toBe('10.00');
    await type(minimum, '1.234');
    await type(sizes, '512x512, 1000x700');
    await submit(minimum.form);
    expect(sent).toEqual([]);
    expect(messageOf(minimum)).toBe(
      'Bitte gib einen gültigen Betrag mit höchstens zwei Nachkommastellen ein.',
    );
    expect(messageOf(sizes)).toBe('Größen sind Quadrate wie 1024x1024, von 64 bis 1024.');
    // The focus goes to the first field in error.
    expect(document.activeElement).toBe(minimum);

    // Refused by the API on a field of its own (here one the form lets through): said at the field
    // and in the notice, as before.
    await type(minimum, '15');
    await type(sizes, '512x512');
    answers.push({
      status: 422,
      body: {
        message: 'Die Unterstützungsadresse ist vergeben.',
        errors: { support_email: ['Die Unterstützungsadresse ist vergeben.'] },
      },
    });
    await submit(minimum.form);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/admin/settings' });
    // The money goes out as typed; the API reads it by the same rule.
    expect(sent[0]?.body).toMatchObject({
      min_deposit_eur: '15',
      sizes: ['512x512'],
      formats: ['jpg', 'png'],
    });
    expect(messageOf(minimum)).toBeNull();
    expect(messageOf(field('Support-E-Mail'))).toBe('Die Unterstützungsadresse ist vergeben.');
    expect(notice()).toBe('Die Unterstützungsadresse ist vergeben.');

    answers.push({ status: 200, body: { status: 'OK', payload: { ...settings, min_deposit_eur: 15 } } });
    await submit(minimum.form);
    expect(sent).toHaveLength(2);
    expect(messageOf(field('Support-E-Mail'))).toBeNull();
    expect(notice()).toBe('Gespeichert. Der Shop zeigt es jetzt.');
  });

  it('put a refusal of one size and of a language’s text on their fields', async () => {
    await show(ContentSettings, { settings }, 'en');
    answers.push({
      status: 422,
      body: {
        message: 'Sizes are squares such as 1024x1024, from 64 to 1024.',
        errors: {
          'sizes.1': ['Sizes are squares such as 1024x1024, from 64 to 1024.'],
          'texts.copyright.de': ['This field is too long.'],
        },
      },
    });
    const form = field('Legal name of the shop').form;
    await submit(form);
    expect(messageOf(field('Download sizes (comma separated)'))).toBe(
      'Sizes are squares such as 1024x1024, from 64 to 1024.',
    );
    const german = [...document.querySelectorAll('p')].find((element) => element.textContent === 'Deutsch')
      ?.parentElement as HTMLElement;
    expect(messageOf(field('Copyright line ({year} is the year)', german))).toBe('This field is too long.');
  });
});

describe('the social links of the site content', () => {
  it('take a full https address, and empty the field once one is added', async () => {
    await show(ContentLinks, { links }, 'de');
    const url = field('Adresse (https://)');
    await type(url, 'http://example.test');
    await submit(url.form);
    expect(sent).toEqual([]);
    expect(messageOf(url)).toBe('Bitte gib eine vollständige https://-Adresse ein.');

    await type(url, ' https://example.test/new ');
    answers.push({ status: 200, body: { status: 'OK', payload: links } });
    await submit(url.form);
    expect(sent).toMatchObject([{ method: 'POST', body: { url: 'https://example.test/new' } }]);
    expect(messageOf(url)).toBeNull();
    expect(url.value).toBe('');
  });
});

describe('the texts of the site content', () => {
  it('refuse an empty wording before sending, and send the key with a new one', async () => {
    await show(
      ContentTexts,
      {
        words: [],
        languages: [{ code: 'de', name: 'Deutsch' }],
        wordsLocale: 'de',
        find: 'sprache',
        found: { total: 1, found: [{ key: 'footer.language', current: 'Sprache', builtIn: 'Sprache' }] },
      },
      'en',
    );
    const wording = document.getElementById('text-footer-language') as HTMLInputElement;
    expect(wording.value).toBe('Sprache');
    await type(wording, '  ');
    await submit(wording.form);
    expect(sent).toEqual([]);
    expect(messageOf(wording)).toBe('This value is invalid.');
    await type(wording, 'Sprachwahl');
    answers.push({
      status: 200,
      body: { status: 'OK', payload: [{ key: 'footer.language', value: 'Sprachwahl' }] },
    });
    await submit(wording.form);
    expect(sent).toMatchObject([
      { method: 'PUT', url: '/api/admin/words/de', body: { key: 'footer.language', value: 'Sprachwahl' } },
    ]);
  });
});

describe('the static pages of the site content', () => {
  it('put the API’s refusal of a language’s title on that title', async () => {
    await show(
      ContentPages,
      {
        pages: [
          {
            id: 3,
            slug: 'terms',
            published: true,
            position: 1,
            translations: {
              en: { title: 'Terms', body: 'Be kind.' },
              de: { title: 'AGB', body: 'Sei nett.' },
            },
          },
        ],
      },
      'en',
    );
    const title = field('Title (Deutsch)');
    answers.push({
      status: 422,
      body: {
        message: 'This field is too long.',
        errors: { 'translations.de.title': ['This field is too long.'] },
      },
    });
    await submit(title.form);
    expect(sent).toMatchObject([
      {
        method: 'PUT',
        url: '/api/admin/pages/3',
        body: {
          published: true,
          translations: { en: { title: 'Terms', body: 'Be kind.' }, de: { title: 'AGB', body: 'Sei nett.' } },
        },
      },
    ]);
    expect(messageOf(title)).toBe('This field is too long.');
    expect(messageOf(field('Title (English)'))).toBeNull();
    expect(messageOf(field('Text (Deutsch)'))).toBeNull();
  });
});
