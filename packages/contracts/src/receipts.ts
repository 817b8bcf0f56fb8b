import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';

/**
 * Receipts (decision 0029): one for each credited deposit and each purchase, as a page and as a
 * PDF, in the reader's language. Amounts are integer minor units; they include VAT, whose share
 * is worked out on integers.
 */

export const receiptKinds = ['deposit', 'purchase'] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

const RECEIPT_PREFIX: Record<ReceiptKind, string> = { deposit: 'D', purchase: 'P' };

/**
 * A receipt's number: the kind's letter, the year the deposit or order was made (UTC) and its id,
 * `P-2026-000123`. Made from what the row already holds, so it never changes and never repeats.
 */
export function receiptNumber(kind: ReceiptKind, id: number, createdAt: Date): string {
  return `${RECEIPT_PREFIX[kind]}-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/**
 * A VAT rate in percent as the settings hold it ("0", "19", "7.7", "8.25"): at most two decimals,
 * below 100. "0" means the shop shows no VAT line.
 */
export const vatRatePattern = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/** "7.7" -> 770 hundredths of a percent; null for anything the pattern refuses. */
export function vatRateHundredths(rate: string): number | null {
  const match = vatRatePattern.exec(rate.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The VAT held in a gross amount (minor units) at a rate in hundredths of a percent:
 * gross × rate / (100 % + rate), rounded half up, on integers only.
 */
export function vatShare(grossMinor: number, rateHundredths: number): number {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0)
    throw new RangeError(`not an amount: ${grossMinor}`);
  if (!Number.isSafeInteger(rateHundredths) || rateHundredths < 0) {
    throw new RangeError(`not a rate: ${rateHundredths}`);
  }
  if (rateHundredths === 0) return 0;
  const numerator = BigInt(grossMinor) * BigInt(rateHundredths);
  const denominator = 10_000n + BigInt(rateHundredths);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

export const receiptParams = z.object({
  kind: z.enum(receiptKinds, 'field.invalid'),
  id: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .positive('field.invalid')
    .max(Number.MAX_SAFE_INTEGER),
});

/** The PDF is opened by a plain link, which sends no language header: the link may name it. */
export const receiptPdfQuery = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'locale.invalid')
    .optional(),
});

export const receiptLine = z.object({
  description: z.string(),
  quantity: z.number(),
  amount_minor: z.number(),
});

export const receipt = z.object({
  kind: z.enum(receiptKinds),
  id: z.number(),
  number: z.string(),
  /** When the money moved: a deposit's settlement, an order's purchase. */
  issued_at: z.string(),
  /** The language the descriptions are written in. */
  language: z.string(),
  /** What the amounts are in: an ISO code for a deposit, the internal currency's name for a purchase. */
  currency: z.string(),
  /** The currency's sign where the shop has one (`€`), else null. */
  currency_symbol: z.string().nullable(),
  seller: z.object({
    name: z.string(),
    address: z.array(z.string()),
    vat_id: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  buyer: z.object({ name: z.string(), email: z.string(), address: z.array(z.string()) }),
  lines: z.array(receiptLine),
  total_minor: z.number(),
  /** Null when the shop's VAT rate is 0. */
  vat: z.object({ rate: z.string(), amount_minor: z.number(), net_minor: z.number() }).nullable(),
  /** `balance` for a purchase, the payment provider's name for a deposit. */
  paid_with: z.string(),
  /**
   * The refunds made of it (decision 0048), each a credit note numbered `R-<year>-<id>` as receipts
   * are: to the balance for a purchase (in credits), to the payment method for a deposit (in its
   * currency). Empty when nothing was refunded.
   */
  credit_notes: z.array(
    z.object({
      number: z.string(),
      issued_at: z.string(),
      description: z.string(),
      reason: z.string(),
      amount_minor: z.number(),
    }),
  ),
  /** What was paid less what was refunded. */
  total_after_refunds_minor: z.number(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = okEnvelope(receipt);

export const receiptEndpoints = {
  receipt: defineEndpoint({
    method: 'GET',
    path: '/receipts/:kind/:id',
    summary: "A receipt of one of the signed-in user's credited deposits or purchases",
    params: receiptParams,
    response: receiptResponse,
  }),
  /** Answers application/pdf as an attachment. */
  pdf: defineEndpoint({
    method: 'GET',
    path: '/receipts/:kind/:id.pdf',
    summary: "The same receipt as a PDF file, in the account's language or `lang`",
    params: receiptParams,
    query: receiptPdfQuery,
  }),
};
