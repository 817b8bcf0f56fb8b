import { z } from 'zod';

/** The back office's answers (issue: the back office), as its screens read them. */

const meta = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
});
const list = <T extends z.ZodType>(item: T) =>
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
export const adminOffersResponse = list(adminOffer);

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
export const adminVerificationsResponse = list(adminVerification);

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
export const adminPayoutsResponse = list(adminPayout);

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
export const adminUsersResponse = list(adminUser);

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
export const adminAuditResponse = list(adminAuditEntry);
