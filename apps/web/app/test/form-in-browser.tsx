import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { vi } from 'vitest';
// Loaded here, as a page has it by the time a person presses a button: the client `useApi` fetches
// on the first call then comes at once, within the few turns `settle` waits.
import '../lib/api-browser';
import { createTranslator, TranslationProvider } from '../lib/i18n';
import type { Messages } from '../lib/messages';
import { allMessagesFor } from '../lib/messages.server';
import { SESSION_ROUTE_ID, type SessionData } from '../lib/session-data';
import { SITE_ROUTE_ID, type SiteData } from '../lib/site-data';

/**
 * A form of the site in the browser (jsdom, in a test file that asks for it): rendered below the
 * site's and the session's layouts with the language's texts, its calls answered by `answer`
 * instead of the network, and the helpers to type, tick, send and read it as a person does.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type SentCall = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Answer = { status: number; body: unknown };

/** A 422 in the API's shape: its message is the first field's. */
export function refusal(errors: Record<string, string[]>): Answer {
  return {
    status: 422,
    body: { message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors },
  };
}

export async function formInBrowser(
  page: () => ReactNode,
  options: {
    language?: string;
    site?: Partial<SiteData>;
    answer?: (call: SentCall) => Answer;
  } = {},
) {
  const language = options.language ?? 'en';
  const sent: SentCall[] = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie the shop's handshake would set
  document.cookie = 'XSRF-TOKEN=test-token; path=/';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: SentCall = {
      method: init.method ?? 'GET',
      path: String(input),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null),
    };
    sent.push(call);
    const { status, body } = options.answer?.(call) ?? {
      status: 200,
      body: { status: 'OK', message: 'Done' },
    };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const site = {
    locale: language,
    settings: { internal_currency_name: 'Credits' },
    languages: [],
    categories: [],
    styles: [],
    ...options.site,
  } as SiteData;
  const session: SessionData = { user: null, personalDeferred: false };
  // The layouts answer the same again when a form's action reloads what the page shows.
  const Page = createRoutesStub([
    {
      id: SITE_ROUTE_ID,
      path: '/:locale',
      loader: () => site,
      children: [
        {
          id: SESSION_ROUTE_ID,
          loader: () => session,
          children: [{ id: 'page', index: true, Component: page }],
        },
      ],
    },
  ]);
  await act(async () => {
    root.render(
      <TranslationProvider translator={createTranslator(language, allMessagesFor(language) as Messages)}>
        <Page
          initialEntries={[`/${language}`]}
          hydrationData={{
            loaderData: { [SITE_ROUTE_ID]: site, [SESSION_ROUTE_ID]: session },
          }}
        />
      </TranslationProvider>,
    );
  });
  await settle();

  /** The field a label names (its whole text), in the page or an open dialog. */
  function field<T extends HTMLElement = HTMLInputElement>(label: string): T {
    const found = [...document.querySelectorAll('label')].find((item) => item.textContent?.trim() === label);
    const target = found?.htmlFor
      ? document.getElementById(found.htmlFor)
      : (found?.querySelector('input, select, textarea') ?? null);
    if (!target) throw new Error(`no field labelled "${label}"`);
    return target as T;
  }

  /** The error shown for a field, as a screen reader reaches it (its `aria-describedby`). */
  function errorOf(label: string): string | null {
    const target = field(label);
    if (target.getAttribute('aria-invalid') !== 'true') return null;
    const ids = (target.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
  }

  async function type(label: string, value: string) {
    await typeInto(field<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(label), value);
  }

  /** A button by its text: an open dialog's first, as a person looks at the dialog in front. */
  function button(name: string): HTMLButtonElement {
    const scope = document.querySelector('[role="dialog"]') ?? document;
    const found = [...scope.querySelectorAll('button')].find((item) => item.textContent?.trim() === name);
    if (!found) throw new Error(`no button "${name}"`);
    return found;
  }

  async function click(name: string) {
    await act(async () => button(name).click());
    await settle();
  }

  return {
    sent,
    field,
    errorOf,
    type,
    button,
    click,
    text: () => document.body.textContent?.replace(/\s+/g, ' ') ?? '',
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
      vi.unstubAllGlobals();
    },
  };
}

/** Types into a field as a person does (a field with no label of its own, too), and lets it settle. */
export async function typeInto(
  target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
) {
  const prototype = Object.getPrototypeOf(target) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setter?.call(target, value);
    target.dispatchEvent(
      new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
  await settle();
}

/** Lets the form's checks, the calls and their answers run to their end. */
export async function settle() {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}
