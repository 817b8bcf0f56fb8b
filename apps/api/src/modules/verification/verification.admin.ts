import type { AdminVerification, adminVerificationsRequest } from '@promptmarket/contracts/admin';
import { type VerificationDocument, verificationDocuments } from '@promptmarket/contracts/verification';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { foldedContains } from '../../lib/folded-search';
import { accountEmails } from '../accounts/accounts.admin';
import { accountIdsMatching } from '../accounts/accounts.back-office';
import { verifications } from './verification.tables';

/**
 * What the back office reads of identity verifications: the review queue, a document of any
 * verification, and a verification as the audit log keeps it. Approving and declining are the
 * service's.
 */

/** Verifications waiting for a review. */
export async function pendingVerifications(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(verifications)
    .where(eq(verifications.status, 'pending'));
  return row?.count ?? 0;
}

/** Verifications by status, the pending ones oldest first, each with links to its documents. */
export async function verificationsForReview(
  db: Db,
  query: z.output<typeof adminVerificationsRequest>,
): Promise<{ data: AdminVerification[]; total: number }> {
  const term = query.search;
  const where = and(
    query.status ? eq(verifications.status, query.status) : undefined,
    term
      ? or(
          foldedContains(term, verifications.fullName),
          inArray(verifications.userId, accountIdsMatching(db, term)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(query.status === 'pending' ? verifications.id : desc(verifications.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ count: sql<number>`count(*)::int` }).from(verifications).where(where),
  ]);
  const emails = await accountEmails(
    db,
    rows.map((verification) => verification.userId),
  );
  const data = rows.map((verification) => ({
    id: verification.id,
    user_id: verification.userId,
    email: emails.get(verification.userId) ?? '',
    status: verification.status,
    reason: verification.reason,
    full_name: verification.fullName,
    phone: verification.phone,
    date_of_birth: verification.dateOfBirth,
    nationality: verification.nationality,
    country: verification.country,
    city: verification.city,
    street: verification.street,
    zip: verification.zip,
    document_type: verification.documentType,
    documents: verificationDocuments.flatMap((field) => {
      const stored = storedDocuments(verification.documents)[field];
      return stored
        ? [
            {
              field,
              url: `/api/admin/verifications/${verification.id}/documents/${field}`,
              view_url: `/api/admin/verifications/${verification.id}/documents/${field}/view`,
              kind: documentKind(stored.contentType),
            },
          ]
        : [];
    }),
    created_at: verification.createdAt.toISOString(),
  }));
  return { data, total: total?.count ?? 0 };
}

type StoredDocument = { key: string; filename: string; contentType?: string };

function storedDocuments(json: string): Partial<Record<VerificationDocument, StoredDocument>> {
  return JSON.parse(json) as Partial<Record<VerificationDocument, StoredDocument>>;
}

/** A picture shows inline in the back office and a PDF opens by its link; the type was read from the content at upload. */
function documentKind(contentType: string | undefined): 'image' | 'pdf' | 'other' {
  if (contentType?.startsWith('image/') && contentType !== 'image/svg+xml') return 'image';
  return contentType === 'application/pdf' ? 'pdf' : 'other';
}

/** Where one document of any verification is stored. Throws NOT_FOUND. */
export async function verificationDocumentForReview(
  db: Db,
  input: { verificationId: number; field: VerificationDocument },
): Promise<{ key: string; filename: string }> {
  const [row] = await db.select().from(verifications).where(eq(verifications.id, input.verificationId));
  const document = row
    ? (JSON.parse(row.documents) as Record<string, { key: string; filename: string } | undefined>)[
        input.field
      ]
    : undefined;
  if (!document) throw AppError.notFound();
  return document;
}

/** What the audit log keeps of a verification before a review; null when there is none. */
export async function verificationSnapshot(db: Db, verificationId: number) {
  const [row] = await db.select().from(verifications).where(eq(verifications.id, verificationId));
  return row ? { status: row.status, reason: row.reason } : null;
}
