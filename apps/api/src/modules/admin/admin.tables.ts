import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * Every back-office action: who did what to which record, and how it looked before and after.
 * Written in the same database transaction as the action, so an action without its entry cannot
 * happen.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** `offer.counter`, `verification.approve`, `payout.paid`, `payout.view`, … */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_created_idx').on(table.createdAt, table.id),
    index('admin_audit_action_idx').on(table.action, table.id),
    index('admin_audit_subject_idx').on(table.subjectType, table.subjectId),
  ],
);

/**
 * The Idempotency-Keys of the back office's actions that move money or decide (decision 0018): a
 * key is its admin's own, and stands for one request (its fingerprint). `answer` is the answer
 * given, null while the action runs; a repeat of the key answers it again and does nothing.
 */
export const adminIdempotencyKeys = pgTable(
  'admin_idempotency_keys',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.adminId, table.key] }),
    index('admin_idempotency_keys_created_idx').on(table.createdAt),
  ],
);
