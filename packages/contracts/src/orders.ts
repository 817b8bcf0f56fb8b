import { z } from 'zod';
import { errorCode, okEnvelope } from './envelope';

/** A prompt in the cart, priced in the internal currency (display decimals). */
export const cartItem = z.object({
  id: z.number(),
  product_id: z.number(),
  slug: z.string(),
  title: z.string(),
  price: z.number(),
  currency: z.string(),
  thumb_url: z.string(),
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
export const purchasePromptRequest = z.object({ prompt_id: productId });

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
