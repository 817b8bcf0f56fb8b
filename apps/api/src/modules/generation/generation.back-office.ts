import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { foldedContains } from '../../lib/folded-search';
import { generationDownloads, generations } from './generation.tables';

/**
 * What the back office's orders pages read of the paid generations: rows in the shape of the
 * orders list's, and one generation with its downloads.
 */

export type GenerationRowsFilter = {
  status?: 'processing' | 'done' | 'failed' | 'partially_refunded' | 'refunded';
  /** The credits the back office gave back of the generation the outer query names (refunds module). */
  refundedOf: (generationId: SQL) => SQL;
  from?: Date;
  before?: Date;
  userId?: string;
  /** A search: the buyer among these accounts, the title, or this number. */
  search?: { term: string; accountIds: SQL | { getSQL(): SQL }; generationId: number | null };
};

/**
 * A generation's status, or for a drawn image the back office refunded, partly or wholly refunded;
 * written out, as it sits in a correlated subquery.
 */
function statusSql(filter: GenerationRowsFilter): SQL {
  const refunded = filter.refundedOf(sql.raw('generations.id'));
  return sql`(case when generations.status <> 'done' or ${refunded} = 0 then generations.status::text when ${refunded} >= generations.cost then 'refunded' else 'partially_refunded' end)`;
}

function conditionsOf(filter: GenerationRowsFilter): SQL | undefined {
  const search = filter.search;
  return and(
    filter.status ? sql`${statusSql(filter)} = ${filter.status}` : undefined,
    filter.from ? gte(generations.createdAt, filter.from) : undefined,
    filter.before ? lt(generations.createdAt, filter.before) : undefined,
    filter.userId ? eq(generations.userId, filter.userId) : undefined,
    search
      ? or(
          // biome-ignore lint/suspicious/noExplicitAny: a subquery of one id column
          inArray(generations.userId, search.accountIds as any),
          foldedContains(search.term, generations.title),
          search.generationId === null ? undefined : eq(generations.id, search.generationId),
        )
      : undefined,
  );
}

/** The generations matching the filter, in the orders list's shape: one image each. */
export function generationRowsQuery(db: Db, filter: GenerationRowsFilter) {
  return db
    .select({
      kind: sql<string>`'generation'`.as('kind'),
      id: sql<number>`${generations.id}`.mapWith(Number).as('id'),
      userId: sql<string>`${generations.userId}`.as('user_id'),
      total: sql<number>`${generations.cost}`.mapWith(Number).as('total'),
      itemCount: sql<number>`1`.mapWith(Number).as('item_count'),
      status: sql<string>`${statusSql(filter)}`.as('status'),
      createdAt: sql<Date>`${generations.createdAt}`.mapWith(generations.createdAt).as('created_at'),
    })
    .from(generations)
    .where(conditionsOf(filter));
}

export async function generationRowsCount(db: Db, filter: GenerationRowsFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(conditionsOf(filter));
  return row?.count ?? 0;
}

/** One generation with its downloads, newest first; null when there is none. */
export async function generationForBackOffice(db: Db, generationId: number) {
  const [row] = await db.select().from(generations).where(eq(generations.id, generationId));
  if (!row) return null;
  const downloads = await db
    .select()
    .from(generationDownloads)
    .where(eq(generationDownloads.generationId, row.id))
    .orderBy(desc(generationDownloads.id))
    .limit(200);
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    format: row.format,
    size: row.size,
    cost: row.cost,
    status: row.status,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt,
    downloads: downloads.map((download) => ({
      id: download.id,
      userId: download.userId,
      createdAt: download.createdAt,
    })),
  };
}
