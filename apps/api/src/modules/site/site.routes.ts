import { siteEndpoints } from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedSiteAnswer } from '../../lib/public-answers';
import { routeOf } from '../../plugins/schemas';
import { getSettings, getWordOverrides, getWords, listCurrencies, listLanguages } from './site.service';

export async function siteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The sandbox provider simulates payments: the web says so at the top of every page.
  const paymentsTestMode = app.config.payments.provider === 'sandbox';
  // What a deposit offers to pay with, for the footer to name what the shop accepts.
  const paymentMethodTypes = app.payments.methods().map((method) => method.type);

  app.route({
    ...routeOf(siteEndpoints.settings),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, async () => {
        const settings = await getSettings(app.db, await request.locale());
        return {
          status: 'OK' as const,
          payload: {
            ...settings,
            payments_test_mode: paymentsTestMode,
            payment_methods: paymentMethodTypes,
            min_deposit_amount_eur: settings.min_deposit_eur,
          },
        };
      }),
  });

  app.route({
    ...routeOf(siteEndpoints.languages),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await listLanguages(app.db),
      })),
  });

  app.route({
    ...routeOf(siteEndpoints.currencies),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await listCurrencies(app.db, await request.locale()),
      })),
  });

  app.route({
    ...routeOf(siteEndpoints.words),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, () => getWords(app.db, request.params.locale)),
  });

  // Every page's texts are merged with these: cached like the rest of the site's answers, so a
  // page's call for them does not pass through the router and its hooks each time.
  app.route({
    ...routeOf(siteEndpoints.wordOverrides),
    handler: async (request, reply) =>
      cachedSiteAnswer(app.db, request, reply, async () => ({
        status: 'OK' as const,
        payload: await getWordOverrides(app.db, request.params.locale),
      })),
  });
}
