import { z } from 'zod';
import { profile } from './accounts';
import {
  adminActionResponse,
  adminLedgerEntry,
  adminList,
  adminPageRequest,
  adminPayoutStatuses,
  adminUserDeposit,
  adminUserParams,
} from './admin';
import { refundStatuses, refundSubjects } from './admin-refunds';
import { defineEndpoint } from './endpoint';
import { receipt } from './receipts';

/**
 * The back office's orders and customer pages: every purchase, cart checkout and paid image
 * generation in one list, one order with its money, receipt, downloads and refunds, and one
 * customer with what the shop knows of them, to answer "where is my purchase?".
 */

/** How an order was made: one prompt bought from its page, the cart at once, or an image drawn. */
export const adminOrderKinds = ['purchase', 'checkout', 'generation'] as const;
export type AdminOrderKind = (typeof adminOrderKinds)[number];

/**
 * Where an order stands: a bought prompt or cart is `paid` once its ledger move is made (it is
 * made in the same transaction); a drawn image is `processing`, then `done`, or `failed` (its
 * cost given back at once). A paid order or a drawn image the back office gave money back for is
 * `partially_refunded`, or `refunded` once all of it went back.
 */
export const adminOrderStatuses = [
  'paid',
  'processing',
  'done',
  'failed',
  'partially_refunded',
  'refunded',
] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

/**
 * An order as the list names it: `order-12` (a purchase or a checkout, an order's number) or
 * `generation-5` (a paid image generation): the two are numbered apart.
 */
export const adminOrderIdPattern = /^(order|generation)-([1-9]\d{0,14})$/;
export const adminOrderParams = z.object({
  id: z.string('field.invalid').regex(adminOrderIdPattern, 'field.invalid'),
});

/** The id an order has in the back office. */
export function adminOrderId(kind: AdminOrderKind, id: number): string {
  return `${kind === 'generation' ? 'generation' : 'order'}-${id}`;
}

/**
 * The number an order is known by, the one its buyer reads on the receipt: `P-2026-000123` for a
 * purchase or a checkout (the receipt's number), `G-2026-000005` for a generation.
 */
