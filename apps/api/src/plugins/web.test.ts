import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSiteCache } from '../modules/site/site.service';
import { settings } from '../modules/site/site.tables';
import { createTestApp, type TestApp } from '../test/app';
import { injectTransport } from './web';

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

  it("take a visitor's kept answer without passing through the router, and see a change at once", async () => {
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
});
