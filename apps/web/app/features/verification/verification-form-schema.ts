import { zodResolver } from '@hookform/resolvers/zod';
import { singleLineText } from '@promptmarket/contracts/single-line-text';
import { VERIFICATION_MAX_BYTES, verificationFields } from '@promptmarket/contracts/verification';
import { z } from 'zod';
import { chosenFile } from '../../lib/chosen-file';

/** The spec's (section 5) checks of a document the browser can make: an image or a PDF, at most 5 MB. */
export function documentProblem(file: Pick<File, 'size' | 'type' | 'name'> | null) {
  if (!file || file.size === 0) return 'file.required' as const;
  const typeOk =
    /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(file.type) ||
    /\.(jpe?g|png|gif|webp|pdf)$/i.test(file.name);
  if (!typeOk) return 'verification.file_type' as const;
  if (file.size > VERIFICATION_MAX_BYTES) return 'verification.file_size' as const;
  return null;
}

const documentField = z.unknown().superRefine((files, context) => {
  const problem = documentProblem(chosenFile(files));
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/**
 * The identity verification form: the contract's fields of `POST /verification`, checked as the
 * API checks them, and the three documents, checked for what the browser can know before sending.
 * The street is required here: the proof of address is checked against it. (The API takes it as
 * optional only for the original API's clients, which do not send it.)
 */
export const verificationForm = verificationFields.extend({
  street: singleLineText('address.required').trim().min(1, 'address.required').max(200, 'field.too_long'),
  document_front: documentField,
  document_back: documentField,
  address_document: documentField,
});
export type VerificationFormValues = z.input<typeof verificationForm>;
export const verificationFormResolver = zodResolver(verificationForm, undefined, { raw: true });
