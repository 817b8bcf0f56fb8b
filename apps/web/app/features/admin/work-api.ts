import { adminEndpoints as admin } from '@promptmarket/contracts/admin.endpoints';
import type { z } from 'zod';
import { type ApiClient, idempotencyHeaders } from '../../lib/api-client';

/**
 * The back office's calls for offers in bulk, identity scans and the contact form's messages, each
 * from the endpoint its contract declares.
 */

type Body<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/** Declines or publishes several offers; the answer names those done and those that failed, with why. */
export const bulkOffers = (api: ApiClient, body: Body<typeof admin.offers.bulk>, idempotencyKey: string) =>
  api.call(admin.offers.bulk, { body, headers: idempotencyHeaders(idempotencyKey) });
