import { pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * The transactional outbox: a mail is written, with the job that delivers it, in the same
 * transaction as the change that causes it. Retries are the job's (see modules/jobs).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** A mail of a list (the newsletter): its one-click unsubscribe address, for the List-Unsubscribe header. */
  unsubscribeUrl: text('unsubscribe_url'),
  status: mailStatus('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export type OutboxMail = typeof mailOutbox.$inferSelect;
