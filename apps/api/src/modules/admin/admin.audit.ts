import type { Db } from '../../db/client';
import { adminAudit } from './admin.tables';

export type AuditEntry = {
  adminId: string;
  action: string;
  subject: { type: string; id: string | number };
};

type Snapshot = Record<string, unknown> | null;

/**
 * Runs a back-office action and writes its audit entry in one transaction: the action reports
 * the record before and after, and either both are kept or neither.
 */
export async function audited<T>(
  db: Db,
  entry: AuditEntry,
  action: (tx: Db) => Promise<{ result: T; before: Snapshot; after: Snapshot; subjectId?: string | number }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // A record made by the action is known by its new id only afterwards.
    const { result, before, after, subjectId } = await action(tx as unknown as Db);
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
