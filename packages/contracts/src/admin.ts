import { z } from 'zod';

/** The back office's answers (issue: the back office), as its screens read them. */

const meta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
});
/** A back-office list answer: `{status: "OK", payload: {data: [...], meta}}`, paged on the server. */
export const adminList = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('OK'), payload: z.object({ data: z.array(item), meta }) });

const figures = z.object({
  sales: z.object({ count: z.number(), total: z.number() }),
  deposits: z.object({ count: z.number(), total: z.number() }),
  generations: z.number(),
  new_users: z.number(),
});
export const adminStatsResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    today: figures,
    month: figures,
    queues: z.object({ offers: z.number(), verifications: z.number(), payouts: z.number() }),
    /** The last periodic ledger check: when it ended and what it found (none: healthy); null before the first. */
    ledger_check: z.object({ checked_at: z.string(), problems: z.array(z.string()) }).nullable(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsResponse>['payload'];

export const adminOffer = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  user_id: z.string(),
  email: z.string(),
  user_price: z.number(),
  service_price: z.number().nullable(),
  status: z.string(),
  media_kind: z.string(),
  media_url: z.string(),
  product_id: z.number().nullable(),
  created_at: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;
export const adminOffersResponse = adminList(adminOffer);

export const adminVerification = z.object({
  id: z.number(),
  user_id: z.string(),
  email: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  full_name: z.string().nullable(),
  phone: z.string(),
  date_of_birth: z.string().nullable(),
  nationality: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  document_type: z.string().nullable(),
  documents: z.array(z.object({ field: z.string(), url: z.string() })),
  created_at: z.string(),
});
export type AdminVerification = z.infer<typeof adminVerification>;
export const adminVerificationsResponse = adminList(adminVerification);

export const adminPayout = z.object({
  id: z.number(),
  offer_id: z.number(),
  user_id: z.string(),
  email: z.string(),
  method: z.string(),
  amount: z.number(),
  currency: z.string(),
  destination: z.string(),
  status: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayout>;
export const adminPayoutsResponse = adminList(adminPayout);

export const adminActionResponse = z.object({ status: z.literal('OK'), message: z.string() });

export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  blocked: z.boolean(),
  is_email_verified: z.boolean(),
  balance: z.number(),
  created_at: z.string(),
});
export const adminUsersResponse = adminList(adminUser);

export const adminAuditEntry = z.object({
  id: z.number(),
  admin_id: z.string(),
  admin_email: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export const adminAuditResponse = adminList(adminAuditEntry);

/* Two-factor sign-in of the admin's own account */

export const twoFactorStatusResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({ enabled: z.boolean() }),
});

export const twoFactorSetupResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    /** The key in base32, for typing into the app by hand. */
    secret: z.string(),
    /** The `otpauth://` address the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG data address. */
    qr: z.string(),
  }),
});

const oneTimeCode = z
  .string('two_factor.required')
  .trim()
  .min(1, 'two_factor.required')
  .max(16, 'two_factor.invalid')
  .transform((value) => value.replace(/\s/g, ''));

export const twoFactorEnableRequest = z.object({ code: oneTimeCode });

export const twoFactorDisableRequest = z.object({
  password: z.string('password.required').min(1, 'password.required').max(512, 'field.too_long'),
  code: oneTimeCode,
});

export const adminDepositStatuses = ['processing', 'success', 'error', 'failed'] as const;
export const adminDeposit = z.object({
  id: z.number(),
  user_id: z.string(),
  email: z.string(),
  status: z.enum(adminDepositStatuses),
  amount: z.number(),
  currency: z.string(),
  internal_amount: z.number(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
});
export const adminDepositsResponse = adminList(adminDeposit);
