import { and, asc, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit } from './audit.tables';

export type AuditExportRow = {
  id: number;
  createdAt: Date;
  adminId: string;
  action: string;
  subjectType: string;
  subjectId: string;
};

/** One page of the audit log written from `from` to `to` (excluded), after the entry `after`, oldest first. */
export function auditPage(
  db: Db,
  input: { from: Date; to: Date; after: number | undefined; limit: number },
): Promise<AuditExportRow[]> {
  return db
    .select({
      id: adminAudit.id,
      createdAt: adminAudit.createdAt,
      adminId: adminAudit.adminId,
      action: adminAudit.action,
      subjectType: adminAudit.subjectType,
      subjectId: adminAudit.subjectId,
    })
    .from(adminAudit)
    .where(
      and(
        gte(adminAudit.createdAt, input.from),
        lt(adminAudit.createdAt, input.to),
        input.after === undefined ? undefined : gt(adminAudit.id, input.after),
      ),
    )
    .orderBy(asc(adminAudit.id))
    .limit(input.limit);
}
