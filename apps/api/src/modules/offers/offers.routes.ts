import { errorResponses } from '@promptmarket/contracts';
import { OFFER_MAX_BYTES, offerCreateFields, offerPromptMissing } from '@promptmarket/contracts/offers';
import { offerEndpoints } from '@promptmarket/contracts/offers.endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldErrors } from '../../errors';
import { sendUploadedFile } from '../../lib/private-file';
import { receiveUpload } from '../../lib/uploads';
import { fieldErrorsOf } from '../../lib/validate';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { retryPayout } from '../payouts/payouts.service';
import { enforceLimit, type Limit, limitAddress } from '../throttle/throttle.service';
import { verificationStatusOf } from '../verification/verification.service';
import { offerFileKinds, storedOfferFileKinds } from './offers.files';
import { acceptOffer, checkOfferAmount, declineOffer, offerHistory, offerMedia } from './offers.service';
import { createCheckedOffer } from './offers.similarity';

/**
 * Offers one user, and one address, may send in an hour (decision 0012): each carries a file of up
 * to 10 MB for the staff to review. Counted before the file is read.
 */
const OFFERS_PER_USER: Limit = { max: 10, windowSeconds: 60 * 60 };
const OFFERS_PER_ADDRESS: Limit = { max: 30, windowSeconds: 60 * 60 };

/** The spec's keys for the file's problems (section 5). */
const mediaKeys: Record<string, string> = { 'file.type': 'media.type', 'file.required': 'media.required' };

/** Field errors under the names the clients know: `style_ids[]` for any problem with a style. */
function offerFieldErrors(errors: FieldErrors): FieldErrors {
  const named: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = field.startsWith('style_ids') ? 'style_ids[]' : field;
    named[name] = [...(named[name] ?? []), ...messages];
  }
  return named;
}

