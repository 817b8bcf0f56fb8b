import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const sandboxSessionStatus = pgEnum('sandbox_session_status', ['open', 'paid', 'declined', 'expired']);

/**
 * The sandbox provider's own records: what a real provider keeps on its side. The shop's
 * deposits refer to a session by its id only, as they would to a Stripe checkout session.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    /** `cs_sandbox_…`, unguessable: it is the address of the payment page. */
    id: text('id').primaryKey(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    /** The shop's reference (the deposit id), as Stripe's client_reference_id. */
    reference: text('reference').notNull(),
    returnUrl: text('return_url').notNull(),
    status: sandboxSessionStatus('status').notNull().default('open'),
    failureMessage: text('failure_message'),
    /** Why a declined payment was declined, in Stripe's decline codes (`insufficient_funds`, …). */
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('sandbox_sessions_amount_positive', sql`${table.amountMinor} > 0`),
    index('sandbox_sessions_reference_idx').on(table.reference),
  ],
);
export type SandboxSession = typeof sandboxSessions.$inferSelect;

/**
 * The sandbox's refunds of paid sessions, as a real provider keeps them: each with its own id, the
 * shop's Idempotency-Key (the same key answers the same refund), and never more in total than the
 * session was paid.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** `re_sandbox_…`. */
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sandboxSessions.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('sandbox_refunds_idempotency_unique').on(table.idempotencyKey),
    index('sandbox_refunds_session_idx').on(table.sessionId),
    check('sandbox_refunds_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);
export type SandboxRefund = typeof sandboxRefunds.$inferSelect;
