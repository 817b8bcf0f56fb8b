import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loader as siteLoader } from '../routes/locale-layout';
import { loader as textsLoader } from '../routes/texts';
import type { ApiTransport } from './api-client';
import { messagesFor, textsScriptFor } from './messages.server';
import { messagesOf } from './site-data';
import { cachedTexts, forgetTexts, TEXTS_PATH } from './texts';

/** Runs a texts script as a browser would, in a window of its own, and returns what it left there. */
function runInWindow(code: string): Record<string, unknown> {
  const window: { __texts?: Record<string, unknown> } = {};
  runInNewContext(code, { self: window });
  return window.__texts ?? {};
}

describe("a language's texts as a script of its own (decision 0032)", () => {
  it('names the script by its content: the same texts the same address, a changed text another', () => {
    const english = textsScriptFor('en');
    expect(english.address).toMatch(/^\/texts\/en\.[\w]{16}\.js$/);
    expect(textsScriptFor('en', {})).toEqual(english);
    expect(textsScriptFor('de').address).not.toBe(english.address);
    const changed = textsScriptFor('en', { 'footer.support': 'Write to us' });
    expect(changed.address).not.toBe(english.address);
    expect(changed.address.startsWith(`${TEXTS_PATH}en.`)).toBe(true);
    // Changed back, the texts are the first ones again, and so is their address.
    expect(textsScriptFor('en', { 'footer.support': 'Customer support' }).address).toBe(english.address);
  });

  it('puts exactly the page texts in the browser under its address, which the pages then read', () => {
    const german = textsScriptFor('de', { 'footer.language': 'Sprache & Land' });
    const inWindow = runInWindow(german.code);
    expect(Object.keys(inWindow)).toEqual([german.address]);
    expect(inWindow[german.address]).toEqual(messagesFor('de', { 'footer.language': 'Sprache & Land' }));
    // The server reads the same texts by the address, without carrying them in the data.
    expect(messagesOf({ texts: german.address })).toEqual(inWindow[german.address]);
  });

  it('reads texts sent along with loader data before those cached', () => {
    const address = textsScriptFor('en').address;
    expect(cachedTexts(address)).toEqual(messagesFor('en'));
    expect(messagesOf({ texts: address, messagesJson: '{"brand":{"name":"X"}}' })).toEqual({
      brand: { name: 'X' },
    });
  });

  it('forgets the oldest scripts once many sets of texts were made', () => {
    const first = textsScriptFor('en', { 'brand.name': 'Shop 0' });
    expect(cachedTexts(first.address)).toBeDefined();
    for (let index = 1; index <= 30; index += 1) textsScriptFor('en', { 'brand.name': `Shop ${index}` });
    expect(cachedTexts(first.address)).toBeUndefined();
    forgetTexts(first.address);
  });
});

describe('the texts route', () => {
  const words: Record<string, Record<string, string>> = { en: {}, de: { 'footer.language': 'Land' } };
  // The language list fails, so the built-in languages stand in, as in the locale layout.
  const transport: ApiTransport = async (path) =>
    path.includes('/overrides')
      ? new Response(JSON.stringify({ status: 'OK', payload: words[path.split('/')[3] ?? ''] ?? {} }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify({ message: 'Server Error' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
  const get = (file: string) =>
    textsLoader({
      request: new Request(`https://shop.example/texts/${file}`),
      params: { file },
      context: { apiFetch: transport, appUrl: 'https://shop.example', cspNonce: 'n' },
    } as never);

  it('answers the current address of a language with its script, cached by the browser for good', async () => {
    const german = textsScriptFor('de', words.de);
    const answer = await get(german.address.slice(TEXTS_PATH.length));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await answer.text()).toBe(german.code);
  });

  it("answers an address of texts changed since with today's texts under that address, not cached", async () => {
    // A page made before a text changed (or by a process that had not seen the change yet) names
    // the old address: it still gets texts to start with, today's ones.
    const before = textsScriptFor('de', {});
    const answer = await get(before.address.slice(TEXTS_PATH.length));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const inWindow = runInWindow(await answer.text());
    expect(Object.keys(inWindow)).toEqual([before.address]);
    expect(inWindow[before.address]).toEqual(messagesFor('de', words.de));
  });

  it('answers 404 for a language that is not one of the shop or no script at all', async () => {
    const english = textsScriptFor('en').address.slice(TEXTS_PATH.length);
    expect((await get('en.js')).status).toBe(404);
    expect((await get(english.replace(/^en\./, 'xx.'))).status).toBe(404);
    expect((await get(`${english}x`)).status).toBe(404);
  });
});

describe("the locale layout's texts", () => {
  const failing: ApiTransport = async () =>
    new Response(JSON.stringify({ message: 'Server Error' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    });
  const load = (url: string, dataRequest?: boolean) =>
    siteLoader({
      request: new Request(url),
      params: { locale: 'de' },
      context: { apiFetch: failing, appUrl: 'https://shop.example', cspNonce: 'n', dataRequest },
    } as never);

  it("names the texts script in a page's data and carries the texts only in data the browser fetches later", async () => {
    const address = textsScriptFor('de').address;
    const page = await load('https://shop.example/de/products');
    expect(page.texts).toBe(address);
    expect(page.messagesJson).toBeUndefined();
    const data = await load('https://shop.example/de/products', true);
    expect(data.texts).toBe(address);
    expect(JSON.parse(data.messagesJson as string)).toEqual(messagesFor('de'));
    // The web app run on its own knows loader data by its address.
    expect((await load('https://shop.example/de/products.data')).messagesJson).toBeDefined();
  });
});
