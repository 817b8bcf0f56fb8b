import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { errorCode, okEnvelope } from './envelope';
import { parseMinorUnits } from './money';

/**
 * A prompt in the cart, priced in the internal currency (display decimals). `available` is false
 * for a prompt taken off sale since it was added: it stays listed so it can be removed, is left out
 * of the totals, and a checkout buys the others.
 */
export const cartItem = z.object({
  id: z.number(),
  product_id: z.number(),
  slug: z.string(),
  title: z.string(),
  price: z.number(),
  currency: z.string(),
  thumb_url: z.string(),
  available: z.boolean(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartTotals = z.object({ subtotal: z.number(), fee: z.number(), total: z.number() });
export const cart = z.object({ items: z.array(cartItem), totals: cartTotals, currency: z.string() });
export type Cart = z.infer<typeof cart>;
export const cartResponse = okEnvelope(cart);

const productId = z.coerce
  .number('field.invalid')
  .int('field.invalid')
  .positive('field.invalid')
  .max(2_147_483_647, 'field.invalid');

export const addToCartRequest = z.object({ product_id: productId });
export const cartItemParams = z.object({ id: productId });
/**
 * The total the buyer saw, in the internal currency as the cart and the prices show it (12.5 for
 * 12.50): a purchase whose total is no longer that is refused with 409 PRICE_CHANGED.
 */
export const expectedTotal = z
  .number('field.invalid')
  .nonnegative('field.invalid')
  .refine((value) => parseMinorUnits(String(value)) !== null, 'field.invalid');

export const purchasePromptRequest = z.object({
  prompt_id: productId,
  expected_total: expectedTotal.optional(),
});

/** A cart checkout sends no body, or the total the buyer saw. */
export const purchaseCartRequest = z.object({ expected_total: expectedTotal.optional() }).optional();

/**
 * A refused purchase: `{status: "ERROR", message, code}`. For too little money the code is
 * INSUFFICIENT_FUNDS, the message names the amount missing, and `missing` carries it in the
 * internal currency.
 */
export const purchaseError = z.object({
  status: z.literal('ERROR'),
  message: z.string(),
  code: errorCode,
  missing: z.number().optional(),
  /** With PRICE_CHANGED: the purchase's total now, in the internal currency. */
  total: z.number().optional(),
});

/** One bought prompt, in both readings of spec section 3's Order. */
export const order = z.object({
  id: z.number(),
  order_id: z.number(),
  product_id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  created_at: z.string(),
  date: z.string(),
  image: z.string(),
  format: z.string().nullable(),
  size: z.string().nullable(),
  /** The whole prompt bought: the buyer sees it in the order dialog as well as in the zip. */
  prompt: z.string(),
});
export type Order = z.infer<typeof order>;
export const ordersResponse = okEnvelope(z.array(order));

export const purchaseResponse = z.object({
  status: z.literal('OK'),
  message: z.string(),
  payload: z.object({ order_id: z.number(), orders: z.array(order), balance: z.number() }),
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

/** A prompt the user owns, with the prompt text they bought. */
export const ownedPrompt = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  prompt: z.string(),
  image: z.string(),
  purchased_at: z.string(),
});
export const ownedPromptsResponse = okEnvelope(z.array(ownedPrompt));

/** `POST /purchase/generate-image`: a title and a prompt, with a format and size from the settings. */
export const generateImageRequest = z.object({
  title: z.string('title.required').trim().min(1, 'title.required').max(100, 'field.too_long'),
  prompt: z.string('prompt.required').trim().min(3, 'prompt.required').max(2000, 'field.too_long'),
  format: z.string().max(10).optional(),
  size: z.string().max(20).optional(),
});
export type GenerateImageRequest = z.infer<typeof generateImageRequest>;

/** A picture the user had drawn, kept to be seen and downloaded again. */
export const generation = z.object({
  id: z.number(),
  title: z.string(),
  prompt: z.string(),
  format: z.string(),
  size: z.string(),
  price: z.number(),
  currency: z.string(),
  created_at: z.string(),
  image: z.string(),
});
export type Generation = z.infer<typeof generation>;
export const generationsResponse = okEnvelope(z.array(generation));

/** A row of `GET /purchase/history` for a bought prompt: the order, marked as a purchase. */
export const purchaseHistoryPurchase = order.extend({ type: z.literal('purchase') });

/**
 * A row of `GET /purchase/history` for a drawn image (the original API lists "purchases and
 * generations"): every key of a purchase row, null where a generation has none (order, product,
 * slug, description), with the generation's own id, format and size, its prompt, and where its zip
 * is downloaded again. `id` is the generation's: read it with `type`.
 */
export const purchaseHistoryGeneration = z.object({
  type: z.literal('generation'),
  id: z.number(),
  order_id: z.null(),
  product_id: z.null(),
  slug: z.null(),
  title: z.string(),
  description: z.null(),
  price: z.number(),
  currency: z.string(),
  created_at: z.string(),
  date: z.string(),
  image: z.string(),
  format: z.string(),
  size: z.string(),
  prompt: z.string(),
  download_url: z.string(),
});
export const purchaseHistoryRow = z.discriminatedUnion('type', [
  purchaseHistoryPurchase,
  purchaseHistoryGeneration,
]);
export type PurchaseHistoryRow = z.infer<typeof purchaseHistoryRow>;
export const purchaseHistoryResponse = okEnvelope(z.array(purchaseHistoryRow));

/**
 * A client's retry key: the same key from the same user with the same request is the same order
 * (or generation); with another request it is refused with 409 IDEMPOTENCY_KEY_REUSED.
 */
export const purchaseHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'field.invalid')
    .optional(),
});

