import {
  currenciesResponse,
  errorResponses,
  languagesResponse,
  localeParams,
  settingsResponse,
  wordsResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getSettings, getWords, listCurrencies, listLanguages } from './site.service';

export async function siteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings',
    { schema: { summary: 'Shop settings', response: { 200: settingsResponse, ...errorResponses } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await getSettings(app.db, await request.locale()),
    }),
  );

  app.get(
    '/languages',
    { schema: { summary: 'Languages', response: { 200: languagesResponse, ...errorResponses } } },
    async () => ({ status: 'OK' as const, payload: await listLanguages(app.db) }),
  );

  app.get(
    '/currencies',
    {
      schema: { summary: 'Currencies, EUR first', response: { 200: currenciesResponse, ...errorResponses } },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await listCurrencies(app.db, await request.locale()),
    }),
  );

  app.get(
    '/localization/:locale/words',
    {
      schema: {
        summary: 'Interface texts changed for a language',
        params: localeParams,
        response: { 200: wordsResponse, ...errorResponses },
      },
    },
    async (request) => ({ status: 'OK' as const, payload: await getWords(app.db, request.params.locale) }),
  );
}
