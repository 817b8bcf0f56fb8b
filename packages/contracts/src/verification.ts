import { z } from 'zod';
import { verificationStatus } from './accounts';
import { okEnvelope } from './envelope';
import { singleLineText } from './single-line-text';
import type { ValidationKey } from './validation-messages';

const key = (name: ValidationKey) => name;

/** Each identity document may be at most 5 MB (spec section 5). */
export const VERIFICATION_MAX_BYTES = 5 * 1024 * 1024;
export const verificationDocuments = ['document_front', 'document_back', 'address_document'] as const;
export type VerificationDocument = (typeof verificationDocuments)[number];
export const documentTypes = ['passport', 'id_card', 'driving_licence'] as const;

/** The name and the address fields: one line without control or text direction characters. */
const optionalText = (max: number) =>
  singleLineText()
    .trim()
    .max(max, key('field.too_long'))
    .optional()
    .transform((value) => (value ? value : null));

const requiredText = (name: ValidationKey, max: number) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

/** A date of birth as `YYYY-MM-DD`: a real day, in the past, at most 120 years ago. */
const dateOfBirth = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    const real = date !== null && date.toISOString().slice(0, 10) === value;
    const age = real ? (Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000) : -1;
    if (!real || age < 0 || age > 120) {
      context.addIssue({ code: 'custom', message: key('date_of_birth.invalid') });
      return z.NEVER;
    }
    return value;
  });

/**
 * The text fields of `POST /verification` (multipart; the files are `document_front`,
 * `document_back` and `address_document`). Phone, city, country and the confirmation are required.
 */
export const verificationFields = z.object({
  full_name: optionalText(140),
  phone: singleLineText(key('phone.required'))
    .trim()
    .min(1, key('phone.required'))
    .max(32, key('field.too_long'))
    .regex(/^\+?[\d\s().-]{6,}$/, key('phone.invalid')),
  date_of_birth: dateOfBirth,
  nationality: optionalText(60),
  city: requiredText('city.required', 100),
  state: optionalText(100),
  country: z
    .string(key('country.required'))
    .trim()
    .regex(/^[A-Za-z]{2}$/, key('country.required'))
    .transform((value) => value.toUpperCase()),
  zip: optionalText(20),
  /**
   * The street and house number the proof of address shows. The shop's form asks for it; optional
   * here, since the original API's clients do not send it.
   */
  street: optionalText(200),
  document_type: z.enum(documentTypes, key('field.invalid')).optional(),
  confirm: z
    .union([z.boolean(), z.string()], key('verification.confirm'))
    .refine(
      (value) => value === true || ['1', 'yes', 'on', 'true'].includes(String(value)),
      key('verification.confirm'),
    ),
});
export type VerificationFields = z.output<typeof verificationFields>;

export const verification = z.object({
  id: z.number(),
  status: verificationStatus,
  /** Why the review declined it. */
  reason: z.string().nullable(),
  full_name: z.string().nullable(),
  phone: z.string(),
  date_of_birth: z.string().nullable(),
  nationality: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  zip: z.string().nullable(),
  street: z.string().nullable(),
  document_type: z.string().nullable(),
  /** The names of the files sent; each opens at `/api/verification/documents/{field}` for its owner. */
  documents: z.record(z.enum(verificationDocuments), z.string()),
  created_at: z.string(),
});
export type Verification = z.infer<typeof verification>;
export const verificationResponse = okEnvelope(verification.nullable());
export const verificationSubmitResponse = z.object({
  status: z.literal('OK'),
  message: z.string(),
  payload: verification,
});
