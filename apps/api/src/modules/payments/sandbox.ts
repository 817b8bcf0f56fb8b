import { randomBytes } from 'node:crypto';
import { type PaymentMethod, paymentMethods } from '@promptmarket/contracts/deposits';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueJob, type JobHandler } from '../jobs/jobs.service';
import {
  type Checkout,
  type CheckoutRequest,
  headerValue,
  PAYMENT_DECLINED_MESSAGE,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentState,
  type RefundOutcome,
  RefundRefused,
  type RefundRequest,
  WebhookRejected,
} from './provider';
import { type SandboxSession, sandboxRefunds, sandboxSessions } from './sandbox.tables';
import { signatureHeader, verifySignature } from './signature';

export type { SandboxSession } from './sandbox.tables';

/**
 * The default payment provider: a test checkout served by this server. It behaves like a real
 * hosted checkout (decision 0015): it keeps its own sessions, shows a payment page with "Pay",
 * "Decline" and "Keep pending", and reports the outcome with a signed webhook in Stripe's scheme
 * (`Sandbox-Signature: t=…,v1=HMAC-SHA256(secret, "t.rawBody")`), retried by the jobs module
 * until the shop acknowledges it. No money moves anywhere outside the shop's ledger.
 */

export const SANDBOX_WEBHOOK_QUEUE = 'sandbox-webhook';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const SANDBOX_DECLINE_MESSAGE = PAYMENT_DECLINED_MESSAGE;
/**
 * The reasons the sandbox's page offers for a decline, as Stripe's decline codes, so that the
 * shop meets the codes a real card issuer gives. `generic_decline` is a refusal without a reason.
 */
export const SANDBOX_DECLINE_CODES = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'card_velocity_exceeded',
  'processing_error',
  'authentication_required',
] as const;
export type SandboxDeclineCode = (typeof SANDBOX_DECLINE_CODES)[number];
/** An unpaid session can be paid for a day, as Stripe's checkout sessions. */
const SESSION_HOURS = 24;

type SandboxEvent = {
  id: string;
  type: 'checkout.session.completed' | 'checkout.session.payment_failed' | 'checkout.session.expired';
  created: number;
  data: {
    object: {
      id: string;
      reference: string;
      amount_total: number;
      currency: string;
      status: SandboxSession['status'];
      failure_message: string | null;
      failure_code: string | null;
    };
  };
};

export type SandboxOptions = {
  secret: string;
  /** Where the webhooks go; resolved when sent, so it may depend on the port the server got. */
  webhookUrl: () => string;
  /** How long the shop has to answer one delivery (10 s unless given). */
  deliveryTimeoutMs?: number;
};

