import { z } from 'zod';
import { profile, verificationStatus } from './accounts';
import { moneyField } from './money-field';
import { offerStatuses } from './offers';
import { multiLineText } from './single-line-text';
import { verificationDocuments } from './verification';

/**
 * The back office's requests and answers (issue: the back office): the route validates and shapes
 * with these, the screens parse with them, and the tests read them.
 */

/* What the queues' requests share */

/** A record of the back office by its number: `/admin/offers/12`. */
export const adminIdParams = z.object({
  id: z.coerce.number('field.invalid').int('field.invalid').positive('field.invalid').max(2_147_483_647),
});
/** An account by its id: `/admin/users/<uuid>`. */
export const adminUserParams = z.object({ id: z.uuid('field.invalid') });

/** The page of a back-office list: `?page=2&per_page=50`, 20 rows unless asked. */
export const adminPageRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const search = z.string().trim().max(120).optional();

export const adminDepositStatuses = ['processing', 'success', 'error', 'failed'] as const;
/**
 * What the payment provider did to a paid deposit afterwards (decision 0027): refunded (in full
 * or in part), disputed (the money is held), or a dispute won or lost.
 */
export const adminDepositReversals = [
  'refunded',
  'partially_refunded',
  'disputed',
  'dispute_won',
  'dispute_lost',
] as const;
export type AdminDepositReversal = (typeof adminDepositReversals)[number];
/** A deposit's reversal and the credit it took back from the wallet, in the internal currency. */
const depositReversal = {
  reversal: z.enum(adminDepositReversals).nullable(),
  reversed_amount: z.number(),
};

/** Why an offer or a verification is declined, or why a payout failed: the user may read it. */
export const adminReasonRequest = z.object({
  reason: multiLineText('field.invalid').trim().min(3, 'reason.required').max(500, 'field.too_long'),
});

/** The highest price the back office may set, in euro cents (1,000,000 EUR). */
const MAX_PRICE_CENTS = 100_000_000;

/** The service's price for an offer in euro cents, by the one rule of every amount (`readAmount`): more than 0. */
const eurPriceInCents = moneyField({
  required: 'price.invalid',
  invalid: 'price.invalid',
  sign: 'positive',
  maxMinor: MAX_PRICE_CENTS,
});

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
/** The dashboard's periods: since the start of today and of this month, in the database's time zone. */
export type AdminStatsPeriod = 'day' | 'month';

/** What an action answers: `{status: "OK", message}`. */
export const adminActionResponse = z.object({ status: z.literal('OK'), message: z.string() });

/* Offers */

/** `GET /admin/offers`: newest first, by status. */
/** `GET /admin/offers`: by status; a search finds the title, the seller's name or address, or the offer's number. */
export const adminOffersRequest = adminPageRequest.extend({
  status: z.enum(offerStatuses).optional(),
  search,
});

export const adminOffer = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  user_id: z.string(),
  email: z.string(),
  category_id: z.number(),
  user_price: z.number(),
  service_price: z.number().nullable(),
  status: z.string(),
  media_kind: z.string(),
  media_url: z.string(),
  product_id: z.number().nullable(),
  /** The English prompt the seller gave for the buyer; Publish is filled in with it. */
  prompt: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;
export const adminOffersResponse = adminList(adminOffer);

/**
 * A picture like an offer's (decision 0028): a product of the shop or an earlier offer, `distance`
 * bits of 64 apart in their difference hashes (0: the same picture; up to 14: a resized,
 * recompressed, slightly cropped, recoloured or mirrored copy).
 */
export const adminSimilarPicture = z.object({
  kind: z.enum(['product', 'offer']),
  id: z.number(),
  title: z.string(),
  preview_url: z.string(),
  distance: z.number(),
});
export type AdminSimilarPicture = z.infer<typeof adminSimilarPicture>;

/**
 * `GET /admin/offers/:id`: one offer with the seller's texts (title, description, how it was
 * made, the prompt for the buyer), its category and styles titled in the admin's language, and
 * the pictures like it, nearest first.
 */
