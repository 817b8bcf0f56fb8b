// Without zod, so the wallet page can read the groups without shipping it.

/**
 * What a user's wallet shows of the ledger: each movement of their balance, grouped into the
 * kinds a person recognises. Each group covers one or more ledger move kinds.
 */
export const walletMovementGroups = {
  deposits: ['deposit', 'deposit_reinstatement'],
  reversals: ['deposit_reversal'],
  purchases: ['purchase'],
  generations: ['generation'],
  refunds: ['refund', 'purchase_refund', 'generation_refund', 'deposit_refund', 'deposit_refund_returned'],
  payouts: ['payout_reserve', 'payout_release'],
  adjustments: ['adjustment'],
} as const;
export type WalletMovementGroup = keyof typeof walletMovementGroups;
export const walletMovementGroupNames = Object.keys(walletMovementGroups) as [
  WalletMovementGroup,
  ...WalletMovementGroup[],
];

/** The group a ledger move kind belongs to; every kind that touches a wallet has one. */
export function walletGroupOf(kind: string): WalletMovementGroup {
  for (const group of walletMovementGroupNames) {
    if ((walletMovementGroups[group] as readonly string[]).includes(kind)) return group;
  }
  return 'adjustments';
}

/** What a movement was for, as a link the user can follow: an order, a deposit, a picture, a payout. */
export const walletSubjectTypes = ['order', 'deposit', 'generation', 'payout'] as const;
export type WalletSubjectType = (typeof walletSubjectTypes)[number];
