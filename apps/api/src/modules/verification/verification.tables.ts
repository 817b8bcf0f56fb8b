import { verificationStatuses } from '@promptmarket/contracts/accounts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

export const verificationStatus = pgEnum('verification_status', verificationStatuses);

/**
 * Identity verifications (spec sections 3 and 5). A user's newest row is their current one; a
 * declined user may send another. The documents are private files: nothing links to them
 * except the owner's own download route and the back office.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    phone: text('phone').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country').notNull(),
    zip: text('zip'),
    /** The street and house number, as on the proof of address; null on verifications sent before it was asked. */
    street: text('street'),
    documentType: text('document_type'),
    status: verificationStatus('status').notNull().default('pending'),
    /** The reviewer's reason when declined. */
    reason: text('reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Private storage key, content type and the name the user gave, per document. */
    documents: text('documents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verifications_user_idx').on(table.userId, table.id),
    index('verifications_status_idx').on(table.status, table.id),
    // One pending verification per user, whatever arrives at once: the second of two submissions
    // sent together is refused as already under review, not kept as a second request.
    uniqueIndex('verifications_one_pending_per_user')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
export type VerificationRow = typeof verifications.$inferSelect;
