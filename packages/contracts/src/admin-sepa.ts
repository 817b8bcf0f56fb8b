import { z } from 'zod';
import { adminPageRequest, adminPayoutBatch } from './admin';
import { paginationMeta } from './catalogue';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';

/**
 * The SEPA files the back office exported, each downloadable again, and whether the shop's own
 * account (the debtor of those files) is set, without which no file can be made.
 */
export const adminPayoutBatchesResponse = okEnvelope(
  z.object({
    data: z.array(adminPayoutBatch),
    meta: paginationMeta,
    /** The shop's account the transfers leave from; null until SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN are set. */
    sepa_debtor: z.object({ name: z.string(), iban_masked: z.string() }).nullable(),
  }),
);
export type AdminPayoutBatches = z.infer<typeof adminPayoutBatchesResponse>['payload'];

export const adminSepaEndpoints = {
  batches: defineEndpoint({
    method: 'GET',
    path: '/admin/payout-batches',
    summary: 'The SEPA files exported so far, newest first, and whether the shop’s SEPA account is set',
    query: adminPageRequest,
    response: adminPayoutBatchesResponse,
  }),
};
