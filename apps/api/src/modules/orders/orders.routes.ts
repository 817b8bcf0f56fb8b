import { errorResponses, minorUnitsToNumber } from '@promptmarket/contracts';
import {
  addToCartRequest,
  cartItemParams,
  cartResponse,
  ordersResponse,
  ownedPromptsResponse,
  purchaseError,
  purchasePromptRequest,
  purchaseResponse,
} from '@promptmarket/contracts/orders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusOf } from '../../errors';
import { attachmentDisposition } from '../../lib/private-file';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { walletBalance } from '../wallet/wallet.service';
import { downloadChoice, orderZip } from './orders.downloads';
import {
  addToCart,
  getCart,
  orderHistory,
  ownedPrompts,
  PurchaseRefused,
  purchase,
  purchaseCart,
  refusalBody,
  removeFromCart,
} from './orders.service';

/** A client's retry key: the same key from the same user is the same order. */
const purchaseHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'field.invalid')
    .optional(),
});

/** What a purchase answers; a paid generation refuses with the same bodies, so it shares them. */
export const purchaseAnswers = {
  200: purchaseResponse,
  422: purchaseError.or(errorResponses[422]),
  '4xx': errorResponses['4xx'],
  '5xx': errorResponses['5xx'],
};

export async function orderRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  /** Runs a purchase and answers the order, or `{status: "ERROR", message, code}` with 422. */
  async function answerPurchase(
    request: FastifyRequest,
    reply: FastifyReply,
    buy: () => Promise<{ orderId: number }>,
  ) {
    try {
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
    } catch (error) {
      if (!(error instanceof PurchaseRefused)) throw error;
      return reply.code(statusOf(error.code)).send(refusalBody(error));
    }
  }

  app.get(
    '/cart',
    { schema: { summary: 'The cart with its totals', response: { 200: cartResponse, ...errorResponses } } },
    async (request) => ({
      status: 'OK' as const,
      payload: await getCart(app.db, signedInUser(request).id, await request.locale()),
    }),
  );

  app.post(
    '/cart',
    {
      schema: {
        summary: 'Add a prompt to the cart (once; not one the user owns)',
        body: addToCartRequest,
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const locale = await request.locale();
      await addToCart(app.db, user.id, request.body.product_id, locale);
      return { status: 'OK' as const, payload: await getCart(app.db, user.id, locale) };
    },
  );

  app.delete(
    '/cart/:id',
    {
      schema: {
        summary: 'Remove a row of the cart',
        params: cartItemParams,
        response: { 200: cartResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await removeFromCart(app.db, user.id, request.params.id);
      return { status: 'OK' as const, payload: await getCart(app.db, user.id, await request.locale()) };
    },
  );

  app.post(
    '/purchase/cart',
    {
      schema: {
        summary: 'Buy everything in the cart, all or nothing',
        headers: purchaseHeaders,
        response: purchaseAnswers,
      },
    },
    async (request, reply) =>
      answerPurchase(request, reply, async () =>
        purchaseCart(app.db, {
          userId: signedInUser(request).id,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
          locale: await request.locale(),
        }),
      ),
  );

  app.post(
    '/purchase/prompt',
    {
      schema: {
        summary: 'Buy one prompt',
        body: purchasePromptRequest,
        headers: purchaseHeaders,
        response: purchaseAnswers,
      },
    },
    async (request, reply) =>
      answerPurchase(request, reply, async () =>
        purchase(app.db, {
          userId: signedInUser(request).id,
          productIds: [request.body.prompt_id],
          idempotencyKey: request.headers['idempotency-key'] ?? null,
          locale: await request.locale(),
        }),
      ),
  );

  app.get(
    '/purchase/history',
    {
      schema: {
        summary: 'The prompts bought, newest first',
        response: { 200: ordersResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await orderHistory(app.db, signedInUser(request).id, await request.locale()),
    }),
  );

  app.get(
    '/purchase/:orderId/download',
    {
      schema: {
        summary: 'A bought prompt as a zip: image in the chosen format and size, prompt, licence',
        params: z.object({ orderId: cartItemParams.shape.id }),
        querystring: z.object({
          format: z.string().max(10).optional(),
          size: z.string().max(20).optional(),
        }),
        response: { 200: z.any().describe('application/zip'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const choice = await downloadChoice(app.db, request.query);
      const { filename, zip } = await orderZip(app.db, app.storage, {
        userId: signedInUser(request).id,
        orderItemId: request.params.orderId,
        choice,
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );

  app.get(
    '/user/prompts',
    {
      schema: {
        summary: 'The prompts the user owns',
        response: { 200: ownedPromptsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      payload: await ownedPrompts(app.db, signedInUser(request).id, await request.locale()),
    }),
  );
}
