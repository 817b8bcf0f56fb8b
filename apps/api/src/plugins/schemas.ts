import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createSerializerCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { zodValidatorCompiler } from '../lib/validate';

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