export function adminOrderNumber(kind: AdminOrderKind, id: number, createdAt: Date): string {
  const letter = kind === 'generation' ? 'G' : 'P';
  return `${letter}-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** What an order number or an id typed in the search names: `P-2026-000123`, `G-5`, `#12`. */
export function orderNumberSearched(
  term: string,
): { kinds: readonly ('order' | 'generation')[]; id: number } | null {
  const match = /^(?:([pg])-?(?:\d{4}-)?|#)?0*([1-9]\d{0,14})$/i.exec(term.trim());
  if (!match) return null;
  const letter = match[1]?.toLowerCase();
  const kinds =
    letter === 'p'
      ? ['order' as const]
      : letter === 'g'
        ? ['generation' as const]
        : ['order' as const, 'generation' as const];
  return { kinds, id: Number(match[2]) };
}

/** A day as `2026-11-29` (UTC), a real date. */
const day = z
  .string('field.invalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field.invalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'field.invalid');

/**
 * `GET /admin/orders`: newest first. `search` finds the order number, the buyer's e-mail or name
 * and a product's or drawn image's title, case and accents folded; `from` and `to` are days
 * (UTC), both included; `user_id` narrows to one customer.
 */
export const adminOrdersRequest = adminPageRequest
  .extend({
    search: z.string('field.invalid').trim().max(120, 'field.too_long').optional(),
    kind: z.enum(adminOrderKinds, 'field.invalid').optional(),
    status: z.enum(adminOrderStatuses, 'field.invalid').optional(),
    from: day.optional(),
    to: day.optional(),
    user_id: z.uuid('field.invalid').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'field.invalid',
    path: ['to'],
  });
export type AdminOrdersQuery = z.output<typeof adminOrdersRequest>;

export const adminOrderBuyer = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminOrderBuyer = z.infer<typeof adminOrderBuyer>;

/** One row of the orders list; `total` in the internal currency. */
export const adminOrderRow = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(adminOrderKinds),
  buyer: adminOrderBuyer,
  total: z.number(),
  item_count: z.number(),
  status: z.enum(adminOrderStatuses),
  created_at: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrdersResponse = adminList(adminOrderRow);

/** A prompt bought, or the image drawn; `price` in the internal currency. */
export const adminOrderItem = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  title: z.string(),
  price: z.number(),
  /** A drawn image's format and size; null for a bought prompt (chosen at each download). */
  format: z.string().nullable(),
  size: z.string().nullable(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItem>;

/** One entry of a ledger move: which account, signed amount in the internal currency. */
export const adminOrderMove = z.object({
  id: z.number(),
  kind: z.string(),
  reference: z.string().nullable(),
  amount: z.number(),
  created_at: z.string(),
  entries: z.array(z.object({ account: z.string(), amount: z.number() })),
});
export type AdminOrderMove = z.infer<typeof adminOrderMove>;

/** A download the buyer made: when, which item, in which format and size. */
export const adminOrderDownload = z.object({
  id: z.number(),
  item_id: z.number(),
  user_id: z.string(),
  format: z.string().nullable(),
  size: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOrderDownload = z.infer<typeof adminOrderDownload>;

/**
 * A refund of the order, of one of its items, or of the generation, back to the buyer's balance:
 * its credit note's number, what and how much, why, by which admin, and where it stands.
 */
export const adminOrderRefund = z.object({
  id: z.number(),
  number: z.string(),
  subject: z.enum(refundSubjects),
  /** The order's, the item's or the generation's id. */
  subject_id: z.number(),
  amount: z.number(),
  status: z.enum(refundStatuses),
  reason: z.string(),
  admin_email: z.string(),
  created_at: z.string(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefund>;

/** `GET /admin/orders/:id`. */
export const adminOrderDetail = adminOrderRow.extend({
  currency: z.string(),
  items: z.array(adminOrderItem),
  moves: z.array(adminOrderMove),
  /** The receipt the buyer sees (a purchase or a checkout); null for a generation, which has none. */
  receipt: receipt.nullable(),
  /** The address of the receipt's page the buyer opens from their account. */
  receipt_path: z.string().nullable(),
  downloads: z.array(adminOrderDownload),
  refunds: z.array(adminOrderRefund),
  /** Why the drawing failed, for a failed generation. */
  error_message: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
export const adminOrderResponse = z.object({ status: z.literal('OK'), payload: adminOrderDetail });

/* The customer page */

export const adminCustomerOffer = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  user_price: z.number(),
  service_price: z.number().nullable(),
  created_at: z.string(),
});
export const adminCustomerPayout = z.object({
  id: z.number(),
  offer_id: z.number(),
  method: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(adminPayoutStatuses),
  destination: z.string(),
  created_at: z.string(),
});
export const adminCustomerVerification = z.object({
  id: z.number(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
/** A signed-in session: never its secret, only when it began, was last used, and the browser. */
export const adminCustomerSession = z.object({
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
});
export type AdminCustomerSession = z.infer<typeof adminCustomerSession>;

/** `GET /admin/customers/:id`: the customer with what the shop holds of them (the newest 50 of each). */
export const adminCustomer = z.object({
  profile: profile.extend({
    blocked: z.boolean(),
    two_factor: z.boolean(),
    created_at: z.string(),
  }),
  orders: z.array(z.object({ id: z.number(), total: z.number(), created_at: z.string() })),
  deposits: z.array(adminUserDeposit),
  /** The newest 100 wallet entries; the statement pages further (`/admin/users/:id/ledger`). */
  ledger: z.array(adminLedgerEntry),
  offers: z.array(adminCustomerOffer),
  payouts: z.array(adminCustomerPayout),
  verifications: z.array(adminCustomerVerification),
  sessions: z.array(adminCustomerSession),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;
export const adminCustomerResponse = z.object({ status: z.literal('OK'), payload: adminCustomer });

/** `GET /admin/users/:id/ledger`: the wallet statement, newest first, with the balance after each entry. */
export const adminStatementEntry = adminLedgerEntry.extend({ balance_after: z.number() });
export type AdminStatementEntry = z.infer<typeof adminStatementEntry>;
export const adminStatementResponse = adminList(adminStatementEntry);

export const adminOrderEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/orders',
    summary:
      'Every purchase, cart checkout and paid generation, newest first: search by number, buyer or title; filter by kind, status, days or customer',
    query: adminOrdersRequest,
    response: adminOrdersResponse,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/orders/:id',
    summary: 'One order: buyer, items, ledger moves, receipt, downloads and refunds',
    params: adminOrderParams,
    response: adminOrderResponse,
  }),
};

export const adminCustomerEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/customers/:id',
    summary:
      'One customer: profile, balance, orders, deposits, ledger, offers, payouts, verifications and live sessions',
    params: adminUserParams,
    response: adminCustomerResponse,
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/admin/users/:id/ledger',
    summary: 'A customer’s wallet statement, newest first, paged',
    params: adminUserParams,
    query: adminPageRequest,
    response: adminStatementResponse,
  }),
  resetTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/reset-two-factor',
    summary:
      'Turn off an admin’s two-factor sign-in (a lost phone); they set it up again at the next sign-in',
    params: adminUserParams,
    response: adminActionResponse,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/resend-verification',
    summary: 'Send the customer a new e-mail verification link',
    params: adminUserParams,
    response: adminActionResponse,
  }),
};
