import { z } from 'zod';
import { adminIdempotencyHeaders, adminList, adminPageRequest } from './admin';
import { defineEndpoint } from './endpoint';
import { moneyField } from './money-field';

/**
 * The back office's refunds (decision 0048): an order, one item of an order or a paid generation
 * back to the buyer's balance; a deposit back to its payment method through the provider.
 */

export const refundSubjects = ['order', 'order_item', 'generation', 'deposit'] as const;
export type RefundSubject = (typeof refundSubjects)[number];
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What the request names, one of these: the field is the subject. */
const subjectFields = {
  order_id: 'order',
  item_id: 'order_item',
  generation_id: 'generation',
  deposit_id: 'deposit',
} as const satisfies Record<string, RefundSubject>;
type SubjectField = keyof typeof subjectFields;
const subjectFieldNames = Object.keys(subjectFields) as SubjectField[];

const recordId = z.coerce
  .number('field.invalid')
  .int('field.invalid')
  .positive('field.invalid')
  .max(Number.MAX_SAFE_INTEGER, 'field.invalid');

/** The highest refund the back office may enter, in minor units (1,000,000 credits). */
const MAX_REFUND = 100_000_000;

/**
 * Credits as people type them ("12", "12.5", "12,50") or as a number: more than 0, at most two
 * decimals, as integer minor units exactly.
 */
export const refundAmount = moneyField({
  required: 'refund.amount_invalid',
  invalid: 'refund.amount_invalid',
  sign: 'positive',
  maxMinor: MAX_REFUND,
});

/**
 * `POST /admin/refunds`: exactly one of `order_id`, `item_id`, `generation_id`, `deposit_id`; the
 * amount in credits (the whole amount left to refund when not sent); why.
 */
export const adminRefundRequest = z
  .object({
    order_id: recordId.optional(),
    item_id: recordId.optional(),
    generation_id: recordId.optional(),
    deposit_id: recordId.optional(),
    amount: refundAmount.optional().nullable(),
    reason: z
      .string('refund.reason_required')
      .trim()
      .min(3, 'refund.reason_required')
      .max(500, 'field.too_long'),
  })
  .strict()
  .superRefine((body, context) => {
    const named = subjectFieldNames.filter((field) => body[field] !== undefined);
    if (named.length !== 1) {
      context.addIssue({ code: 'custom', message: 'refund.subject_required', path: ['subject'] });
    }
  })
  .transform((body) => {
    const field = subjectFieldNames.find((name) => body[name] !== undefined) as SubjectField;
    return {
      subject: subjectFields[field],
      subjectId: body[field] as number,
      amount: body.amount ?? null,
      reason: body.reason,
    };
  });
export type AdminRefundInput = z.input<typeof adminRefundRequest>;

/** A credit note's number: `R-<year>-<id>`, numbered as receipts are (decision 0029). */
export function creditNoteNumber(id: number, createdAt: Date): string {
  return `R-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

export const adminRefund = z.object({
  id: z.number(),
  /** The credit note's number (`R-2026-000012`). */
  number: z.string(),
  subject: z.enum(refundSubjects),
  subject_id: z.number(),
  /** The order an order's or an item's refund belongs to. */
  order_id: z.number().nullable(),
  user_id: z.string(),
  email: z.string(),
  admin_email: z.string(),
  /** Credits, a decimal for display. */
  amount: z.number(),
  /** A deposit's refund: the money given back, in `currency`. */
  provider_amount: z.number().nullable(),
  currency: z.string().nullable(),
  provider: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  status: z.enum(refundStatuses),
  failure_message: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundResponse = z.object({ status: z.literal('OK'), payload: adminRefund });

/** `GET /admin/refunds`: newest first; the search folds case and accents (e-mail, reason, references). */
export const adminRefundsRequest = adminPageRequest.extend({
  search: z.string().trim().max(120).optional(),
  subject: z.enum(refundSubjects, 'field.invalid').optional(),
  status: z.enum(refundStatuses, 'field.invalid').optional(),
});
export const adminRefundsResponse = adminList(adminRefund);

/** `GET /admin/refunds/refundable`: what is left to refund of an order, item, generation or deposit. */
export const adminRefundableRequest = z.object({
  subject: z.enum(refundSubjects, 'field.invalid'),
  id: recordId,
});
export const adminRefundableResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    subject: z.enum(refundSubjects),
    id: z.number(),
    /** Credits paid (a deposit's: credited). */
    paid: z.number(),
    /** Credits refunded so far (a deposit's: taken back, by refunds or disputes). */
    refunded: z.number(),
    /** Credits left to refund: the default amount. */
    refundable: z.number(),
    /** A deposit's refund takes credits from the balance: what it holds now. */
    balance: z.number().nullable(),
    /** A deposit: its currency and what is left to refund of the payment in it. */
    currency: z.string().nullable(),
    refundable_money: z.number().nullable(),
    /** The internal currency's name. */
    internal_currency_name: z.string(),
  }),
});
export type AdminRefundable = z.infer<typeof adminRefundableResponse>['payload'];

export const adminRefundEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/refunds',
    summary: 'Refund an order, an item, a generation (to the balance) or a deposit (to its payment method)',
    headers: adminIdempotencyHeaders,
    body: adminRefundRequest,
    response: adminRefundResponse,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/refunds',
    summary: 'Refunds, newest first, searchable',
    query: adminRefundsRequest,
    response: adminRefundsResponse,
  }),
  refundable: defineEndpoint({
    method: 'GET',
    path: '/admin/refunds/refundable',
    summary: 'What is left to refund of an order, an item, a generation or a deposit',
    query: adminRefundableRequest,
    response: adminRefundableResponse,
  }),
};
