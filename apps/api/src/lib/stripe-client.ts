import Stripe from 'stripe';

/**
 * The official SDK's client as the shop uses it for payments and payouts: two retries, a 20-second
 * timeout, no telemetry; `apiUrl` points it at another API host (a local server that speaks
 * Stripe's API, in tests).
 */
export function stripeClient(secretKey: string, apiUrl?: string | null): Stripe {
  const api = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
