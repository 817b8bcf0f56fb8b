import {
  errorResponses,
  LANGUAGE_HEADER,
  minorUnitsToNumber,
  parseMinorUnits,
} from '@promptmarket/contracts';
import { orderEndpoints, purchaseError, purchaseResponse } from '@promptmarket/contracts/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestHash } from '../../lib/idempotency';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { walletBalance } from '../wallet/wallet.service';
import { downloadChoice, orderZip } from './orders.downloads';
import { purchaseHistory } from './orders.history';
import {
  addToCart,
  getCart,
  orderHistory,
  ownedPrompts,
  purchase,
  purchaseCart,
  removeFromCart,
} from './orders.service';

/** What a purchase answers; a paid generation refuses with the same bodies, so it shares them. */
export const purchaseAnswers = {
  200: purchaseResponse,
  422: purchaseError.or(errorResponses[422]),
  409: purchaseError.or(errorResponses['4xx']),
  '4xx': errorResponses['4xx'],
  '5xx': errorResponses['5xx'],
};

/**
 * What an Idempotency-Key of a purchase or a generation remembers: the key as sent, and the
 * fingerprint of the request it came with.
 */
export function keyedRequest(request: FastifyRequest): {
  idempotencyKey: string | null;
  requestHash: string | null;
} {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return { idempotencyKey: null, requestHash: null };
  return {
    idempotencyKey: key,
    requestHash: requestHash(request.method, request.routeOptions.url ?? request.url, request.body),
  };
}

/** The total a buyer saw (`expected_total`), in minor units; null when not sent. */
function expectedTotalOf(body: { expected_total?: number } | undefined): number | null {
  return body?.expected_total === undefined ? null : parseMinorUnits(String(body.expected_total));
}

/** The answers of a route whose success is a zip. */
export const zipAnswers = { 200: z.any().describe('application/zip'), ...errorResponses };

export async function orderRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  /** Runs a purchase and answers the order; a refusal is thrown on to the error handler. */
  async function answerPurchase(request: FastifyRequest, buy: () => Promise<{ orderId: number }>) {
    const { orderId } = await buy();
    const user = signedInUser(request);
    const [orders, balance] = await Promise.all([
      orderHistory(app.db, user.id, await request.locale(), orderId),
      walletBalance(app.db, user.id),
    ]);
    return {
      status: 'OK' as const,
      message: 'Purchase successful',
      payload: { order_id: orderId, orders, balance: minorUnitsToNumber(balance) },
    };
  }

  app.route({
    ...routeOf(orderEndpoints.cart),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await getCart(app.db, signedInUser(request).id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(orderEndpoints.addToCart),
    handler: async (request) => {
      const user = signedInUser(request);
      await addToCart(app.db, user.id, request.body.product_id);
      return { status: 'OK' as const, payload: await getCart(app.db, user.id, await request.locale()) };
    },
  });

  app.route({
    ...routeOf(orderEndpoints.removeFromCart),
    handler: async (request) => {
      const user = signedInUser(request);
      await removeFromCart(app.db, user.id, request.params.id);
      return { status: 'OK' as const, payload: await getCart(app.db, user.id, await request.locale()) };
    },
  });

  app.route({
    ...routeOf(orderEndpoints.purchaseCart, purchaseAnswers),
    handler: async (request) =>
      answerPurchase(request, async () =>
        purchaseCart(app.db, {
          userId: signedInUser(request).id,
          ...keyedRequest(request),
          expectedTotal: expectedTotalOf(request.body),
          locale: await request.locale(),
        }),
      ),
  });

  app.route({
    ...routeOf(orderEndpoints.purchasePrompt, purchaseAnswers),
    handler: async (request) =>
      answerPurchase(request, async () =>
        purchase(app.db, {
          userId: signedInUser(request).id,
          productIds: [request.body.prompt_id],
          ...keyedRequest(request),
          expectedTotal: expectedTotalOf(request.body),
          locale: await request.locale(),
        }),
      ),
  });

  app.route({
    ...routeOf(orderEndpoints.history),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await purchaseHistory(app.db, signedInUser(request).id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(orderEndpoints.download, zipAnswers),
    handler: async (request, reply) => {
      const choice = await downloadChoice(app.db, request.query);
      const user = signedInUser(request);
      const { filename, zip } = await orderZip(app.db, app.storage, {
        userId: user.id,
        orderItemId: request.params.orderId,
        choice,
        // The page's language when the request names one, else the account's.
        languages: request.headers[LANGUAGE_HEADER] ? [await request.locale(), user.locale] : [user.locale],
      });
      return sendPrivate(reply, { body: zip, contentType: 'application/zip', filename });
    },
  });

  app.route({
    ...routeOf(orderEndpoints.ownedPrompts),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await ownedPrompts(app.db, signedInUser(request).id, await request.locale()),
    }),
  });
}
