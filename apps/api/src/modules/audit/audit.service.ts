import type { AdminAuditEntry, AuditAction, adminAuditRequest } from '@promptmarket/contracts/admin';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { foldedContains, searchedNumber } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { adminAudit } from './audit.tables';

export type AuditEntry = {
  adminId: string;
  action: AuditAction;
  subject: { type: string; id: string | number };
};

type Snapshot = Record<string, unknown> | null;

/**
 * Runs a back-office action and writes its audit entry in one transaction: the action reports
 * the record before and after, and either both are kept or neither. An action that only answered
 * again what it did before (a request sent again under its Idempotency-Key) says `repeated`, and
 * no second entry is written.
 */
export async function audited<T>(
  db: Db,
  entry: AuditEntry,
  action: (tx: Db) => Promise<{
    result: T;
    before: Snapshot;
    after: Snapshot;
    subjectId?: string | number;
    repeated?: boolean;
  }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // A record made by the action is known by its new id only afterwards.
    const { result, before, after, subjectId, repeated } = await action(tx as unknown as Db);
    if (repeated) return result;
    await tx.insert(adminAudit).values({
      adminId: entry.adminId,
      action: entry.action,
      subjectType: entry.subject.type,
      subjectId: String(subjectId ?? entry.subject.id),
      before: jsonSafe(before),
      after: jsonSafe(after),
    });
    return result;
  });
}

/** Dates as ISO strings, nothing that JSON cannot hold. */
function jsonSafe(value: Snapshot): Snapshot {
  return value === null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}

/** The audit log, newest first, by action or by the record acted on; each entry with the admin's address. */
export async function auditEntries(
  db: Db,
  query: z.output<typeof adminAuditRequest>,
): Promise<{ data: AdminAuditEntry[]; total: number }> {
  const conditions = [
    query.action ? eq(adminAudit.action, query.action) : undefined,
    query.subject_type ? eq(adminAudit.subjectType, query.subject_type) : undefined,
    query.subject_id ? eq(adminAudit.subjectId, query.subject_id) : undefined,
    searchedNumber(query.search) !== null
      ? eq(adminAudit.subjectId, String(searchedNumber(query.search)))
      : query.search
        ? or(
            foldedContains(query.search, adminAudit.action, adminAudit.subjectId),
            inArray(adminAudit.adminId, accountIdsMatching(db, query.search)),
          )
        : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(adminAudit).where(where),
  ]);
  const emails = await accountEmails(
    db,
    rows.map((entry) => entry.adminId),
  );
  const data = rows.map((entry) => ({
    id: entry.id,
    admin_id: entry.adminId,
    admin_email: emails.get(entry.adminId) ?? '',
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    before: entry.before,
    after: entry.after,
    created_at: entry.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}
