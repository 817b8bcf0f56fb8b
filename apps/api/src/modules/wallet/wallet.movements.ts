import { minorUnitsToNumber } from '@promptmarket/contracts';
import {
  type WalletMovement,
  type WalletMovementGroup,
  type WalletSubjectType,
  walletGroupOf,
  walletMovementGroups,
  walletSubjectTypes,
} from '@promptmarket/contracts/wallet';
import { and, count, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type CsvCell, csvDialect, csvDocument, money } from '../../lib/csv';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables';

/**
 * A user's wallet as they read it: every entry of their wallet account, newest first, with the
 * balance it left. Only the user's own account is read: it is found by its code, which holds the
 * user's id.
 */

type Row = {
  id: number;
  amount: number;
  createdAt: Date;
  kind: string;
  reference: string | null;
  balanceAfter: number;
};

type WalletAccount = { id: number; balance: number };

/** `order:7` → the order 7; references that name no page a user can open give no subject. */
export function subjectOf(reference: string | null): WalletMovement['subject'] {
  const match = /^([a-z]+):(\d{1,15})$/.exec(reference ?? '');
  if (!match) return null;
  const type = match[1] as WalletSubjectType;
  if (!walletSubjectTypes.includes(type)) return null;
  return { type, id: Number(match[2]) };
}

async function walletAccount(db: Db, userId: string): Promise<WalletAccount | null> {
  const [account] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, `wallet:${userId}`));
  return account ?? null;
}

function movementFilter(accountId: number, group: WalletMovementGroup | undefined): SQL | undefined {
  return and(
    eq(ledgerEntries.accountId, accountId),
    group ? inArray(ledgerTransactions.kind, [...walletMovementGroups[group]]) : undefined,
  );
}

async function movementRows(
  db: Db,
  account: WalletAccount,
  options: { group?: WalletMovementGroup; limit: number; offset: number; beforeId?: number },
): Promise<Row[]> {
  // The balance after an entry is today's balance less every later entry of the account, of any kind.
  const later = alias(ledgerEntries, 'later');
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      laterSum: sql<string>`(select coalesce(sum(${later.amount}), 0) from ${ledgerEntries} as ${sql.identifier('later')} where ${and(
        eq(later.accountId, ledgerEntries.accountId),
        gt(later.id, ledgerEntries.id),
      )})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        movementFilter(account.id, options.group),
        options.beforeId === undefined ? undefined : lt(ledgerEntries.id, options.beforeId),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(({ laterSum, ...row }) => ({ ...row, balanceAfter: account.balance - Number(laterSum) }));
}

function toMovement(row: Row): WalletMovement {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: walletGroupOf(row.kind),
    move: row.kind,
    amount: minorUnitsToNumber(row.amount),
    balance_after: minorUnitsToNumber(row.balanceAfter),
    subject: subjectOf(row.reference),
  };
}

/** One page of the user's movements, optionally of one kind, with the balance now. */
export async function walletMovements(
  db: Db,
  userId: string,
  query: { page: number; per_page: number; kind?: WalletMovementGroup | undefined },
): Promise<{ balance: number; data: WalletMovement[]; total: number }> {
  const account = await walletAccount(db, userId);
  if (!account) return { balance: 0, data: [], total: 0 };
  const [rows, [counted]] = await Promise.all([
    movementRows(db, account, {
      group: query.kind,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    db
      .select({ total: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(movementFilter(account.id, query.kind)),
  ]);
  return {
    balance: minorUnitsToNumber(account.balance),
    data: rows.map(toMovement),
    total: counted?.total ?? 0,
  };
}

const EXPORT_BATCH = 1000;

/** The export's header row in each language the shop speaks. */
const csvHeaders: Record<string, readonly string[]> = {
  en: ['Date', 'Kind', 'Move', 'Amount', 'Balance after', 'Reference'],
  de: ['Datum', 'Art', 'Bewegung', 'Betrag', 'Saldo danach', 'Bezug'],
  fr: ['Date', 'Type', 'Mouvement', 'Montant', 'Solde après', 'Référence'],
  es: ['Fecha', 'Tipo', 'Movimiento', 'Importe', 'Saldo después', 'Referencia'],
  it: ['Data', 'Tipo', 'Movimento', 'Importo', 'Saldo dopo', 'Riferimento'],
  pl: ['Data', 'Rodzaj', 'Ruch', 'Kwota', 'Saldo po', 'Odniesienie'],
};

/**
 * Every movement as CSV for the user's spreadsheet, in their language: a BOM and a header row,
 * then the movements newest first, read in batches so that a long history never sits in memory
 * as one answer. German, French, Spanish, Italian and Polish get `;` and a decimal comma, as
 * their Excel expects. Every cell is made here from known words, numbers and dates.
 */
export function walletMovementsCsv(
  db: Db,
  userId: string,
  group: WalletMovementGroup | undefined,
  locale: string,
): AsyncGenerator<string> {
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    const account = await walletAccount(db, userId);
    if (!account) return;
    let beforeId: number | undefined;
    for (;;) {
      const rows = await movementRows(db, account, { group, limit: EXPORT_BATCH, offset: 0, beforeId });
      yield rows.map((row) => {
        const subject = subjectOf(row.reference);
        return [
          row.createdAt,
          walletGroupOf(row.kind),
          row.kind,
          money(row.amount),
          money(row.balanceAfter),
          subject ? `${subject.type} ${subject.id}` : null,
        ];
      });
      if (rows.length < EXPORT_BATCH) return;
      beforeId = rows.at(-1)?.id;
    }
  }
  return csvDocument(csvDialect(locale), csvHeaders[locale] ?? csvHeaders.en ?? [], pages());
}
