import { Readable } from 'node:stream';
import { walletEndpoints } from '@promptmarket/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { getStoredSettings } from '../site/site.service';
import { walletMovements, walletMovementsCsv } from './wallet.movements';

/** The signed-in user's own wallet: balance, movements and their export. */
export async function walletRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  app.route({
    ...routeOf(walletEndpoints.movements),
    handler: async (request) => {
      const query = request.query;
      const [found, settings] = await Promise.all([
        walletMovements(app.db, signedInUser(request).id, query),
        getStoredSettings(app.db, await request.locale()),
      ]);
      return {
        status: 'OK' as const,
        payload: {
          balance: found.balance,
          internal_currency_name: settings.internal_currency_name,
          data: found.data,
          meta: {
            current_page: query.page,
            per_page: query.per_page,
            total: found.total,
            last_page: Math.max(1, Math.ceil(found.total / query.per_page)),
          },
        },
      };
    },
  });

  app.route({
    ...routeOf(walletEndpoints.export),
    handler: async (request, reply) =>
      sendPrivate(reply, {
        body: Readable.from(
          walletMovementsCsv(
            app.db,
            signedInUser(request).id,
            request.query.kind,
            request.query.lang ?? (await request.locale()),
          ),
        ),
        contentType: 'text/csv; charset=utf-8',
        filename: request.query.kind ? `wallet-${request.query.kind}.csv` : 'wallet.csv',
      }),
  });
}