export const adminOfferResponse = z.object({
  status: z.literal('OK'),
  payload: adminOffer.extend({
    add_text: z.string().nullable(),
    category_title: z.string(),
    styles: z.array(z.object({ id: z.number(), title: z.string() })),
    decline_reason: z.string().nullable(),
    similar: z.array(adminSimilarPicture),
  }),
});
export type AdminOfferDetail = z.infer<typeof adminOfferResponse>['payload'];

/** `POST /admin/offers/:id/counter`: the service's price in EUR. */
export const adminOfferCounterRequest = z.object({ service_price: eurPriceInCents });

const publishPrompt = z
  .string('prompt.required')
  .trim()
  .min(3, 'prompt.required')
  .max(4000, 'field.too_long');

/**
 * `POST /admin/offers/:id/publish`: the shop's price in EUR and the prompt buyers get; without a
 * prompt, the one the seller gave with the offer.
 */
export const adminOfferPublishRequest = z.object({
  price: eurPriceInCents,
  prompt: publishPrompt.optional(),
});
export const adminOfferPublishResponse = adminActionResponse.extend({
  payload: z.object({ product_id: z.number() }),
});

/** The most offers one bulk action takes: one page of the list. */
export const ADMIN_BULK_MAX = 100;

/**
 * `POST /admin/offers/bulk`: decline (with one reason for all) or publish (at one price, each
 * with the prompt its seller gave) several offers. Each is done and audited on its own.
 */
export const adminOffersBulkRequest = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('decline'),
      ids: z
        .array(adminIdParams.shape.id, 'field.invalid')
        .min(1, 'field.invalid')
        .max(ADMIN_BULK_MAX, 'field.too_many'),
      reason: adminReasonRequest.shape.reason,
    }),
    z.object({
      action: z.literal('publish'),
      ids: z
        .array(adminIdParams.shape.id, 'field.invalid')
        .min(1, 'field.invalid')
        .max(ADMIN_BULK_MAX, 'field.too_many'),
      price: eurPriceInCents,
    }),
  ],
  'field.invalid',
);
export type AdminOffersBulkRequest = z.input<typeof adminOffersBulkRequest>;

/** `POST /admin/payouts/paid`: several payouts that left marked paid at once, each on its own. */
export const adminPayoutsPaidRequest = z.object({
  ids: z
    .array(adminIdParams.shape.id, 'field.invalid')
    .min(1, 'field.invalid')
    .max(ADMIN_BULK_MAX, 'field.too_many'),
});

/** What a bulk action did: the records done, and each failed one with its reason in the admin's language. */
export const adminBulkResponse = z.object({
  status: z.literal('OK'),
  message: z.string(),
  payload: z.object({
    done: z.array(z.number()),
    failed: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
  }),
});
export type AdminBulkResult = z.infer<typeof adminBulkResponse>['payload'];

/* Identity verifications */

/** `GET /admin/verifications`: by status; a search finds the full name given, or the account's name or address. */
export const adminVerificationsRequest = adminPageRequest.extend({
  status: verificationStatus.optional(),
  search,
});

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
  /** The address as the proof of address should show it; null on verifications sent before the street was asked. */
  street: z.string().nullable(),
  zip: z.string().nullable(),
  document_type: z.string().nullable(),
  /** The documents sent; `kind` says how the back office shows one: a picture inline, a PDF by a link. */
  documents: z.array(
    z.object({
      field: z.string(),
      /** The file as a download. */
      url: z.string(),
      /** The file shown in the page: a picture or a PDF inline, framed only by the shop's own pages. */
      view_url: z.string(),
      kind: z.enum(['image', 'pdf', 'other']),
    }),
  ),
  created_at: z.string(),
});
export type AdminVerification = z.infer<typeof adminVerification>;
export const adminVerificationsResponse = adminList(adminVerification);

/** `GET /admin/verifications/:id/documents/:field`: one document, as a file. */
export const adminVerificationDocumentParams = adminIdParams.extend({
  field: z.enum(verificationDocuments, 'field.invalid'),
});

/* Payouts */

export const adminPayoutStatuses = ['requested', 'sent', 'paid', 'failed'] as const;

/** `GET /admin/payouts`: the requested ones oldest first, any other status newest first. */
export const adminPayoutsRequest = adminPageRequest.extend({
  status: z.enum(adminPayoutStatuses).optional(),
  /** The seller's name or address, or the payout's or its offer's number. */
  search,
});

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

