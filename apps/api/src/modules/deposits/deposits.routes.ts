import { minorUnitsToNumber } from '@promptmarket/contracts';
import { depositEndpoints } from '@promptmarket/contracts/deposits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { recordWebhook } from '../../lib/metrics';
import { routeOf } from '../../plugins/schemas';
import { requireUser, signedInUser } from '../accounts/accounts.plugin';
import { WebhookRejected } from '../payments/provider';
import { enforceLimit } from '../throttle/throttle.service';
import { quote, startCheckout, validateDeposit } from './deposits.checkout';
import { applyPaymentEvent, withCheckoutRef } from './deposits.events';
import { currentDeposit } from './deposits.reconcile';
import { depositHistory, depositStatusOf, lastDepositDetails, ownDeposit } from './deposits.service';

export async function depositRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser({ verified: true }));

    signedIn.route({
      ...routeOf(depositEndpoints.validateAmount),
      handler: async (request) => {
        const priced = await quote(app.db, request.body.amount, request.body.currency);
        return {
          status: 'OK' as const,
          payload: {
            amount: minorUnitsToNumber(priced.amountMinor),
            currency: priced.currency,
            minimum: minorUnitsToNumber(priced.minimumMinor),
            internal_amount: minorUnitsToNumber(priced.internalAmount),
          },
          errors: [],
        };
      },
    });

    signedIn.route({
      ...routeOf(depositEndpoints.validate),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await validateDeposit(app.db, app.payments, request.body),
        errors: [],
      }),
    });

    signedIn.route({
      ...routeOf(depositEndpoints.checkout),
      handler: async (request) => {
        const user = signedInUser(request);
        await enforceLimit(app.db, `deposit-checkout:user:${user.id}`, { max: 20, windowSeconds: 60 * 60 });
        const { payment_method_id, paymentType, ...form } = request.body;
        const deposit = await startCheckout(
          app.db,
          app.payments,
          {
            userId: user.id,
            form,
            choice: { payment_method_id, paymentType },
            locale: await request.locale(),
            idempotencyKey: request.headers['idempotency-key'] ?? null,
          },
          request.log,
        );
        if (deposit.status === 'error') throw new AppError('SERVICE_UNAVAILABLE', deposit.errorMessage ?? '');
        return {
          status: 'OK' as const,
          // Absolute, as a provider's page is: a client hands it to a browser as it comes.
          redirect_url:
            deposit.redirectUrl === null ? null : new URL(deposit.redirectUrl, `${app.config.appUrl}/`).href,
          order_id: deposit.id,
          message: 'Checkout created',
        };
      },
    });

    signedIn.route({
      ...routeOf(depositEndpoints.status),
      handler: async (request) => {
        const own = await ownDeposit(app.db, signedInUser(request).id, request.query.order_id);
        const deposit = await currentDeposit(app.db, app.payments, own, request.log);
        return { status: 'OK' as const, order: depositStatusOf(deposit), message: deposit.status };
      },
    });

    signedIn.route({
      ...routeOf(depositEndpoints.lastDetails),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await lastDepositDetails(app.db, signedInUser(request).id),
      }),
    });

    signedIn.route({
      ...routeOf(depositEndpoints.history),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await depositHistory(app.db, signedInUser(request).id, await request.locale()),
      }),
    });
  });

  await app.register(async (scope) => {
    // Signatures cover the exact bytes sent: the body is kept raw and parsed by the provider.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(depositEndpoints.webhook),
      config: { csrf: false },
      handler: async (request) => {
        const provider = app.payments;
        // The route's enum bounds the label: only the providers the shop knows.
        const named = (request.params as { provider: string }).provider;
        if (named !== provider.name) {
          recordWebhook(named, 'wrong_provider');
          throw AppError.notFound();
        }
        if (!Buffer.isBuffer(request.body)) {
          recordWebhook(named, 'bad_request');
          throw new AppError('BAD_REQUEST', 'Bad Request');
        }
        let event: ReturnType<typeof provider.parseWebhook>;
        let outcome: Awaited<ReturnType<typeof applyPaymentEvent>>;
        try {
          event = provider.parseWebhook(request.body, request.headers);
        } catch (error) {
          if (!(error instanceof WebhookRejected)) {
            recordWebhook(named, 'error');
            throw error;
          }
          recordWebhook(named, 'bad_signature');
          request.log.warn({ reason: error.message }, 'webhook rejected');
          throw new AppError('BAD_REQUEST', 'Invalid signature.');
        }
        try {
          outcome = await applyPaymentEvent(
            app.db,
            provider.name,
            await withCheckoutRef(app.db, provider, event),
            request.log,
          );
        } catch (error) {
          recordWebhook(named, 'error');
          throw error;
        }
        recordWebhook(named, outcome);
        request.log.info({ eventId: event.id, outcome }, 'webhook handled');
        return { received: true as const };
      },
    });
  });
}
