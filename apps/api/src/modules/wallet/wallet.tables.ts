import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';

/**
 * The double-entry ledger (decision 0015). Every amount is an integer number of minor units of
 * the internal currency. Only wallet.service.ts writes these tables; the database itself refuses
 * to change or delete a transaction or an entry (triggers in migration 0009), refuses a
 * transaction whose entries do not sum to zero, and keeps each account's balance from its
 * entries, refusing any other change of it (migration 0022, decision 0020).
 */
export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  /** A user's balance: never below zero. */
  'wallet',
  /** What the shop has earned from sales and generations. */
  'revenue',
  /** Money a payment provider has taken for us: the mirror of every deposit, so it runs negative. */
  'clearing',
  /** Balances reserved for payouts that have not been paid yet. */
  'payouts_payable',
  /** Money that left through payouts (the mirror of paid withdrawals). */
  'payouts_paid',
  /** What the shop pays for the works it buys through offers (the mirror of those credits). */
  'purchases',
  /** The mirror of the back office's balance corrections. */
  'adjustments',
]);
export type LedgerAccountKind = (typeof ledgerAccountKind.enumValues)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `wallet:<user id>`, `revenue`, `clearing:<provider>`, …: one account per code. */
    code: text('code').notNull().unique(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The sum of the account's entries: each new entry adds to it in the database, nothing else may change it. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Mirror accounts (clearing, payouts paid, purchases) run negative; wallets never do. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    /**
     * How far below zero a wallet may be: set only by a deposit's reversal (a refund or a dispute
     * at the provider, decision 0027) and never raised by any other move; every credit lowers it.
     * Kept by the entries' trigger, like the balance.
     */
    overdraft: bigint('overdraft', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'ledger_accounts_balance_not_negative',
      sql`${table.mayGoNegative} or ${table.balance} + ${table.overdraft} >= 0`,
    ),
    check('ledger_accounts_overdraft_not_negative', sql`${table.overdraft} >= 0`),
    check('ledger_accounts_wallet_has_user', sql`(${table.kind} = 'wallet') = (${table.userId} is not null)`),
  ],
);
export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A retry with the same key finds this transaction and moves nothing again. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** deposit, purchase, generation, refund, payout_reserve, payout, payout_release, offer. */
    kind: text('kind').notNull(),
    /** The size of the move (the sum of the positive entries). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the move is about, for people reading the ledger: `deposit:12`, `order:7`. */
    reference: text('reference'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_transactions_amount_positive', sql`${table.amount} > 0`),
    index('ledger_transactions_reference_idx').on(table.reference),
  ],
);
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Positive adds to the account's balance, negative takes from it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
  ],
);
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/**
 * The outcome of the last periodic ledger check (wallet.check.ts), in one row, so that every
 * server process, the back office and the metrics read the same answer.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    id: smallint('id').primaryKey().default(1),
    /** When a process last began a check; the others leave the ledger to it for a while. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last check ended: null until the first has. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** What it found, a line per problem: none when the ledger is healthy. */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
  },
  (table) => [check('ledger_checks_one_row', sql`${table.id} = 1`)],
);