/** The contact details the seller gave with the payout. */
const payoutContact = z.object({
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postCode: z.string(),
  country: z.string(),
  currency: z.string().optional(),
});
/**
 * One payout as the admin who sends it sees it: a bank account's holder and full IBAN until it is
 * paid; a card only as its provider's token, brand and last four digits (the shop never holds a
 * card number); the contact details the seller gave.
 */
export const adminOpenedPayout = z.object({
  id: z.number(),
  offer_id: z.number(),
  method: z.enum(['card', 'sepa']),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(adminPayoutStatuses),
  destination: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  bank: z.object({ full_name: z.string(), iban: z.string() }).nullable(),
  card: z
    .object({
      provider: z.string().nullable(),
      token: z.string().nullable(),
      brand: z.string(),
      last4: z.string(),
    })
    .nullable(),
  contact: payoutContact.nullable(),
  /** Who receives the money: the bank account's holder, or for a card the seller the contact names. */
  payee: z.string().nullable(),
  /** What the transfer carries so the payee and the bank recognise it (the SEPA end-to-end id). */
  reference: z.string(),
  /** The payout provider's id of the transfer, once it has one. */
  provider_ref: z.string().nullable(),
  /** How many times it has been tried (a failed payout is tried again with new details). */
  attempt: z.number(),
  /**
   * The statuses it went through, oldest first, each with the attempt it belongs to: an earlier
   * attempt's request and failure (from its ledger moves; its sending and its failure's reason are
   * not kept), then the current attempt's request, sending and outcome; a failure with its reason.
   * `at` is null for a moment the shop did not keep.
   */
  history: z.array(
    z.object({
      status: z.enum(adminPayoutStatuses),
      attempt: z.number(),
      at: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type AdminOpenedPayout = z.infer<typeof adminOpenedPayout>;

/**
 * A SEPA credit-transfer file (pain.001.001.09) of the bank payouts that were waiting: they are
 * sent from then on. `file_url` downloads it (audited) until its payouts are settled.
 */
export const adminPayoutBatch = z.object({
  id: z.number(),
  message_id: z.string(),
  transfers: z.number(),
  total: z.number(),
  currency: z.literal('EUR'),
  created_at: z.string(),
  file_url: z.string(),
});
export type AdminPayoutBatch = z.infer<typeof adminPayoutBatch>;
/** `POST /admin/payout-batches`: exports every requested bank payout as one file. */
export const adminPayoutBatchResponse = z.object({ status: z.literal('OK'), payload: adminPayoutBatch });
/** `GET /admin/payout-batches/:id/file`: the file itself. */
export const adminPayoutBatchFileResponse = z
  .string()
  .describe('application/xml: an ISO 20022 pain.001.001.09 customer credit transfer initiation');
/** `GET /admin/payouts/:id`: one payout with its full details (opening it is audited). */
export const adminPayoutResponse = z.object({ status: z.literal('OK'), payload: adminOpenedPayout });

/* Accounts */

/** `GET /admin/users`: newest first, found by e-mail or name. */
export const adminUsersRequest = adminPageRequest.extend({ search });

export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  blocked: z.boolean(),
  is_email_verified: z.boolean(),
  /** Below zero only when a deposit was refunded or disputed after it was spent (decision 0027). */
  balance: z.number(),
  created_at: z.string(),
});
export const adminUsersResponse = adminList(adminUser);

export type AdminUser = z.infer<typeof adminUser>;

export const adminUserOrder = z.object({ id: z.number(), total: z.number(), created_at: z.string() });
export type AdminUserOrder = z.infer<typeof adminUserOrder>;
export const adminUserDeposit = z.object({
  id: z.number(),
  status: z.enum(adminDepositStatuses),
  amount: z.number(),
  currency: z.string(),
  internal_amount: z.number(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  ...depositReversal,
  created_at: z.string(),
});
export type AdminUserDeposit = z.infer<typeof adminUserDeposit>;
/** One entry of a wallet: `amount` is signed, `kind` and `reference` name the move it belongs to. */
export const adminLedgerEntry = z.object({
  id: z.number(),
  amount: z.number(),
  kind: z.string(),
  reference: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>;

/** `GET /admin/users/:id`: the profile, the last 50 orders and deposits, the last 100 ledger entries. */
export const adminUserResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    profile: profile.extend({ blocked: z.boolean() }),
    orders: z.array(adminUserOrder),
    deposits: z.array(adminUserDeposit),
    ledger: z.array(adminLedgerEntry),
  }),
});

/**
 * An action of the back office that moves money or decides (a balance correction, an offer's
 * price, a payout, a verification) takes an Idempotency-Key: a repeat with the same key and
 * request answers the first answer and moves nothing again.
 */
export const adminIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'field.invalid')
    .optional(),
});
export const adminAdjustBalanceHeaders = adminIdempotencyHeaders;

