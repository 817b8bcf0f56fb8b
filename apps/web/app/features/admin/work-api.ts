import { adminEndpoints as admin } from '@promptmarket/contracts/admin.endpoints';
import { adminMessageEndpoints } from '@promptmarket/contracts/admin-messages';
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

/** Mails a reply to a contact message in the visitor's language; answers the message with its thread. */
export const replyToMessage = (api: ApiClient, id: string, body: string, idempotencyKey: string) =>
  api.call(adminMessageEndpoints.reply, {
    params: { id },
    body: { body },
    headers: idempotencyHeaders(idempotencyKey),
  });

/** Marks a contact message handled, or open again. */
export const setMessageHandled = (api: ApiClient, id: string, handled: boolean) =>
  api.call(adminMessageEndpoints.handled, { params: { id }, body: { handled } });

/** Hides several contact messages from the list; the answer names those that could not be hidden. */
export const hideMessages = (api: ApiClient, ids: string[], idempotencyKey: string) =>
  api.call(adminMessageEndpoints.hide, { body: { ids }, headers: idempotencyHeaders(idempotencyKey) });
