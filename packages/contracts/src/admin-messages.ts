import { z } from 'zod';
import { adminIdempotencyHeaders, adminList } from './admin';
import { defineEndpoint } from './endpoint';

/**
 * The contact form's messages in the back office: open or handled, searched, answered by mail
 * from the shop (the reply kept in the message's thread), and hidden from the list several at once.
 */

export const contactMessageStates = ['open', 'handled'] as const;
export type ContactMessageState = (typeof contactMessageStates)[number];

/** The most messages one bulk action takes: one page of the list. */
export const CONTACT_BULK_MAX = 100;
/** The longest reply, as long as the longest message the form takes. */
export const CONTACT_REPLY_MAX = 5000;

/** `GET /admin/contact-messages`: newest first, open or handled (all by default), searched by name, e-mail or text. */
export const adminContactMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(120, 'field.too_long').optional(),
  state: z.enum(contactMessageStates, 'field.invalid').optional(),
});

export const adminContactReply = z.object({
  id: z.string(),
  body: z.string(),
  /** The language the mail went out in. */
  locale: z.string(),
  admin_email: z.string(),
  created_at: z.string(),
});
export type AdminContactReply = z.infer<typeof adminContactReply>;

export const adminContactMessageItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Empty for a message sent in the original form's shape, which had none. */
  subject: z.string(),
  message: z.string(),
  locale: z.string(),
  created_at: z.string(),
  /** When it was marked handled (a reply marks it too); null while open. */
  handled_at: z.string().nullable(),
  /** The back office's replies, oldest first. */
  replies: z.array(adminContactReply),
});
export type AdminContactMessageItem = z.infer<typeof adminContactMessageItem>;
export const adminContactMessagesList = adminList(adminContactMessageItem);

export const adminContactMessageParams = z.object({ id: z.uuid('field.invalid') });

/** `POST /admin/contact-messages/:id/reply`: the text mailed to the visitor. */
export const adminContactReplyRequest = z.object({
  body: z
    .string('reply.required')
    .trim()
    .min(2, 'reply.required')
    .max(CONTACT_REPLY_MAX, 'field.too_long')
    .refine((text) => !text.includes('\u0000'), 'field.nul'),
});

/** `POST /admin/contact-messages/:id/handled`: handled (true) or open again (false). */
export const adminContactHandledRequest = z.object({ handled: z.boolean('field.invalid') });

/** `POST /admin/contact-messages/hide`: several messages out of the list (they are kept). */
export const adminContactHideRequest = z.object({
  ids: z
    .array(z.uuid('field.invalid'), 'field.invalid')
    .min(1, 'field.invalid')
    .max(CONTACT_BULK_MAX, 'field.too_many'),
});

const ok = z.object({ status: z.literal('OK'), message: z.string() });
export const adminContactMessageResponse = ok.extend({ payload: adminContactMessageItem });
export const adminContactHideResponse = ok.extend({
  payload: z.object({
    done: z.array(z.string()),
    failed: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
  }),
});

export const adminMessageEndpoints = {
  reply: defineEndpoint({
    method: 'POST',
    path: '/admin/contact-messages/:id/reply',
    summary: 'Answer a contact message by mail in the visitor’s language; the reply is kept in its thread',
    params: adminContactMessageParams,
    body: adminContactReplyRequest,
    headers: adminIdempotencyHeaders,
    response: adminContactMessageResponse,
  }),
  handled: defineEndpoint({
    method: 'POST',
    path: '/admin/contact-messages/:id/handled',
    summary: 'Mark a contact message handled, or open again',
    params: adminContactMessageParams,
    body: adminContactHandledRequest,
    response: adminContactMessageResponse,
  }),
  hide: defineEndpoint({
    method: 'POST',
    path: '/admin/contact-messages/hide',
    summary: 'Hide several contact messages from the list at once, each audited',
    body: adminContactHideRequest,
    headers: adminIdempotencyHeaders,
    response: adminContactHideResponse,
  }),
} as const;
