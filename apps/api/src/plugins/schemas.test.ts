import {
  accountEndpoints,
  catalogueEndpoints,
  contentEndpoints,
  type Endpoint,
  healthEndpoints,
  okResponse,
  sessionEndpoints,
  siteEndpoints,
} from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import { depositEndpoints } from '@promptmarket/contracts/deposits';
import { favouriteEndpoints } from '@promptmarket/contracts/favourites';
import { offerEndpoints, verificationEndpoints } from '@promptmarket/contracts/offers.endpoints';
import { generationEndpoints, orderEndpoints } from '@promptmarket/contracts/orders';
import { adminReviewEndpoints, reviewEndpoints } from '@promptmarket/contracts/reviews';
import { similarPicturesEndpoints } from '@promptmarket/contracts/similar-pictures';
import { walletEndpoints } from '@promptmarket/contracts/wallet';
import type { RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, startBrowserSession, type TestApp } from '../test/app';

const routes: { method: string; url: string }[] = [];
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp(
    {},
    async (instance) => {
      const typed = instance.withTypeProvider<ZodTypeProvider>();
      typed.get(
        '/api/test/leaky',
        { schema: { response: { 200: okResponse } } },
        // A handler that returns more than its contract lists.
        async () => ({ status: 'OK' as const, message: 'shown', secret: 'kept inside' }),
      );
      typed.get(
        '/api/test/typed-query',
        { schema: { querystring: z.object({ n: z.coerce.number('field.invalid').int('field.invalid') }) } },
        async (request) => ({ doubled: request.query.n * 2 }),
      );
      // A scope validating with the type provider's own compiler answers in the same shape.
      await instance.register(async (scope) => {
        scope.setValidatorCompiler(validatorCompiler);
        scope
          .withTypeProvider<ZodTypeProvider>()
          .post(
            '/api/test/provider-validated',
            { schema: { body: z.object({ tags: z.array(z.string().max(3, 'field.too_long')) }) } },
            async () => ({ status: 'OK' }),
          );
      });
    },
    (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  );
});
afterAll(() => app.close());

/** `/products/:idOrSlug` is `/products/{idOrSlug}` in OpenAPI. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route with its method', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');

    const documented = routes.filter(
      (route) => !route.url.startsWith('/api/docs') && !route.url.startsWith('/api/test/'),
    );
    expect(documented.length).toBeGreaterThan(25);
    expect(documented).toContainEqual({ method: 'HEAD', url: '/api/products' });
    expect(documented).toContainEqual({ method: 'GET', url: '/media/*' });
    const missing = documented.filter(
      (route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('describes inputs and every answer from the contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const login = doc.paths['/api/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['email', 'username', 'password']),
    );
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '4XX', '5XX']));
    // Each error answer documents the code a client branches on.
    for (const status of ['422', '4XX', '5XX']) {
      const body = login.responses[status].content['application/json'].schema;
      expect(body.required).toEqual(expect.arrayContaining(['message', 'code']));
      expect(body.properties.code.enum).toEqual(
        expect.arrayContaining(['VALIDATION_FAILED', 'UNAUTHENTICATED']),
      );
    }
    const list = doc.paths['/api/products'].get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:page', 'query:category_slugs', 'query:sort']),
    );
    expect(doc.paths['/api/products/{idOrSlug}'].get.parameters[0]).toMatchObject({
      in: 'path',
      name: 'idOrSlug',
      required: true,
    });
  });

  it('lists every endpoint the contracts declare, at its path, with its method and summary', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const declared: Endpoint[] = [
      siteEndpoints,
      healthEndpoints,
      catalogueEndpoints,
      contentEndpoints,
      accountEndpoints,
      sessionEndpoints,
      orderEndpoints,
      generationEndpoints,
      depositEndpoints,
      offerEndpoints,
      verificationEndpoints,
      walletEndpoints,
      favouriteEndpoints,
      similarPicturesEndpoints,
      reviewEndpoints,
      adminReviewEndpoints,
      ...Object.values(adminEndpoints),
    ].flatMap((group) => Object.values(group));
    expect(declared.length).toBeGreaterThan(100);
    const missing = declared.filter((endpoint) => {
      const path = openApiPath(endpoint.path);
      const operation = (doc.paths[`/api${path}`] ?? doc.paths[path])?.[endpoint.method.toLowerCase()];
      return operation?.summary !== endpoint.summary;
    });
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('is readable as a page of our own that loads nothing from elsewhere', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).toContain('src="/api/docs/docs.js"');
    expect(page.body).not.toMatch(/<script>[^<]/);

    const script = await app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("fetch('/api/docs/json'");
    const styles = await app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(styles.statusCode).toBe(200);
    const slashed = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.body).toBe(page.body);
  });
});

describe('declared schemas', () => {
  it('drop whatever a handler returns beyond the contract', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK', message: 'shown' });
  });

  it('hand the handler parsed input, and answer a bad one with the translated Laravel 422', async () => {
    const good = await app.inject({ method: 'GET', url: '/api/test/typed-query?n=21' });
    expect(good.json()).toEqual({ doubled: 42 });

    const bad = await app.inject({
      method: 'GET',
      url: '/api/test/typed-query?n=abc',
      headers: { 'frontend-language': 'de' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'Dieser Wert ist ungültig.',
      errors: { n: ['Dieser Wert ist ungültig.'] },
      code: 'VALIDATION_FAILED',
    });
  });
});

describe("the type provider's own validator", () => {
  it('fails into the same translated Laravel 422, fields named the Laravel way', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/provider-validated',
      headers: { ...session.headers(), 'frontend-language': 'fr' },
      payload: { tags: ['ok', 'too long'] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Ce champ est trop long.',
      errors: { 'tags.1': ['Ce champ est trop long.'] },
      code: 'VALIDATION_FAILED',
    });
  });
});
