import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSiteCache } from '../modules/site/site.service';
import { settings, translationOverrides } from '../modules/site/site.tables';
import { createTestApp, type TestApp } from '../test/app';
import { InProcessResponse, injectTransport } from './web';

describe("the pages' in-process calls to the API", () => {
  let app: TestApp;
  /** The API calls that went through the router and its hooks. */
  const routed: string[] = [];
  beforeAll(async () => {
    app = await createTestApp({}, (built) => {
      built.addHook('onRequest', async (request) => {
        routed.push(request.url);
      });
    });
  });
  afterAll(() => app.close());

  const visitor = { accept: 'application/json', 'frontend-language': 'de' };
  const cost = async (headers: Record<string, string> = visitor) => {
    const response = await injectTransport(app)('/api/settings', { method: 'GET', headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { payload: { image_generation_cost_eur: number } };
    return body.payload.image_generation_cost_eur;
  };

  it("take a visitor's cached answer without passing through the router, and see a change at once", async () => {
    forgetSiteCache(app.db);
    routed.length = 0;
    expect(await cost()).toBe(1);
    expect(await cost()).toBe(1);
    expect(routed).toEqual(['/api/settings']);

    await app.db
      .update(settings)
      .set({ value: '250' })
      .where(eq(settings.key, 'image_generation_cost_cents'));
    forgetSiteCache(app.db);
    expect(await cost()).toBe(2.5);
    expect(routed).toEqual(['/api/settings', '/api/settings']);
    await app.db
      .update(settings)
      .set({ value: '100' })
      .where(eq(settings.key, 'image_generation_cost_cents'));
    forgetSiteCache(app.db);
  });

  it("take the language's changed texts, which every page merges, from the cached answer too", async () => {
    const overrides = async () => {
      const response = await injectTransport(app)('/api/localization/de/overrides', {
        method: 'GET',
        headers: visitor,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { payload: Record<string, string> }).payload;
    };
    forgetSiteCache(app.db);
    routed.length = 0;
    expect(await overrides()).toEqual({});
    expect(await overrides()).toEqual({});
    expect(routed).toEqual(['/api/localization/de/overrides']);

    await app.db
      .insert(translationOverrides)
      .values({ locale: 'de', key: 'footer.language', value: 'Sprache' });
    forgetSiteCache(app.db);
    expect(await overrides()).toEqual({ 'footer.language': 'Sprache' });
    expect(routed).toHaveLength(2);
    await app.db.delete(translationOverrides).where(eq(translationOverrides.locale, 'de'));
    forgetSiteCache(app.db);
  });

  it('pass calls with cookies, credentials or another method, and a language not answered yet, to the API', async () => {
    forgetSiteCache(app.db);
    await cost();
    routed.length = 0;
    await cost({ ...visitor, cookie: 'cookie_consent=all' });
    await cost({ ...visitor, authorization: 'Bearer nothing' });
    await cost({ ...visitor, 'frontend-language': 'DE' });
    expect(routed).toHaveLength(3);
    const head = await injectTransport(app)('/api/settings', { method: 'HEAD', headers: visitor });
    expect(head.status).toBe(200);
    expect(routed).toHaveLength(4);
  });

  it('answer with the bytes the API sent, read by text, json and arrayBuffer, for cached and routed calls and errors', async () => {
    const transport = injectTransport(app);
    const direct = await app.inject({ method: 'GET', url: '/api/settings', headers: visitor });
    for (const headers of [visitor, visitor, { ...visitor, cookie: 'cookie_consent=all' }]) {
      const response = await transport('/api/settings', { method: 'GET', headers });
      expect(response).toBeInstanceOf(InProcessResponse);
      expect(response.ok).toBe(true);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.text()).toBe(direct.body);
      expect(await response.json()).toEqual(direct.json());
      expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(direct.body);
    }
    // An error's body is read as the API client reads it: its text, for the message and the code.
    const missing = await transport('/api/products/no-such-product', { method: 'GET', headers: visitor });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBeTruthy();
    // A 304 has no body.
    const etag = (
      await transport('/api/products?per_page=2', { method: 'GET', headers: visitor })
    ).headers.get('etag');
    const unchanged = await transport('/api/products?per_page=2', {
      method: 'GET',
      headers: { ...visitor, cookie: 'cookie_consent=all', 'if-none-match': String(etag) },
    });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });
});
