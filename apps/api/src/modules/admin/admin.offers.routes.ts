import { errorResponses } from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendUploadedFile } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import { offerDetailForReview, offerForReview, offerSnapshot, offersForReview } from '../offers/offers.admin';
import { storedOfferFileKinds } from '../offers/offers.files';
import { declineByService, makeCounterOffer, publishOffer } from '../offers/offers.service';
import { oncePerKey } from './admin.idempotency';
import { bulkFailure, listAnswer } from './admin.lists';

/** The offers queue: works users offer to sell, priced, declined or published by the service. */
export async function adminOffersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** Declines one offer for the service, audited. */
  const declineAudited = (adminId: string, offerId: number, reason: string) =>
    audited(
      app.db,
      { adminId, action: 'offer.decline', subject: { type: 'offer', id: offerId } },
      async (tx) => {
        const before = await offerSnapshot(tx, offerId);
        await declineByService(tx, offerId, reason);
        return { result: null, before, after: { ...(await offerSnapshot(tx, offerId)), reason } };
      },
    );

  /**
   * Publishes one accepted offer as a product, audited; answers the product's id. The catalogue
   * clears the shop's caches once the audit's transaction commits (`insertProduct`).
   */
  const publishAudited = (adminId: string, offerId: number, priceCents: number, prompt?: string) =>
    audited(
      app.db,
      { adminId, action: 'offer.publish', subject: { type: 'offer', id: offerId } },
      async (tx) => {
        const id = await publishOffer(tx, app.storage, { offerId, priceCents, prompt });
        return {
          result: id,
          before: { product_id: null },
          after: { product_id: id },
        };
      },
    );

  app.route({
    ...routeOf(adminEndpoints.offers.list),
    handler: async (request) => {
      const { data, total } = await offersForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.offers.get),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await offerDetailForReview(app.db, request.params.id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.offers.media, { 200: z.any().describe('the file'), ...errorResponses }),
    handler: async (request, reply) => {
      const offer = await offerForReview(app.db, request.params.id);
      // Named and typed from its content, never from the name the seller uploaded it under.
      return sendUploadedFile(reply, app.storage, offer.mediaKey, {
        kinds: storedOfferFileKinds,
        name: `offer-${offer.id}`,
        inline: true,
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.offers.counter),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const offerId = request.params.id;
        await audited(
          app.db,
          {
            adminId: signedInUser(request).id,
            action: 'offer.counter',
            subject: { type: 'offer', id: offerId },
          },
          async (tx) => {
            const before = await offerSnapshot(tx, offerId);
            // The contract has read the euro amount as integer cents exactly.
            await makeCounterOffer(tx, offerId, request.body.service_price);
            return { result: null, before, after: await offerSnapshot(tx, offerId) };
          },
        );
        return { status: 'OK' as const, message: 'Counter-offer sent' };
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.offers.decline),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        await declineAudited(signedInUser(request).id, request.params.id, request.body.reason);
        return { status: 'OK' as const, message: 'Offer declined' };
      });
    },
  });

  app.route({
    ...routeOf(adminEndpoints.offers.publish),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const productId = await publishAudited(
          signedInUser(request).id,
          request.params.id,
          request.body.price,
          request.body.prompt,
        );
        return { status: 'OK' as const, message: 'Offer published', payload: { product_id: productId } };
      });
    },
  });

  /*
   * Several offers at once, one after the other, each in its own transaction with its own audit
   * entry: one that cannot be done (published already, not accepted, no prompt) is named with why
   * and the others are done all the same.
   */
  app.route({
    ...routeOf(adminEndpoints.offers.bulk),
    handler: async (request) => {
      return oncePerKey(app.db, request, async () => {
        const adminId = signedInUser(request).id;
        const locale = await request.locale();
        const body = request.body;
        const done: number[] = [];
        const failed: { id: number; code: string; message: string }[] = [];
        for (const offerId of [...new Set(body.ids)]) {
          try {
            if (body.action === 'decline') await declineAudited(adminId, offerId, body.reason);
            else await publishAudited(adminId, offerId, body.price);
            done.push(offerId);
          } catch (error) {
            failed.push(bulkFailure(offerId, error, locale));
          }
        }
        const message =
          failed.length === 0
            ? 'Offers updated'
            : `${failed.length} of ${done.length + failed.length} failed`;
        return { status: 'OK' as const, message, payload: { done, failed } };
      });
    },
  });
}
