import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A checkout session as Stripe's API answers it (the fields the shop reads). */
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  /** The payment behind the session, once paid: what refunds and disputes name. */
  payment_intent: string | null;
};

/** Why Stripe refused a payment attempt (`last_payment_error`, an API error object). */
export type FakePaymentError = {
  type: 'card_error' | 'invalid_request_error' | 'api_error';
  code: string | null;
  decline_code?: string | null;
  message: string;
  charge?: string | null;
  doc_url?: string | null;
};

/** A payment intent as Stripe's API answers it (the fields the shop reads). */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  metadata: Record<string, string>;
  last_payment_error: FakePaymentError | null;
};

/** A refund as Stripe's API answers it (the fields the shop reads). */
export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  failure_reason?: string | null;
};

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=2500`) as a flat map. */
function formOf(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body));
}

/** The entries of a form's hash (`metadata[reference]=7`) under `prefix`. */
function metadataOf(form: Map<string, string>, prefix: string): Record<string, string> {
  const entries = [...form].filter(([key]) => key.startsWith(`${prefix}[`) && key.endsWith(']'));
  return Object.fromEntries(entries.map(([key, value]) => [key.slice(prefix.length + 1, -1), value]));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  response.end(JSON.stringify(body));
}

function stripeError(
  response: ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
) {
  send(response, status, { error: { type, message } });
}

/**
 * A local HTTP server that speaks the part of Stripe's API the shop uses: creating, reading (with its
 * payment intent expanded), listing (by payment intent) and expiring checkout sessions, and reading
 * payment intents, with API-key authentication and idempotency keys. Tests point the
 * official SDK at it (STRIPE_API_URL) and drive the payments' outcomes themselves.
 */
export async function startStripeApi(secretKey: string) {
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  /** What happens at Stripe just before a session is asked to expire (a payment racing the request). */
  const expireHooks = new Map<string, () => void>();
  /** What Checkout puts on the payment intent it creates for a session (`payment_intent_data[metadata]`). */
  const intentMetadata = new Map<string, Record<string, string>>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  const requests: { method: string; path: string; form: Map<string, string>; idempotencyKey?: string }[] = [];
  let failing = false;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = formOf(Buffer.concat(chunks).toString('utf8'));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, form, idempotencyKey });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, 'Invalid API Key provided', 'authentication_error');
    }
    if (failing) return stripeError(response, 500, 'An unknown error occurred', 'api_error');

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return send(response, 200, earlier);
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const currency = form.get('line_items[0][price_data][currency]');
      if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || amount <= 0 || !currency) {
        return stripeError(response, 400, 'Missing required param: line_items.');
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: 'payment',
        amount_total: amount * Number(form.get('line_items[0][quantity]') ?? 1),
        currency,
        client_reference_id: form.get('client_reference_id') ?? null,
        customer_email: form.get('customer_email') ?? null,
        locale: form.get('locale') ?? null,
        metadata: { reference: form.get('metadata[reference]') ?? '' },
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        payment_status: 'unpaid',
        status: 'open',
        payment_intent: null,
      };
      intentMetadata.set(id, metadataOf(form, 'payment_intent_data[metadata]'));
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return send(response, 200, session);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) return send(response, 200, earlier);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent)
        return stripeError(response, 400, `No such payment_intent: '${form.get('payment_intent')}'`);
      if (intent.status !== 'succeeded') {
        return stripeError(response, 400, 'This PaymentIntent does not have a successful charge to refund.');
      }
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed')
        .reduce((total, refund) => total + refund.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - refunded;
      if (refunded >= intent.amount) {
        return stripeError(response, 400, `Charge for ${intent.id} has already been refunded.`);
      }
      if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) {
        return stripeError(
          response,
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
        );
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        failure_reason: null,
      };
      refunds.set(refund.id, refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(response, 200, refund);
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
      const paymentIntent = query.get('payment_intent');
      const data = [...sessions.values()].filter(
        (session) => !paymentIntent || session.payment_intent === paymentIntent,
      );
      return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    const intentMatch = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (intentMatch && request.method === 'GET') {
      const intent = intents.get(intentMatch[1] ?? '');
      if (!intent) return stripeError(response, 404, `No such payment_intent: '${intentMatch[1]}'`);
      return send(response, 200, intent);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1] ?? '') : undefined;
    if (match && !session) return stripeError(response, 404, `No such checkout.session: '${match[1]}'`);
    if (session && request.method === 'GET' && !match?.[2]) {
      // `expand[]=payment_intent` (or `expand[0]=…`) answers the intent itself instead of its id.
      const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
      const expand = [...query].some(
        ([key, value]) => key.startsWith('expand[') && value === 'payment_intent',
      );
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      return send(response, 200, expand && intent ? { ...session, payment_intent: intent } : session);
    }
    if (session && request.method === 'POST' && match?.[2]) {
      expireHooks.get(session.id)?.();
      expireHooks.delete(session.id);
      if (session.status !== 'open') {
        return stripeError(response, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      }
      session.status = 'expired';
      session.url = null;
      return send(response, 200, session);
    }
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  /** The session's payment intent, created by Checkout at the first attempt to pay. */
  function intentOf(session: FakeSession): FakeIntent {
    const known = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (known) return known;
    const intent: FakeIntent = {
      id: `pi_${randomBytes(12).toString('hex')}`,
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
      metadata: intentMetadata.get(session.id) ?? {},
      last_payment_error: null,
    };
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      stripeError(response, 500, String(error), 'api_error'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    intents,
    /** The refunds made through `POST /v1/refunds`, by id. */
    refunds,
    /** The customer pays on Stripe's page (after any refused attempts, with the same intent). */
    pay(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const intent = intentOf(session);
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      session.payment_status = 'paid';
      session.status = 'complete';
      return session;
    },
    /**
     * The customer's card is refused on Stripe's page: the session stays open (another card may
     * be tried), its intent waits for a payment method and keeps the error. Returns the intent, as
     * `payment_intent.payment_failed` carries it.
     */
    refuse(id: string, error: Omit<FakePaymentError, 'message'> & { message?: string }) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const intent = intentOf(session);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        message: 'Your card was declined.',
        charge: error.type === 'card_error' ? `ch_${randomBytes(12).toString('hex')}` : null,
        doc_url: error.code ? `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}` : null,
        ...error,
      };
      return intent;
    },
    /** Runs `happen` once, just before the session is asked to expire. */
    onExpire(id: string, happen: () => void) {
      expireHooks.set(id, happen);
    },
    /** Every call answers 500 until switched back. */
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
