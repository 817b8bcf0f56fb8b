import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

export const generationStatus = pgEnum('generation_status', ['processing', 'done', 'failed']);

/** Images drawn for a user from their own prompt, paid by ledger move `generation:<id>`. */
export const generations = pgTable(
  'generations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    prompt: text('prompt').notNull(),
    format: text('format').notNull(),
    size: text('size').notNull(),
    engine: text('engine').notNull(),
    /** Internal-currency minor units charged (refunded in full when the drawing failed). */
    cost: bigint('cost', { mode: 'number' }).notNull(),
    status: generationStatus('status').notNull().default('processing'),
    /** The finished image in private storage. */
    imageKey: text('image_key'),
    errorMessage: text('error_message'),
    /** The client's Idempotency-Key: the same key from the same user is the same generation. */
    idempotencyKey: text('idempotency_key'),
    /** What the keyed request asked for (a hash of its method, path and body). */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('generations_user_idx').on(table.userId, table.id),
    unique('generations_idempotency_unique').on(table.userId, table.idempotencyKey),
    check('generations_cost_not_negative', sql`${table.cost} >= 0`),
    index('generations_created_idx').on(table.createdAt),
  ],
);

/** Each download of a drawn image's zip: who took it and when, for the back office. */
export const generationDownloads = pgTable(
  'generation_downloads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    generationId: bigint('generation_id', { mode: 'number' })
      .notNull()
      .references(() => generations.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('generation_downloads_generation_idx').on(table.generationId, table.id)],
);
