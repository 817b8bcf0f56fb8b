import {
  type GenerateImageRequest,
  generationEndpoints,
  orderEndpoints,
} from '@promptmarket/contracts/orders';
import type { BrowserApi } from '../../lib/api-browser';
import { type ApiClient, endpointUrl, idempotencyHeaders } from '../../lib/api-client';

/** The cart's, the orders' and the generations' calls, each from the endpoint its contract declares. */
export const getCart = (api: ApiClient) => api.call(orderEndpoints.cart);
export const addToCart = (api: ApiClient, productId: number) =>
  api.call(orderEndpoints.addToCart, { body: { product_id: productId } });
export const removeFromCart = (api: ApiClient, id: number) =>
  api.call(orderEndpoints.removeFromCart, { params: { id } });
/**
 * The same key from the same user is the same order: a retry never buys twice. `expectedTotal` is
 * the price the buyer saw: a price changed since is refused with 409 PRICE_CHANGED.
 */
export const purchasePrompt = (
  api: ApiClient,
  productId: number,
  idempotencyKey: string,
  expectedTotal: number,
) =>
  api.call(orderEndpoints.purchasePrompt, {
    body: { prompt_id: productId, expected_total: expectedTotal },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
export const purchaseCart = (api: ApiClient, idempotencyKey: string, expectedTotal: number) =>
  api.call(orderEndpoints.purchaseCart, {
    body: { expected_total: expectedTotal },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
/** The bought prompts of the purchase history; the orders tab reads the generations from their own list. */
export const getOrders = async (api: ApiClient) => {
  const { payload } = await api.call(orderEndpoints.history);
  return { payload: payload.filter((row) => row.type === 'purchase') };
};
export const getGenerations = (api: ApiClient) => api.call(generationEndpoints.history);

/** A bought prompt's zip in the chosen format and size, with download progress. */
export const downloadOrder = (
  api: BrowserApi,
  orderId: number,
  choice: { format: string; size: string },
  onProgress: (percent: number) => void,
) => api.file(orderEndpoints.download, { params: { orderId }, query: choice }, onProgress);
export const downloadGeneration = (api: BrowserApi, id: number, onProgress: (percent: number) => void) =>
  api.file(generationEndpoints.download, { params: { id } }, onProgress);
/**
 * Draws and pays for an image; the answer is its zip, with the generation's id in `x-generation-id`.
 * The same key with the same values answers the same picture again, paid once.
 */
export const generateImage = (
  api: BrowserApi,
  values: GenerateImageRequest,
  idempotencyKey: string,
  onProgress: (percent: number) => void,
) =>
  api.file(
    generationEndpoints.generate,
    { body: values, headers: idempotencyHeaders(idempotencyKey) },
    onProgress,
  );
/** The address of a generation's picture, for an `<img>`. */
export const generationImageUrl = (id: string | number) =>
  endpointUrl(generationEndpoints.image, { params: { id } });
