import type { DepositFailureCode } from '@promptmarket/contracts/deposits';
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  type PaymentFailureKind,
} from '../payments/provider';

/**
 * Why a deposit failed: the code the web words in the visitor's language (the API's `error_code`),
 * and the text the spec's `error_message` carries. Both are stored when the deposit fails.
 */
export type DepositFailure = { code: DepositFailureCode; message: string };

export const EXPIRED_MESSAGE = 'The payment was not completed in time.';
export const REVIEW_MESSAGE = 'The payment needs a review by our team. Please contact support.';
export const GATEWAY_MESSAGE =
  'Payment gateway error. Please try again later or use a different payment method.';

/** The provider refused the card (it may name the issuer's reason: the deposit's decline code). */
export const DECLINED: DepositFailure = { code: 'declined', message: PAYMENT_DECLINED_MESSAGE };
/** The checkout was not paid before it ended. */
export const EXPIRED: DepositFailure = { code: 'expired', message: EXPIRED_MESSAGE };
/** A payment arrived that does not match the deposit (another currency): the team looks at it. */
export const REVIEW: DepositFailure = { code: 'review', message: REVIEW_MESSAGE };
/** The provider refused to open the checkout. */
export const GATEWAY: DepositFailure = { code: 'gateway', message: GATEWAY_MESSAGE };

/**
 * A failure the provider reported: the kind it gave is the code (a refused card is a decline, any
 * other reason a plain failure), and its text, when it gave one, the message. The kind is decided
 * by the provider where it knows it; the text is never read for it.
 */
export function providerFailure(kind: PaymentFailureKind | undefined, message?: string): DepositFailure {
  if (kind === 'declined') return { code: 'declined', message: message ?? DECLINED.message };
  return { code: 'failed', message: message ?? PAYMENT_FAILED_MESSAGE };
}