export async function offerRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', requireUser({ verified: true }));

  /** The key payout details are sealed with; the server always has one (config.withAppKey). */
  const sealingKey = () => {
    if (!app.config.appKey) throw new Error('payout details need APP_KEY to be sealed');
    return app.config.appKey;
  };
  /** The identity check of spec section 6, read where the profile reads it. */
  const identityApproved = async (request: FastifyRequest) =>
    (await verificationStatusOf(app.db, signedInUser(request).id)) === 'approved';
  const answer = async (userId: string, locale: string, id: number, message: string) => {
    const [offer] = await offerHistory(app.db, userId, locale, id);
    if (!offer) throw AppError.notFound();
    return { status: 'OK' as const, message, payload: offer };
  };

  app.route({
    ...routeOf(offerEndpoints.history),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await offerHistory(app.db, signedInUser(request).id, await request.locale()),
    }),
  });

  app.route({
    ...routeOf(offerEndpoints.create),
    handler: async (request) => {
      const user = signedInUser(request);
      await enforceLimit(app.db, `offer-create:user:${user.id}`, OFFERS_PER_USER);
      await enforceLimit(app.db, `offer-create:ip:${limitAddress(request.ip)}`, OFFERS_PER_ADDRESS);
      let upload: Awaited<ReturnType<typeof receiveUpload>>;
      try {
        upload = await receiveUpload(request, app.storage, {
          bucket: 'private',
          prefix: 'offers',
          files: {
            media: {
              kinds: offerFileKinds,
              maxBytes: OFFER_MAX_BYTES,
              required: true,
            },
          },
          tooLargeKey: 'media.too_large',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED' && error.fields) {
          const fields = Object.fromEntries(
            Object.entries(error.fields).map(([name, keys]) => [
              name,
              keys.map((key) => mediaKeys[key] ?? key),
            ]),
          );
          throw AppError.validation(fields);
        }
        throw error;
      }
      const media = upload.files[0];
      const parsed = offerCreateFields.safeParse({
        ...upload.fields,
        'style_ids[]': upload.lists['style_ids[]'] ?? [],
      });
      const errors: FieldErrors = parsed.success ? {} : offerFieldErrors(fieldErrorsOf(parsed.error));
      // A picture is sold with its prompt: the seller gives it now (decision 0047).
      const prompt = parsed.success ? parsed.data.prompt : String(upload.fields.prompt ?? '');
      if (media && !errors.prompt && offerPromptMissing(media.kind, prompt)) {
        errors.prompt = ['offer_prompt.required'];
      }
      if (!parsed.success || !media || Object.keys(errors).length > 0) {
        await Promise.all(upload.files.map((file) => app.storage.delete(file.bucket, file.key)));
        if (Object.keys(errors).length > 0) throw AppError.validation(errors);
        throw AppError.validation({ media: ['media.required'] });
      }
      let id: number;
      try {
        id = await createCheckedOffer(app.db, app.storage, { userId: user.id, fields: parsed.data, media });
      } catch (error) {
        await app.storage.delete(media.bucket, media.key).catch(() => undefined);
        throw error;
      }
      return answer(user.id, await request.locale(), id, 'Offer created');
    },
  });

  app.route({
    ...routeOf(offerEndpoints.decline),
    handler: async (request) => {
      const user = signedInUser(request);
      const locale = await request.locale();
      await declineOffer(app.db, { userId: user.id, offerId: request.body.id });
      return answer(user.id, locale, request.body.id, 'Offer declined');
    },
  });

  app.route({
    ...routeOf(offerEndpoints.approve),
    handler: async (request) => {
      const user = signedInUser(request);
      const locale = await request.locale();
      const { id, full_name, iban, terms: _terms, ...contact } = request.body;
      await acceptOffer(app.db, {
        userId: user.id,
        offerId: id,
        appKey: sealingKey(),
        contact,
        payout: { method: 'sepa', fullName: full_name, iban },
        identityApproved: () => identityApproved(request),
      });
      return answer(user.id, locale, id, 'Offer accepted');
    },
  });

  /*
   * The card goes to the payout provider, which answers a token with its brand and last four
   * digits; only those reach the shop's tables (decision 0026). If the offer cannot be accepted,
   * the provider forgets the card again.
   */
  app.route({
    ...routeOf(offerEndpoints.withdrawCard),
    handler: async (request) => {
      const user = signedInUser(request);
      const locale = await request.locale();
      const body = request.body;
      const provider = app.payoutProvider;
      const card = await provider.saveCard({
        number: body.card_number,
        holder: body.card_holder_name,
        expireMonth: body.expire_month,
        expireYear: body.expire_year,
      });
      try {
        await acceptOffer(app.db, {
          userId: user.id,
          offerId: body.id,
          appKey: sealingKey(),
          contact: {
            name: body.name,
            surname: body.surname,
            email: body.email,
            phone: body.phone,
            address: body.address,
            city: body.city,
            postCode: body.postCode,
            country: body.country,
            currency: body.currency,
          },
          payout: { method: 'card', provider: provider.name, card },
          amountCents: body.amount,
          identityApproved: () => identityApproved(request),
        });
      } catch (error) {
        await provider.releaseCard(card.token);
        throw error;
      }
      return answer(user.id, locale, body.id, 'Offer accepted');
    },
  });

  app.route({
    ...routeOf(offerEndpoints.withdrawSepa),
    handler: async (request) => {
      const user = signedInUser(request);
      const locale = await request.locale();
      const { id, full_name, iban, amount, terms: _terms, ...contact } = request.body;
      await acceptOffer(app.db, {
        userId: user.id,
        offerId: id,
        appKey: sealingKey(),
        contact,
        payout: { method: 'sepa', fullName: full_name, iban },
        amountCents: amount,
        identityApproved: () => identityApproved(request),
      });
      return answer(user.id, locale, id, 'Offer accepted');
    },
  });

  /*
   * A payout that failed is tried again with the details the seller gives now; the card, as when
   * accepting, goes to the payout provider first and only its token reaches the shop.
   */
  app.route({
    ...routeOf(offerEndpoints.retryPayoutSepa),
    handler: async (request) => {
      const user = signedInUser(request);
      const { id, full_name, iban } = request.body;
      await retryPayout(app.db, {
        userId: user.id,
        offerId: id,
        appKey: sealingKey(),
        destination: { method: 'sepa', fullName: full_name, iban },
      }).then(({ releaseToken }) =>
        releaseToken ? app.payoutProvider.releaseCard(releaseToken) : undefined,
      );
      return answer(user.id, await request.locale(), id, 'Payout details updated');
    },
  });

  app.route({
    ...routeOf(offerEndpoints.retryPayoutCard),
    handler: async (request) => {
      const user = signedInUser(request);
      const body = request.body;
      await checkOfferAmount(app.db, user.id, body.id, body.amount);
      const provider = app.payoutProvider;
      const card = await provider.saveCard({
        number: body.card_number,
        holder: body.card_holder_name,
        expireMonth: body.expire_month,
        expireYear: body.expire_year,
      });
      let releaseToken: string | null;
      try {
        ({ releaseToken } = await retryPayout(app.db, {
          userId: user.id,
          offerId: body.id,
          appKey: sealingKey(),
          destination: { method: 'card', provider: provider.name, card },
        }));
      } catch (error) {
        await provider.releaseCard(card.token);
        throw error;
      }
      if (releaseToken) await provider.releaseCard(releaseToken);
      return answer(user.id, await request.locale(), body.id, 'Payout details updated');
    },
  });

  app.route({
    ...routeOf(offerEndpoints.media, { 200: z.any().describe('the file'), ...errorResponses }),
    handler: async (request, reply) => {
      const row = await offerMedia(app.db, signedInUser(request).id, request.params.id);
      // Re-encoded pictures are shown in the page; anything else (SVG included) only downloads,
      // named and typed from its content, never from the name it was uploaded under.
      return sendUploadedFile(reply, app.storage, row.mediaKey, {
        kinds: storedOfferFileKinds,
        name: `offer-${row.id}`,
        inline: true,
        maxAgeSeconds: 300,
      });
    },
  });
}
