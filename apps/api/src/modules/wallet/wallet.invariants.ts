import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What must hold for the ledger at any moment. Returns a line per problem; none means healthy.
 * The tests run it after every money test, and the back office can show it.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await rowsOf<{ id: string; total: string; entries: string }>(
    db,
    sql`
    select t.id, coalesce(sum(e.amount), 0) as total, count(e.id) as entries
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id
    having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
  for (const row of unbalanced) {
    problems.push(`transaction ${row.id} sums to ${row.total} over ${row.entries} entries`);
  }
  const drifted = await rowsOf<{ code: string; balance: string; total: string }>(
    db,
    sql`
    select a.code, a.balance, coalesce(sum(e.amount), 0) as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id
    having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  for (const row of drifted) {
    problems.push(`account ${row.code} shows ${row.balance} but its entries sum to ${row.total}`);
  }
  // A wallet is below zero only by what a deposit's reversal left it owing (decision 0027).
  const negative = await rowsOf<{ code: string; balance: string; overdraft: string }>(
    db,
    sql`
    select code, balance, overdraft from ledger_accounts
    where kind = 'wallet' and (balance + overdraft < 0 or (balance < 0 and not exists (
      select 1 from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account_id = ledger_accounts.id and t.kind = 'deposit_reversal')))`,
  );
  for (const row of negative) {
    problems.push(`wallet ${row.code} is negative: ${row.balance} (overdraft ${row.overdraft})`);
  }
  // What the shop gave back of a purchase, a generation or a deposit never exceeds what it moved
  // (decision 0048): refunds to the balance and the back office's deposit refunds (less those the
  // provider refused). The provider's own reversals are bounded by the deposit's row (decision 0027).
  const overRefunded = await rowsOf<{ reference: string; paid: string; returned: string }>(
    db,
    sql`
    select reference, paid, returned from (
      select reference,
        coalesce(sum(amount) filter (where kind in ('purchase', 'generation', 'deposit')), 0) as paid,
        coalesce(sum(amount) filter (where kind in ('refund', 'purchase_refund', 'generation_refund',
          'deposit_refund')), 0)
          - coalesce(sum(amount) filter (where kind = 'deposit_refund_returned'), 0) as returned
      from ledger_transactions
      where kind in ('purchase', 'generation', 'deposit', 'refund', 'purchase_refund', 'generation_refund',
        'deposit_refund', 'deposit_refund_returned')
      group by reference
    ) given where returned > paid`,
  );
  for (const row of overRefunded) {
    problems.push(`${row.reference} gave back ${row.returned} of ${row.paid} paid`);
  }
  const [totals] = await rowsOf<{ debits: string; credits: string }>(
    db,
    sql`
      select coalesce(sum(amount) filter (where amount < 0), 0) as debits,
             coalesce(sum(amount) filter (where amount > 0), 0) as credits
      from ledger_entries`,
  );
  if (totals && BigInt(totals.debits) + BigInt(totals.credits) !== 0n) {
    problems.push(`debits ${totals.debits} do not equal credits ${totals.credits}`);
  }
  return problems;
}
