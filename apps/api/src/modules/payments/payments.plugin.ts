import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobHandlers } from '../jobs/jobs.service';
import type { PayoutProvider } from '../payouts/provider';
import { sandboxPayoutProvider } from '../payouts/sandbox';
import { stripePayoutProvider } from '../payouts/stripe';
import type { PaymentProvider } from './provider';
import { SANDBOX_WEBHOOK_QUEUE, type SandboxOptions, sandboxProvider, sandboxWebhookJob } from './sandbox';
import { sandboxPageRoutes } from './sandbox.routes';
import { stripeProvider } from './stripe';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider deposits go through: Stripe when configured, else the sandbox. */
    payments: PaymentProvider;
    /** The background queues of the payment provider (the sandbox's webhook deliveries). */
    paymentJobs: JobHandlers;
    /** The payout provider that keeps sellers' cards and pays them (decision 0026). */
    payoutProvider: PayoutProvider;
  }
}

/** The sandbox's secret: set, or derived from the app key so that it survives restarts. */
function sandboxSecret(app: FastifyInstance, configured: string | null): string {
  if (configured) return configured;
  const appKey = app.config.appKey ?? randomBytes(32).toString('hex');
  return createHmac('sha256', appKey).update('sandbox-webhook').digest('hex');
}

/** This server's own webhook address, on the port it listens on. */
function ownWebhookUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address !== 'object') throw new Error('the server is not listening yet');
  return `http://127.0.0.1:${address.port}/api/webhooks/sandbox`;
}

export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.payments;
    // Cards for payouts go to Stripe Connect when STRIPE_CONNECT_PAYOUTS says so; otherwise the
    // sandbox payout provider keeps them, sealed under the app key. The sandbox pays no real money:
    // a shop served to the public that takes real deposits (Stripe) sends no card payout through
    // it. (A public shop on the sandbox's deposits is a declared demo: start-up refuses it otherwise.)
    const connect = settings.provider === 'stripe' ? settings.connectPayouts : null;
    app.decorate(
      'payoutProvider',
      settings.provider === 'stripe' && connect
        ? stripePayoutProvider({
            secretKey: settings.secretKey,
            apiUrl: settings.apiUrl,
            country: connect.country,
          })
        : sandboxPayoutProvider(app.db, {
            sendsPayouts: settings.provider !== 'stripe' || !app.config.publicUrl,
            appKey: () => {
              if (!app.config.appKey) throw new Error('payout cards need APP_KEY to be sealed');
              return app.config.appKey;
            },
          }),
    );
    if (settings.provider === 'stripe') {
      app.decorate(
        'payments',
        stripeProvider({
          secretKey: settings.secretKey,
          webhookSecret: settings.webhookSecret,
          apiUrl: settings.apiUrl,
          appUrl: app.config.appUrl,
        }),
      );
      app.decorate('paymentJobs', {});
      return;
    }
    const options: SandboxOptions = {
      secret: sandboxSecret(app, settings.webhookSecret),
      webhookUrl: () => settings.webhookUrl ?? ownWebhookUrl(app),
    };
    app.decorate('payments', sandboxProvider(app.db, options));
    app.decorate('paymentJobs', { [SANDBOX_WEBHOOK_QUEUE]: sandboxWebhookJob(options) });
    await app.register(sandboxPageRoutes);
  },
  { name: 'payments', dependencies: ['db'] },
);