/** The format and size of a download (the settings list them); the default when left out. */
export const downloadQuery = z.object({
  format: z.string().max(10).optional(),
  size: z.string().max(20).optional(),
});

export const orderItemParams = z.object({ orderId: cartItemParams.shape.id });

export const orderEndpoints = {
  cart: defineEndpoint({
    method: 'GET',
    path: '/cart',
    summary: 'The cart with its totals',
    response: cartResponse,
  }),
  addToCart: defineEndpoint({
    method: 'POST',
    path: '/cart',
    summary: 'Add a prompt to the cart (once; not one the user owns)',
    body: addToCartRequest,
    response: cartResponse,
  }),
  removeFromCart: defineEndpoint({
    method: 'DELETE',
    path: '/cart/:id',
    summary: 'Remove a row of the cart',
    params: cartItemParams,
    response: cartResponse,
  }),
  /** A refusal answers 422 with `purchaseError`; a changed price 409 PRICE_CHANGED. */
  purchaseCart: defineEndpoint({
    method: 'POST',
    path: '/purchase/cart',
    summary: 'Buy the prompts of the cart still on sale, all or nothing',
    body: purchaseCartRequest,
    headers: purchaseHeaders,
    response: purchaseResponse,
  }),
  /** A refusal answers 422 with `purchaseError`; a changed price 409 PRICE_CHANGED. */
  purchasePrompt: defineEndpoint({
    method: 'POST',
    path: '/purchase/prompt',
    summary: 'Buy one prompt',
    body: purchasePromptRequest,
    headers: purchaseHeaders,
    response: purchaseResponse,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/purchase/history',
    summary: 'The prompts bought and the images drawn, newest first, each row with its type',
    response: purchaseHistoryResponse,
  }),
  /** Answers a zip. */
  download: defineEndpoint({
    method: 'GET',
    path: '/purchase/:orderId/download',
    summary: 'A bought prompt as a zip: image in the chosen format and size, prompt, licence',
    params: orderItemParams,
    query: downloadQuery,
  }),
  ownedPrompts: defineEndpoint({
    method: 'GET',
    path: '/user/prompts',
    summary: 'The prompts the user owns',
    response: ownedPromptsResponse,
  }),
};

export const generationParams = z.object({ id: cartItemParams.shape.id });

export const generationEndpoints = {
  /**
   * Answers a zip; a refusal answers 422 with `purchaseError`. A retry with the same
   * Idempotency-Key answers the same picture again, charged once.
   */
  generate: defineEndpoint({
    method: 'POST',
    path: '/purchase/generate-image',
    summary: 'Draw an image from a prompt, paid from the balance; answers a zip',
    body: generateImageRequest,
    headers: purchaseHeaders,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/purchase/generations',
    summary: 'The images the user had drawn, newest first',
    response: generationsResponse,
  }),
  /** Answers the picture. */
  image: defineEndpoint({
    method: 'GET',
    path: '/purchase/generations/:id/image',
    summary: "The picture of one of the user's generations",
    params: generationParams,
  }),
  /** Answers a zip. */
  download: defineEndpoint({
    method: 'GET',
    path: '/purchase/generations/:id/download',
    summary: "One of the user's generations again as a zip",
    params: generationParams,
  }),
};
