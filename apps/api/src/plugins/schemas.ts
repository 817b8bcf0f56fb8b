import swagger from '@fastify/swagger';
import { errorResponses } from '@promptmarket/contracts';
import type { Endpoint } from '@promptmarket/contracts/endpoint';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { zodValidatorCompiler } from '../lib/validate';

/**
 * The Laravel name (`items.0.title`) of the first string holding U+0000 in a request's input, or
 * null. PostgreSQL cannot store that character in text, so it is refused before any service runs.
 * Walked without recursion: a JSON body may nest deeper than the call stack goes.
 */
export function fieldWithNul(input: unknown): string | null {
  type Step = { value: unknown; name: string; parent: Step | null };
  const nameOf = (step: Step | null, last?: string) => {
    const names = last === undefined ? [] : [last];
    for (let at = step; at?.parent; at = at.parent) names.unshift(at.name);
    return names.join('.') || '_';
  };
  const stack: Step[] = [{ value: input, name: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return nameOf(step);
      continue;
    }
    // A raw body kept as bytes (a webhook's, for its signature) is its handler's to read.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [name, child] = entries[i] as [string, unknown];
      if (name.includes('\u0000')) return nameOf(step, name.replaceAll('\u0000', ''));
      stack.push({ value: child, name, parent: step });
    }
  }
  return null;
}

/**
 * Route schemas are zod schemas from @promptmarket/contracts: they validate params, querystring
 * and body (failures become the Laravel 422), shape every response (keys a schema does not list
 * are dropped, a mismatch is a 500 and a failing test), and make the OpenAPI document.
 * Registered before any route so that every route is collected.
 */
export const schemasPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(createSerializerCompiler());
    // A NUL character in any text of an API route's params, query or JSON body is a 422 on its
    // field, whatever the route's schema says (a multipart body's fields: lib/uploads.ts).
    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.schema) return;
      for (const input of [request.params, request.query, request.body]) {
        const field = fieldWithNul(input);
        if (field !== null) throw AppError.validation({ [field]: ['field.nul'] });
      }
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'PromptMarket API',
          version: '1',
          description:
            'Sessions work like Laravel Sanctum: call GET /sanctum/csrf-cookie, then echo the XSRF-TOKEN ' +
            'cookie in the X-XSRF-TOKEN header with every unsafe request. Errors are Laravel-shaped.',
        },
      },
      exposeHeadRoutes: true,
      // A route that declares no schema is not part of the API (the web pages' catch-all, the
      // built assets): it stays out of the document. Every API route declares one, and a test
      // checks that each is listed.
      transform: (route) =>
        route.schema ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
      transformObject: jsonSchemaTransformObject,
    });
  },
  { name: 'schemas' },
);

type RouteSchema<E extends Endpoint, Answers> = { summary: string; response: Answers } & (E extends {
  params: infer P;
}
  ? { params: P }
  : unknown) &
  (E extends { headers: infer H } ? { headers: H } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown);

type JsonAnswers<E extends Endpoint> = { 200: NonNullable<E['response']> } & typeof errorResponses;

/**
 * The Fastify route options of an endpoint declared in @promptmarket/contracts: method, URL and
 * the schema (summary, params, headers, querystring, body, and the answer beside the error
 * answers), so that `app.route({ ...routeOf(endpoint), handler })` infers the request and the
 * reply from the contract. `answers` replaces the answers of an endpoint whose success is not JSON
 * (a file, a zip). Throws at start-up for an endpoint that declares no answer and is given none.
 */
export function routeOf<const E extends Endpoint, Answers extends object = JsonAnswers<E>>(
  endpoint: E,
  answers?: Answers,
): { method: E['method']; url: E['path']; schema: RouteSchema<E, Answers> } {
  if (!answers && !endpoint.response) throw new Error(`${endpoint.path} declares no answer`);
  const schema = {
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    response: answers ?? { 200: endpoint.response, ...errorResponses },
  };
  return { method: endpoint.method, url: endpoint.path, schema: schema as RouteSchema<E, Answers> };
}