function eventOf(session: SandboxSession, type: SandboxEvent['type']): SandboxEvent {
  return {
    id: `evt_sandbox_${randomBytes(16).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        reference: session.reference,
        amount_total: session.amountMinor,
        currency: session.currency,
        status: session.status,
        failure_message: session.failureMessage,
        failure_code: session.failureCode,
      },
    },
  };
}

const methods: PaymentMethod[] = [paymentMethods.card];

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.object({
    object: z.object({
      id: z.string().max(200),
      amount_total: z.number().int().nonnegative(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      status: z.string().max(20).optional(),
      failure_message: z.string().max(500).nullable(),
      failure_code: z.string().max(100).nullable().optional(),
    }),
  }),
});

function stateOf(session: SandboxSession): PaymentState {
  if (session.status === 'paid') {
    return { state: 'paid', amountMinor: session.amountMinor, currency: session.currency };
  }
  if (session.status === 'declined') {
    return {
      state: 'failed',
      failure: 'declined',
      message: session.failureMessage ?? SANDBOX_DECLINE_MESSAGE,
      declineCode: session.failureCode,
    };
  }
  if (session.status === 'expired' || session.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'open' };
}

export function sandboxProvider(db: Db, options: SandboxOptions): PaymentProvider {
  async function find(ref: string): Promise<SandboxSession> {
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, ref));
    if (!session) throw new Error(`no sandbox session ${ref}`);
    return session;
  }

  return {
    name: 'sandbox',
    methods: () => methods,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const id = `cs_sandbox_${randomBytes(24).toString('base64url')}`;
      await db.insert(sandboxSessions).values({
        id,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        reference: request.reference,
        returnUrl: request.returnUrl,
        expiresAt: new Date(Date.now() + SESSION_HOURS * 60 * 60 * 1000),
      });
      return { ref: id, redirectUrl: `/sandbox/checkout/${id}` };
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      if (!verifySignature(options.secret, rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER))) {
        throw new WebhookRejected('bad or stale signature');
      }
      let parsed: z.infer<typeof eventSchema>;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookRejected('unreadable event');
      }
      const session = parsed.data.object;
      const base = {
        id: parsed.id,
        ref: session.id,
        amountMinor: session.amount_total,
        currency: session.currency,
      };
      if (parsed.type === 'checkout.session.completed') return { ...base, type: 'paid' };
      if (parsed.type === 'checkout.session.payment_failed') {
        // The sandbox fails a payment only by declining the card, which the session's status says.
        return {
          ...base,
          type: 'failed',
          failure: session.status === 'declined' ? 'declined' : 'failed',
          message: session.failure_message ?? SANDBOX_DECLINE_MESSAGE,
          declineCode: session.failure_code ?? null,
        };
      }
      if (parsed.type === 'checkout.session.expired') return { ...base, type: 'expired' };
      return { ...base, type: 'ignored' };
    },

    async fetchState(ref) {
      return stateOf(await find(ref));
    },

    refund: (request) => sandboxRefund(db, request),

    async expire(ref) {
      await db
        .update(sandboxSessions)
        .set({ status: 'expired', completedAt: new Date() })
        .where(and(eq(sandboxSessions.id, ref), eq(sandboxSessions.status, 'open')));
      return stateOf(await find(ref));
    },
  };
}

/**
 * A refund at the sandbox, kept in its own `sandbox_refunds` as a real provider keeps them: only of
 * a paid session, in its currency, never more in total than was paid, under the session's row
 * lock. The same idempotency key answers the same refund again; with another amount or session
 * it is refused, as Stripe refuses a key reused with other parameters.
 */
export async function sandboxRefund(db: Db, request: RefundRequest): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, request.ref))
      .for('update');
    if (!session) throw new RefundRefused(`no sandbox session ${request.ref}`);
    const [earlier] = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
    if (earlier) {
      if (earlier.sessionId !== session.id || earlier.amountMinor !== request.amountMinor) {
        throw new RefundRefused('this idempotency key was used for another refund');
      }
      return { refundId: earlier.id, status: 'succeeded' };
    }
    if (session.status !== 'paid') throw new RefundRefused(`the session is ${session.status}, not paid`);
    if (request.currency !== session.currency) {
      throw new RefundRefused(`the session was paid in ${session.currency}, not ${request.currency}`);
    }
    const [refunded] = await tx
      .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.sessionId, session.id));
    const left = session.amountMinor - Number(refunded?.total ?? 0);
    if (
      !Number.isSafeInteger(request.amountMinor) ||
      request.amountMinor <= 0 ||
      request.amountMinor > left
    ) {
      throw new RefundRefused(`the refund of ${request.amountMinor} is more than the ${left} left to refund`);
    }
    const id = `re_sandbox_${randomBytes(16).toString('base64url')}`;
    await tx.insert(sandboxRefunds).values({
      id,
      sessionId: session.id,
      amountMinor: request.amountMinor,
      currency: session.currency,
      idempotencyKey: request.idempotencyKey,
    });
    return { refundId: id, status: 'succeeded' };
  });
}

/** A sandbox session, for its payment page. */
export async function findSandboxSession(db: Db, id: string): Promise<SandboxSession | undefined> {
  const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  return session;
}

/** What the sandbox has refunded of a session so far, in its currency's minor units. */
export async function sandboxRefundedMinor(db: Db, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)` })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.sessionId, sessionId));
  return Number(row?.total ?? 0);
}

/**
 * Sends one webhook; a refused, cut or timed-out delivery throws, and the job is tried again
 * later (30 s, 1 min, 2 min, …). A delivery whose server died mid-way is taken over once its
 * short lease ends, so a paid deposit waits seconds, not minutes, after a crash.
 */
export function sandboxWebhookJob(options: SandboxOptions): JobHandler<{ event: string }> {
  const timeoutMs = options.deliveryTimeoutMs ?? 10_000;
  return {
    leaseSeconds: Math.ceil((3 * timeoutMs) / 1000),
    async run({ event }) {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signatureHeader(options.secret, event),
        },
        body: event,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`the shop answered the webhook with ${response.status}`);
    },
  };
}

/** The sandbox's own answer to a button of its payment page: what happened to the session. */
export async function pressSandboxButton(
  db: Db,
  id: string,
  action: 'pay' | 'decline' | 'pending',
  reason: SandboxDeclineCode = 'generic_decline',
): Promise<SandboxSession> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).for('update');
    if (!session) throw AppError.notFound();
    if (action === 'pending' || session.status !== 'open') return session;
    if (session.expiresAt.getTime() <= Date.now()) {
      const [expired] = await tx
        .update(sandboxSessions)
        .set({ status: 'expired', completedAt: sql`now()` })
        .where(eq(sandboxSessions.id, id))
        .returning();
      return expired ?? session;
    }
    const [done] = await tx
      .update(sandboxSessions)
      .set(
        action === 'pay'
          ? { status: 'paid', completedAt: sql`now()` }
          : {
              status: 'declined',
              failureMessage: SANDBOX_DECLINE_MESSAGE,
              failureCode: reason,
              completedAt: sql`now()`,
            },
      )
      .where(eq(sandboxSessions.id, id))
      .returning();
    if (!done) throw new Error('sandbox session vanished');
    const event = eventOf(
      done,
      action === 'pay' ? 'checkout.session.completed' : 'checkout.session.payment_failed',
    );
    await enqueueJob(tx, SANDBOX_WEBHOOK_QUEUE, { event: JSON.stringify(event) }, { maxAttempts: 12 });
    return done;
  });
}
