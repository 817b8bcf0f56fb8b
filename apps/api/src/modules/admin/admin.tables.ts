import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

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
