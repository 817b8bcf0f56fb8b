import {
  OFFER_FILE_TYPES,
  OFFER_MAX_BYTES,
  type Offer,
  type OfferFileKind,
  type OfferStatusGroup,
  offerStatusGroup,
  offerStatusGroups,
} from '@promptmarket/contracts/offers';
import { ApiError } from '../../lib/api-client';
import { paymentFailureText, usableMessage } from '../../lib/failure-text';
import type { Translate } from '../../lib/i18n';
import { centsFromDecimal, formatInternal } from '../../lib/money';

/**
 * The offers screens' rules (spec sections 4, 5 and 8), apart from React so that they are tested
 * on their own. The server checks everything again.
 */

export type OfferTab = 'all' | OfferStatusGroup;
export const offerTabs: readonly OfferTab[] = ['all', ...offerStatusGroups];

/** How many offers each tab holds. */
export function tabCounts(offers: readonly Pick<Offer, 'status'>[]): Record<OfferTab, number> {
  const counts: Record<OfferTab, number> = {
    all: offers.length,
    pending: 0,
    offer: 0,
    approved: 0,
    declined: 0,
  };
  for (const offer of offers) counts[offerStatusGroup(offer.status)] += 1;
  return counts;
}

export function inTab(offer: Pick<Offer, 'status'>, tab: OfferTab): boolean {
  return tab === 'all' || offerStatusGroup(offer.status) === tab;
}

/** The badge of a status: pending warning, offer primary, approved success, declined danger. */
export function badgeTone(status: Offer['status']): 'warning' | 'primary' | 'success' | 'danger' {
  const group = offerStatusGroup(status);
  return group === 'pending'
    ? 'warning'
    : group === 'offer'
      ? 'primary'
      : group === 'approved'
        ? 'success'
        : 'danger';
}

/** A price of an offer (euro, as the API answers it) as text: "90.00 EUR". */
export function euroText(amount: number, locale: string): string {
  return formatInternal(centsFromDecimal(amount), locale, 'EUR');
}

export type OfferFailureKey = 'offers.apiError' | 'offers.gatewayError' | 'offers.tooLarge';

/**
 * The message of a failed offer call, in the order of spec section 8: a 500 about a null array
 * offset, a 500 about the gateway, the first field error, the message, else (null) the action's
 * generic text. A 413 on creation is the 10 MB text. A 5xx, a body that is not the API's and a
 * request without an answer have no message of their own (`usableMessage`). Returns either a
 * catalogue key or the server's own words.
 */
export function offerFailure(error: unknown): { key: OfferFailureKey } | { text: string } | null {
  if (error instanceof ApiError) {
    if (error.status === 413) return { key: 'offers.tooLarge' };
    if (error.status === 500 && /array offset/i.test(error.message) && /null/i.test(error.message))
      return { key: 'offers.apiError' };
    if (error.status === 500 && /gateway/i.test(error.message)) return { key: 'offers.gatewayError' };
  }
  const text = usableMessage(error);
  return text ? { text } : null;
}

/** What a failed offer call shows: `offerFailure`, else the action's generic text. */
export function offerFailureText(error: unknown, t: Translate, fallbackKey: string): string {
  const failure = offerFailure(error);
  return failure === null ? t(fallbackKey) : 'key' in failure ? t(failure.key) : failure.text;
}

/** The calls that pay an offer out, each with its generic text (spec section 8). */
export type PayoutCall = 'approve' | 'withdraw' | 'retryBank' | 'retryCard';
const payoutFallbacks: Record<PayoutCall, string> = {
  approve: 'offers.approveFailed',
  withdraw: 'offers.withdrawFailed',
  retryBank: 'offers.bankFailed',
  retryCard: 'offers.cardFailed',
};

/**
 * What the bank and card steps show for a failed payout call: the offers' 500 texts first, then
 * the payment screens' texts for a 401 and a 5xx, then the API's own words, else the call's
 * generic text: accepting to a bank account, withdrawing to a card, or new bank or card details
 * for a payout that failed.
 */
export function payoutFailureText(error: unknown, t: Translate, call: PayoutCall): string {
  const failure = offerFailure(error);
  if (failure && 'key' in failure) return t(failure.key);
  return paymentFailureText(error, t, payoutFallbacks[call]);
}

/**
 * What the file input offers to choose: the pictures by their types, so that it accepts images
 * (spec section 5), and the documents by their names, so that they can be chosen as well.
 */
export const OFFER_FILE_ACCEPT = OFFER_FILE_TYPES.map((type) =>
  type.contentType.startsWith('image/') ? type.contentType : `.${type.extensions.join(',.')}`,
).join(',');

/** What the file input checks before anything is sent (spec section 5), by the API's own list. */
export function offerFileProblem(file: { size: number; type: string; name: string } | null | undefined) {
  if (!file) return 'media.required' as const;
  if (file.size > OFFER_MAX_BYTES) return 'media.too_large' as const;
  if (offerFileKind(file) === 'other') return 'media.type' as const;
  return null;
}

/**
 * The kind of a chosen file as the server will decide it, as far as the browser can tell from its
 * type or else its name (`OFFER_FILE_TYPES`): jpeg, png or gif for a picture (whose offer needs a
 * prompt), svg, pdf, doc or docx, else `other`, which the shop does not take.
 */
export function offerFileKind(file: { type: string; name: string }): OfferFileKind | 'other' {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const found =
    OFFER_FILE_TYPES.find((type) => type.contentType === file.type) ??
    OFFER_FILE_TYPES.find((type) => (type.extensions as readonly string[]).includes(extension));
  return found?.kind ?? 'other';
}

/** A card number as it is typed: digits in groups of four, at most 19 characters. */
export function groupCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ').slice(0, 19);
}

/** The expiry years offered: this year and the next nine. */
export function expiryYears(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 10 }, (_, index) => year + index);
}

/** The months offered for a year: none already past in this year. */
export function expiryMonths(year: number | null, now = new Date()): number[] {
  const first = year === now.getFullYear() ? now.getMonth() + 1 : 1;
  return Array.from({ length: 13 - first }, (_, index) => first + index);
}
