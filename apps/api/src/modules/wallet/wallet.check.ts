import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerProblems } from './wallet.invariants';
import { ledgerChecks } from './wallet.tables';

/** What the last ledger check found, and when it ended. */
export type LedgerCheck = { checkedAt: Date; problems: string[] };

/**
 * The ledger check run while the shop serves (decision 0020): `ledgerProblems`, each problem
 * logged as an error, the outcome kept in `ledger_checks` for every process, the back office and
 * the metrics. The check reads the whole ledger, so when several processes share the database
 * only one begins a check in any `quietSeconds`: the others find it claimed and return null.
 */
export async function checkLedger(
  db: Db,
  log: { error(details: object, message: string): void },
  { quietSeconds = 4 * 60 }: { quietSeconds?: number } = {},
): Promise<LedgerCheck | null> {
  const [claimed] = await db
    .insert(ledgerChecks)
    .values({ id: 1 })
    .onConflictDoUpdate({
      target: ledgerChecks.id,
      set: { startedAt: sql`now()` },
      setWhere: sql`${ledgerChecks.startedAt} <= now() - make_interval(secs => ${quietSeconds})`,
    })
    .returning({ id: ledgerChecks.id });
  if (!claimed) return null;

  const problems = await ledgerProblems(db);
  for (const problem of problems) log.error({ problem }, `ledger check: ${problem}`);
  const [row] = await db
    .update(ledgerChecks)
    .set({ checkedAt: sql`now()`, problems })
    .where(eq(ledgerChecks.id, 1))
    .returning({ checkedAt: ledgerChecks.checkedAt });
  return { checkedAt: row?.checkedAt ?? new Date(), problems };
}

/** The outcome of the last finished check, or null when none has finished yet. */
export async function lastLedgerCheck(db: Db): Promise<LedgerCheck | null> {
  const [row] = await db
    .select({ checkedAt: ledgerChecks.checkedAt, problems: ledgerChecks.problems })
    .from(ledgerChecks)
    .where(eq(ledgerChecks.id, 1));
  return row?.checkedAt ? { checkedAt: row.checkedAt, problems: row.problems } : null;
}
