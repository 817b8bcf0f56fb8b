import { errorResponses } from '@promptmarket/contracts';
import {
  adminActionResponse,
  adminIdParams,
  adminOfferCounterRequest,
  adminOfferPublishRequest,
  adminOfferPublishResponse,
  adminOffersRequest,
  adminOffersResponse,
  adminReasonRequest,
} from '@promptmarket/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../lib/private-file';
import { signedInUser } from '../accounts/accounts.plugin';
import { forgetCatalogueCounts, forgetCatalogueMenus } from '../catalogue/catalogue.service';
import { offerForReview, offerSnapshot, offersForReview } from '../offers/offers.admin';
import { declineByService, makeCounterOffer, publishOffer } from '../offers/offers.service';
import { audited } from './admin.audit';
import { listAnswer } from './admin.lists';

/** The offers queue: works users offer to sell, priced, declined or published by the service. */
export async function adminOffersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const answers = { 200: adminActionResponse, ...errorResponses };

  app.get(
    '/admin/offers',
    {
      schema: {
        summary: 'Offers, newest first, by status',
        querystring: adminOffersRequest,
        response: { 200: adminOffersResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { data, total } = await offersForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/offers/:id/media',
    { schema: { summary: 'The file of an offer, to look at', params: adminIdParams } },
    async (request, reply) => {
      const offer = await offerForReview(app.db, request.params.id);
      const file = await app.storage.createReadStream('private', offer.mediaKey);
      if (!file) throw AppError.notFound();
      const inline = ['jpeg', 'png', 'gif', 'webp'].includes(offer.mediaKind);
      return reply
        .header('content-type', offer.mediaContentType)
        .header('content-disposition', inline ? 'inline' : attachmentDisposition(offer.mediaFilename))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/admin/offers/:id/counter',
    {
      schema: {
        summary: 'Answer a pending offer with the service’s price (EUR)',
        params: adminIdParams,
        body: adminOfferCounterRequest,
        response: answers,
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/admin/offers/:id/decline',
    {
      schema: {
        summary: 'Decline an offer for the service',
        params: adminIdParams,
        body: adminReasonRequest,
        response: answers,
      },
    },
    async (request) => {
      const offerId = request.params.id;
      await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'offer.decline',
          subject: { type: 'offer', id: offerId },
        },
        async (tx) => {
          const before = await offerSnapshot(tx, offerId);
          await declineByService(tx, offerId);
          return {
            result: null,
            before,
            after: { ...(await offerSnapshot(tx, offerId)), reason: request.body.reason },
          };
        },
      );
      return { status: 'OK' as const, message: 'Offer declined' };
    },
  );

  app.post(
    '/admin/offers/:id/publish',
    {
      schema: {
        summary: 'Make an accepted offer’s picture a product of the shop',
        params: adminIdParams,
        body: adminOfferPublishRequest,
        response: { 200: adminOfferPublishResponse, ...errorResponses },
      },
    },
    async (request) => {
      const offerId = request.params.id;
      const productId = await audited(
        app.db,
        {
          adminId: signedInUser(request).id,
          action: 'offer.publish',
          subject: { type: 'offer', id: offerId },
        },
        async (tx) => {
          const id = await publishOffer(tx, app.storage, {
            offerId,
            priceCents: request.body.price,
            prompt: request.body.prompt,
          });
          return { result: id, before: { product_id: null }, after: { product_id: id } };
        },
      );
      forgetCatalogueCounts(app.db);
      forgetCatalogueMenus(app.db);
      return { status: 'OK' as const, message: 'Offer published', payload: { product_id: productId } };
    },
  );
}