/**
 * `POST /admin/users/:id/adjust`: a signed amount in the internal currency ("12.50" credits,
 * "-2.50" debits; never 0, at most 1,000,000) as integer minor units exactly, and the reason.
 */
export const adminAdjustBalanceRequest = adminReasonRequest.extend({
  amount: moneyField({
    required: 'amount.required',
    invalid: 'amount.invalid',
    sign: 'signed',
    maxMinor: 100_000_000,
  }),
});

/* The audit log */

/**
 * Every action the back office writes to the audit log. The API may write only these, and the
 * back office names each in every language (its code stays shown, for searching the log).
 */
export const auditActions = [
  'product.create',
  'product.update',
  'product.image',
  'product.delete',
  'category.create',
  'category.update',
  'category.delete',
  'style.create',
  'style.update',
  'style.image',
  'style.delete',
  'settings.update',
  'currency.create',
  'currency.update',
  'language.create',
  'language.update',
  'word.update',
  'word.delete',
  'page.update',
  'social_link.create',
  'social_link.update',
  'social_link.delete',
  'newsletter.export',
  'user.block',
  'user.unblock',
  'user.adjust',
  'user.reset_two_factor',
  'user.resend_verification',
  'verification.approve',
  'verification.decline',
  'offer.counter',
  'offer.publish',
  'offer.decline',
  'payout.view',
  'payout.send',
  'payout.paid',
  'payout.failed',
  'payout.export',
  'payout.export.download',
  'export.download',
  'contact_message.reply',
  'contact_message.handled',
  'contact_message.reopened',
  'contact_message.hide',
  'refund.order',
  'refund.order_item',
  'refund.generation',
  'refund.deposit',
  'refund.deposit_refused',
  'review.hide',
  'review.restore',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_codes',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** `GET /admin/audit`: newest first, by action or by the record acted on. */
export const adminAuditRequest = adminPageRequest.extend({
  action: z.string().max(60).optional(),
  subject_type: z.string().max(40).optional(),
  subject_id: z.string().max(60).optional(),
  /** The action, the record's id, or the admin's name or address. */
  search,
});

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
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;
export const adminAuditResponse = adminList(adminAuditEntry);

/* Two-factor sign-in of the admin's own account */

export const twoFactorStatusResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    enabled: z.boolean(),
    /** How many of the admin's recovery codes are still unused (0 while two-factor sign-in is off). */
    recovery_codes_left: z.number(),
  }),
});

/**
 * A new set of recovery codes, each usable once in place of a code from the app (when the phone is
 * lost). Shown this once: only their hashes are kept.
 */
export const twoFactorRecoveryCodesResponse = z.object({
  status: z.literal('OK'),
  message: z.string(),
  payload: z.object({ recovery_codes: z.array(z.string()) }),
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

/** Turning two-factor sign-in off, or a new set of recovery codes: the password and a code (or a recovery code). */
export const twoFactorDisableRequest = z.object({
  password: z.string('password.required').min(1, 'password.required').max(512, 'field.too_long'),
  code: oneTimeCode,
});

/* Deposits */

/** `GET /admin/deposits`: newest first, by status; search by the account's e-mail or the provider's reference. */
export const adminDepositsRequest = adminPageRequest.extend({
  status: z.enum(adminDepositStatuses).optional(),
  search,
});
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
  ...depositReversal,
  created_at: z.string(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;
export const adminDepositsResponse = adminList(adminDeposit);
