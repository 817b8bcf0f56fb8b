import {
  type DepositCheckoutRequest,
  depositEndpoints,
  type depositFormRequest,
} from '@promptmarket/contracts/deposits';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client';

/** The deposits' calls, each from the endpoint its contract declares. */
export const validateDeposit = (api: ApiClient, form: z.input<typeof depositFormRequest>) =>
  api.call(depositEndpoints.validate, { body: form });
/** The same key from the same user is the same deposit: a retry never pays twice. */
export const startCheckout = (api: ApiClient, form: DepositCheckoutRequest, idempotencyKey: string) =>
  api.call(depositEndpoints.checkout, { body: form, headers: { 'Idempotency-Key': idempotencyKey } });
export const getDepositStatus = (api: ApiClient, orderId: number) =>
  api.call(depositEndpoints.status, { query: { order_id: orderId } });
export const getDeposits = (api: ApiClient) => api.call(depositEndpoints.history);
export const getLastDepositDetails = (api: ApiClient) => api.call(depositEndpoints.lastDetails);
