import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
