import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters for rate limits and login backoff, in the database so every app process sees
 * the same ones.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
