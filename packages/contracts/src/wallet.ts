import { z } from 'zod';
import { paginationMeta } from './catalogue';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';
import { walletMovementGroupNames, walletSubjectTypes } from './wallet-groups';

export {
  type WalletMovementGroup,
  type WalletSubjectType,
  walletGroupOf,
  walletMovementGroupNames,
  walletMovementGroups,
  walletSubjectTypes,
} from './wallet-groups';

export const walletMovementsQuery = z.object({
  page: z.coerce.number('field.invalid').int('field.invalid').min(1, 'field.invalid').max(100_000).default(1),
  per_page: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(100, 'field.invalid')
    .default(20),
  kind: z.enum(walletMovementGroupNames, 'field.invalid').optional(),
});
export type WalletMovementsQuery = z.input<typeof walletMovementsQuery>;

/**
 * The export's query: the kind, and the language the file is written in (its headers, separator and
 * decimal sign), which a download link names since a browser sends no language header with it.
 */
export const walletMovementsExportQuery = walletMovementsQuery.pick({ kind: true }).extend({
  lang: z.enum(['en', 'de', 'fr', 'es', 'it', 'pl'], 'field.invalid').optional(),
});

export const walletMovement = z.object({
  id: z.number(),
  created_at: z.string(),
  kind: z.enum(walletMovementGroupNames),
  /** The ledger's own kind of move (`deposit_reinstatement`, `payout_release`, …). */
  move: z.string(),
  /** Signed, in the internal currency: positive adds to the balance. */
  amount: z.number(),
  /** The balance right after this movement. */
  balance_after: z.number(),
  subject: z.object({ type: z.enum(walletSubjectTypes), id: z.number() }).nullable(),
});
export type WalletMovement = z.infer<typeof walletMovement>;

export const walletMovementsResponse = okEnvelope(
  z.object({
    balance: z.number(),
    internal_currency_name: z.string(),
    data: z.array(walletMovement),
    meta: paginationMeta,
  }),
);
export type WalletMovements = z.infer<typeof walletMovementsResponse>['payload'];

export const walletMovementsExportResponse = z
  .string()
  .describe(
    'text/csv with a UTF-8 BOM, in the caller’s language: a header row, then one row per movement (date, kind, move, amount, balance after, reference); `;` and a decimal comma for de, fr, es, it, pl, `,` and a point for en',
  );

export const walletEndpoints = {
  movements: defineEndpoint({
    method: 'GET',
    path: '/wallet/movements',
    summary: "The signed-in user's balance and its movements from the ledger, newest first",
    query: walletMovementsQuery,
    response: walletMovementsResponse,
  }),
  /** Answers a CSV file. */
  export: defineEndpoint({
    method: 'GET',
    path: '/wallet/movements.csv',
    summary: "Every movement of the signed-in user's balance as CSV",
    query: walletMovementsExportQuery,
    response: walletMovementsExportResponse,
  }),
};
