import { errorMessages } from '@promptmarket/contracts';
import type {
  Verification,
  VerificationDocument,
  VerificationFields,
} from '@promptmarket/contracts/verification';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { UploadedFile } from '../../lib/uploads';
import { mailAccount } from '../mail/mail.notify';
import { type VerificationRow, verifications } from './verification.tables';

/** What is kept of each document: where it is, what it is, and the name the user gave it. */
type StoredDocuments = Record<VerificationDocument, { key: string; contentType: string; filename: string }>;

function documentsOf(row: VerificationRow): StoredDocuments {
  return JSON.parse(row.documents) as StoredDocuments;
}

function toVerification(row: VerificationRow): Verification {
  const documents = documentsOf(row);
  return {
    id: row.id,
    status: row.status,
    reason: row.status === 'declined' ? row.reason : null,
    full_name: row.fullName,
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    nationality: row.nationality,
    city: row.city,
    state: row.state,
    country: row.country,
    zip: row.zip,
    street: row.street,
    document_type: row.documentType,
    documents: Object.fromEntries(
      Object.entries(documents).map(([field, document]) => [field, document.filename]),
    ) as Verification['documents'],
    created_at: row.createdAt.toISOString(),
  };
}

async function currentRow(db: Db, userId: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.id))
    .limit(1);
  return row ?? null;
}

/** The user's current verification, or null when they never sent one. */
export async function currentVerification(db: Db, userId: string): Promise<Verification | null> {
  const row = await currentRow(db, userId);
  return row ? toVerification(row) : null;
}

/** For the profile and the offers: the status and, when declined, the reviewer's reason. */
export async function verificationStateOf(db: Db, userId: string) {
  const row = await currentRow(db, userId);
  return { status: row?.status ?? null, reason: row?.status === 'declined' ? row.reason : null };
}

/**
 * The status of the user's current verification, or null when they never sent one: offers of
 * 150 EUR or more are paid out only when it is `approved` (spec section 6).
 */
export async function verificationStatusOf(
  db: Db,
  userId: string,
): Promise<VerificationRow['status'] | null> {
  return (await verificationStateOf(db, userId)).status;
}

function alreadySubmitted(status: 'pending' | 'approved'): AppError {
  const key = `verification.${status}`;
  return new AppError('VALIDATION_FAILED', key, { status: [key] });
}

/**
 * Records a submission as pending. Throws VALIDATION_FAILED (`verification.pending` or
 * `verification.approved`) while one is pending or approved: a user sends again only after a
 * decline. Of two submissions sent at once, the one the unique index refuses gets the same answer.
 */
export async function submitVerification(
  db: Db,
  input: { userId: string; locale: string; fields: VerificationFields; files: UploadedFile[] },
): Promise<Verification> {
  const current = await currentRow(db, input.userId);
  if (current && current.status !== 'declined') throw alreadySubmitted(current.status);
  const documents = Object.fromEntries(
    input.files.map((file) => [
      file.field,
      { key: file.key, contentType: file.contentType, filename: file.filename },
    ]),
  );
  const { fields } = input;
  let row: VerificationRow | undefined;
  try {
    [row] = await db
      .insert(verifications)
      .values({
        userId: input.userId,
        fullName: fields.full_name,
        phone: fields.phone,
        dateOfBirth: fields.date_of_birth,
        nationality: fields.nationality,
        city: fields.city,
        state: fields.state,
        country: fields.country,
        zip: fields.zip,
        street: fields.street,
        documentType: fields.document_type ?? null,
        documents: JSON.stringify(documents),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadySubmitted('pending');
    throw error;
  }
  if (!row) throw new Error('verification insert returned no row');
  return toVerification(row);
}

/** Where a document of the user's own current verification is stored, with that verification's id. */
export async function ownDocument(db: Db, userId: string, field: VerificationDocument) {
  const row = await currentRow(db, userId);
  const document = row ? documentsOf(row)[field] : undefined;
  if (!row || !document) throw AppError.notFound(errorMessages.notFound);
  return { key: document.key, verificationId: row.id };
}

/* The back office's side: only a pending verification is reviewed. */

async function review(
  db: Db,
  id: number,
  change: { status: 'approved' | 'declined'; reason: string | null },
) {
  const [row] = await db
    .update(verifications)
    .set({ ...change, reviewedAt: new Date() })
    .where(and(eq(verifications.id, id), eq(verifications.status, 'pending')))
    .returning();
  if (row) {
    // Pass the back office's transaction: the review and its mail are kept, or dropped, together.
    await mailAccount(
      db,
      row.userId,
      change.status === 'approved' ? 'verification-approved' : 'verification-declined',
      change.status === 'approved' ? 'dashboard/offers' : 'dashboard/verification',
      () => (change.reason === null ? {} : { reason: change.reason }),
    );
    return toVerification(row);
  }
  const [existing] = await db.select().from(verifications).where(eq(verifications.id, id));
  if (!existing) throw AppError.notFound();
  throw AppError.conflict('verification.not_pending', { id: String(id), status: existing.status });
}

export async function approveVerification(db: Db, id: number) {
  return review(db, id, { status: 'approved', reason: null });
}

export async function declineVerification(db: Db, id: number, reason: string) {
  const text = reason.trim();
  if (!text) throw AppError.validation({ reason: ['field.invalid'] });
  return review(db, id, { status: 'declined', reason: text.slice(0, 500) });
}

/**
 * Erases the user's identity verifications when their account is deleted (decision 0046): the rows
 * go, so none is left in the back office's queue or can be approved, and their documents' private
 * storage keys are answered for the caller to delete once the deletion is committed.
 */
export async function eraseVerificationsOf(tx: Db, userId: string): Promise<string[]> {
  const erased = await tx.delete(verifications).where(eq(verifications.userId, userId)).returning();
  return erased.flatMap((row) => Object.values(documentsOf(row)).map((document) => document.key));
}
