import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTransport } from '../lib/api-client';
import { loader as registerLoader } from './account/register';
import { loader as siteLoader } from './locale-layout';
import { loader as homeLoader } from './shop/home';
import { loader as productsLoader } from './shop/products';

// Spec section 8: the catalogue's other fetch failures, the social links, the language list and a
// language change (its texts) are logged and leave their data empty. On the server they go to the
// request's log, which the server hands the loaders (`WebLoadContext.log`).

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API that answers every call with a server error. */
const failing: ApiTransport = async () => json(500, { message: 'Server Error' });

function withLog(url: string, transport: ApiTransport) {
  const warn = vi.fn();
  const args = {
    request: new Request(url),
    params: { locale: 'en' },
    context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n', log: { warn } },
  } as never;
  return { args, warn };
}

const messages = (warn: ReturnType<typeof vi.fn>) => warn.mock.calls.map((call) => call[1]);

afterEach(() => vi.restoreAllMocks());

describe('failures a page goes on without are logged to the server’s log', () => {
  it('the site data: language list, settings, currencies, a language’s texts, menus, pages and social links', async () => {
    const console = vi.spyOn(globalThis.console, 'warn').mockImplementation(() => {});
    const { args, warn } = withLog('https://shop.example/en', failing);
    const site = await siteLoader(args);
    expect(site.socialLinks).toEqual([]);
    expect(site.categories).toEqual([]);
    expect(messages(warn).sort()).toEqual(
      [
        'The categories could not be loaded',
        'The currencies could not be loaded',
        'The language list could not be loaded',
        'The settings could not be loaded',
        'The social links could not be loaded',
        'The static pages could not be loaded',
        'The styles could not be loaded',
        'The texts of en could not be loaded',
      ].sort(),
    );
    // Each with what failed, by its status.
    expect(warn).toHaveBeenCalledWith(
      { failure: expect.stringMatching(/^500 /) },
      'The social links could not be loaded',
    );
    // Into the log, not the process's console.
    expect(console).not.toHaveBeenCalled();
  });

  it('only the social links when only they fail', async () => {
    const answering: ApiTransport = async (path, init) =>
      path.endsWith('/social-links')
        ? failing(path, init)
        : json(200, { status: 'OK', payload: [], data: [] });
    const { args, warn } = withLog('https://shop.example/en', answering);
    await siteLoader(args).catch(() => null);
    expect(messages(warn)).toContain('The social links could not be loaded');
    expect(messages(warn)).not.toContain('The categories could not be loaded');
  });

  it('the home page’s sections and the product list', async () => {
    const home = withLog('https://shop.example/en', failing);
    await homeLoader(home.args);
    expect(messages(home.warn).sort()).toEqual([
      'The hero products could not be loaded',
      'The new products could not be loaded',
      'The top sellers could not be loaded',
    ]);
    const list = withLog('https://shop.example/en/products', failing);
    expect(await productsLoader(list.args)).toEqual({ list: null });
    expect(messages(list.warn)).toEqual(['The product list could not be loaded']);
  });

  it('the settings of the registration page', async () => {
    const { args, warn } = withLog('https://shop.example/en/register', failing);
    await registerLoader(args).catch(() => null);
    expect(messages(warn)).toContain('The settings could not be loaded');
  });

  it('and to the console where there is no server log (the development server, tests)', async () => {
    const console = vi.spyOn(globalThis.console, 'warn').mockImplementation(() => {});
    await productsLoader({
      request: new Request('https://shop.example/en/products'),
      params: { locale: 'en' },
      context: { apiFetch: failing, appUrl: 'https://shop.example', cspNonce: 'n' },
    } as never);
    expect(console).toHaveBeenCalledWith(
      'The product list could not be loaded',
      expect.stringMatching(/^500 /),
    );
  });
});
