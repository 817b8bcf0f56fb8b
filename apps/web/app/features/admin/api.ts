import { adminEndpoints as admin } from '@promptmarket/contracts/admin.endpoints';
import { adminCustomerEndpoints, adminOrderEndpoints } from '@promptmarket/contracts/admin-orders';
import {
  type AdminRefundInput,
  adminRefundEndpoints,
  type RefundSubject,
} from '@promptmarket/contracts/admin-refunds';
import type { z } from 'zod';
import type { BrowserApi } from '../../lib/api-browser';
import { type ApiClient, endpointUrl, idempotencyHeaders } from '../../lib/api-client';

/** The back office's calls, each from the endpoint its contract declares. */

type Body<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** A list's query, passed on from the page's address (the server checks it). */
type ListQuery = URLSearchParams;

export const getStats = (api: ApiClient) => api.call(admin.stats.get);
export const getAudit = (api: ApiClient, query: ListQuery) => api.call(admin.audit.list, { query });
export const getDeposits = (api: ApiClient, query: ListQuery) => api.call(admin.deposits.list, { query });

export const getOffers = (api: ApiClient, query: ListQuery) => api.call(admin.offers.list, { query });
/** One offer with the products and earlier offers whose pictures are like its picture. */
export const getOffer = (api: ApiClient, id: string | number) =>
  api.call(admin.offers.get, { params: { id } });
/*
 * The actions that move money or decide carry the Idempotency-Key of the user's action (made when
 * its form or dialog opened): a double click or a retry after a lost answer is carried out once.
 */
export const counterOffer = (
  api: ApiClient,
  id: number,
  body: Body<typeof admin.offers.counter>,
  idempotencyKey: string,
) => api.call(admin.offers.counter, { params: { id }, body, headers: idempotencyHeaders(idempotencyKey) });
export const declineOffer = (api: ApiClient, id: number, reason: string, idempotencyKey: string) =>
  api.call(admin.offers.decline, {
    params: { id },
    body: { reason },
    headers: idempotencyHeaders(idempotencyKey),
  });
export const publishOffer = (
  api: ApiClient,
  id: number,
  body: Body<typeof admin.offers.publish>,
  idempotencyKey: string,
) => api.call(admin.offers.publish, { params: { id }, body, headers: idempotencyHeaders(idempotencyKey) });

export const getPayouts = (api: ApiClient, query: ListQuery) => api.call(admin.payouts.list, { query });
export const getPayout = (api: ApiClient, id: number) => api.call(admin.payouts.get, { params: { id } });
export const exportSepaPayouts = (api: ApiClient, idempotencyKey: string) =>
  api.call(admin.payouts.exportSepa, { headers: idempotencyHeaders(idempotencyKey) });
export const sendPayout = (api: ApiClient, id: number, idempotencyKey: string) =>
  api.call(admin.payouts.send, { params: { id }, headers: idempotencyHeaders(idempotencyKey) });
export const markPayoutPaid = (api: ApiClient, id: number, idempotencyKey: string) =>
  api.call(admin.payouts.paid, { params: { id }, headers: idempotencyHeaders(idempotencyKey) });
export const markPayoutsPaid = (api: ApiClient, ids: number[], idempotencyKey: string) =>
  api.call(admin.payouts.paidMany, { body: { ids }, headers: idempotencyHeaders(idempotencyKey) });
export const markPayoutFailed = (api: ApiClient, id: number, reason: string, idempotencyKey: string) =>
  api.call(admin.payouts.failed, {
    params: { id },
    body: { reason },
    headers: idempotencyHeaders(idempotencyKey),
  });

export const getUsers = (api: ApiClient, query: ListQuery) => api.call(admin.users.list, { query });
/** The same key with the same body is the same adjustment: a retry of one action moves money once. */
export const adjustBalance = (
  api: ApiClient,
  id: string,
  body: Body<typeof admin.users.adjust>,
  idempotencyKey: string,
) => api.call(admin.users.adjust, { params: { id }, body, headers: idempotencyHeaders(idempotencyKey) });
export const setBlocked = (api: ApiClient, id: string, blocked: boolean) =>
  api.call(blocked ? admin.users.block : admin.users.unblock, { params: { id } });

export const getVerifications = (api: ApiClient, query: ListQuery) =>
  api.call(admin.verifications.list, { query });
export const approveVerification = (api: ApiClient, id: number, idempotencyKey: string) =>
  api.call(admin.verifications.approve, { params: { id }, headers: idempotencyHeaders(idempotencyKey) });
export const declineVerification = (api: ApiClient, id: number, reason: string, idempotencyKey: string) =>
  api.call(admin.verifications.decline, {
    params: { id },
    body: { reason },
    headers: idempotencyHeaders(idempotencyKey),
  });

export const getTwoFactor = (api: ApiClient) => api.call(admin.twoFactor.get);
export const setUpTwoFactor = (api: ApiClient) => api.call(admin.twoFactor.setup);
export const enableTwoFactor = (api: ApiClient, code: string) =>
  api.call(admin.twoFactor.enable, { body: { code } });
export const disableTwoFactor = (api: ApiClient, body: Body<typeof admin.twoFactor.disable>) =>
  api.call(admin.twoFactor.disable, { body });
export const makeRecoveryCodes = (api: ApiClient, body: Body<typeof admin.twoFactor.recoveryCodes>) =>
  api.call(admin.twoFactor.recoveryCodes, { body });

export const getProducts = (api: ApiClient, query: ListQuery) => api.call(admin.products.list, { query });
export const getProduct = (api: ApiClient, id: string | number) =>
  api.call(admin.products.get, { params: { id } });
/** Multipart: `image`, the original picture, and `data`, the product as JSON. */
export const createProduct = (api: BrowserApi, data: FormData) => api.upload(admin.products.create, data);
export const updateProduct = (api: ApiClient, id: number, body: Body<typeof admin.products.update>) =>
  api.call(admin.products.update, { params: { id }, body });
/** Multipart: `image`, the new original picture. */
export const replaceProductImage = (api: BrowserApi, id: number, data: FormData) =>
  api.upload(admin.products.image, data, { params: { id } });
export const deleteProduct = (api: ApiClient, id: number) =>
  api.call(admin.products.delete, { params: { id } });

export const getCategories = (api: ApiClient) =>
  api.call(admin.categories.list, { query: { per_page: 100 } });
export const createCategory = (api: ApiClient, body: Body<typeof admin.categories.create>) =>
  api.call(admin.categories.create, { body });
export const updateCategory = (api: ApiClient, id: number, body: Body<typeof admin.categories.update>) =>
  api.call(admin.categories.update, { params: { id }, body });
export const deleteCategory = (api: ApiClient, id: number) =>
  api.call(admin.categories.delete, { params: { id } });

export const getStyles = (api: ApiClient) => api.call(admin.styles.list, { query: { per_page: 100 } });
/** Multipart: `image` and `data`, the style as JSON. */
export const createStyle = (api: BrowserApi, data: FormData) => api.upload(admin.styles.create, data);
export const updateStyle = (api: ApiClient, id: number, body: Body<typeof admin.styles.update>) =>
  api.call(admin.styles.update, { params: { id }, body });
export const deleteStyle = (api: ApiClient, id: number) => api.call(admin.styles.delete, { params: { id } });

export const getSettings = (api: ApiClient) => api.call(admin.settings.get);
export const updateSettings = (api: ApiClient, body: Body<typeof admin.settings.update>) =>
  api.call(admin.settings.update, { body });
export const getCurrencies = (api: ApiClient) => api.call(admin.currencies.list);
export const createCurrency = (api: ApiClient, body: Body<typeof admin.currencies.create>) =>
  api.call(admin.currencies.create, { body });
export const updateCurrency = (api: ApiClient, code: string, body: Body<typeof admin.currencies.update>) =>
  api.call(admin.currencies.update, { params: { code }, body });
export const getLanguages = (api: ApiClient) => api.call(admin.languages.list);
export const createLanguage = (api: ApiClient, body: Body<typeof admin.languages.create>) =>
  api.call(admin.languages.create, { body });
export const updateLanguage = (api: ApiClient, code: string, body: Body<typeof admin.languages.update>) =>
  api.call(admin.languages.update, { params: { code }, body });
export const getWords = (api: ApiClient, locale: string) => api.call(admin.words.get, { params: { locale } });
export const updateWord = (api: ApiClient, locale: string, body: Body<typeof admin.words.update>) =>
  api.call(admin.words.update, { params: { locale }, body });
export const deleteWord = (api: ApiClient, locale: string, key: string) =>
  api.call(admin.words.delete, { params: { locale, key } });
export const getPages = (api: ApiClient) => api.call(admin.pages.list);
export const updatePage = (api: ApiClient, id: number, body: Body<typeof admin.pages.update>) =>
  api.call(admin.pages.update, { params: { id }, body });
export const getSocialLinks = (api: ApiClient) => api.call(admin.socialLinks.list);
export const addSocialLink = (api: ApiClient, url: string) =>
  api.call(admin.socialLinks.create, { body: { url } });
export const deleteSocialLink = (api: ApiClient, id: number) =>
  api.call(admin.socialLinks.delete, { params: { id } });
export const getSubscribers = (api: ApiClient, query: ListQuery) =>
  api.call(admin.newsletter.list, { query });
/** The subscribers' CSV, downloaded by the browser itself. */
export const newsletterExportHref = () => endpointUrl(admin.newsletter.export);
export const getContactMessages = (api: ApiClient, query: ListQuery) =>
  api.call(admin.contactMessages.list, { query });

/* Orders and the customer page */
export const getOrders = (api: ApiClient, query: ListQuery) => api.call(adminOrderEndpoints.list, { query });
export const getOrder = (api: ApiClient, id: string) => api.call(adminOrderEndpoints.get, { params: { id } });
export const getCustomer = (api: ApiClient, id: string) =>
  api.call(adminCustomerEndpoints.get, { params: { id } });
export const getStatement = (api: ApiClient, id: string, query: ListQuery) =>
  api.call(adminCustomerEndpoints.statement, { params: { id }, query });
export const resetTwoFactorOf = (api: ApiClient, id: string) =>
  api.call(adminCustomerEndpoints.resetTwoFactor, { params: { id } });
export const resendVerificationOf = (api: ApiClient, id: string) =>
  api.call(adminCustomerEndpoints.resendVerification, { params: { id } });

/* Refunds (decision 0048) */
export const getRefunds = (api: ApiClient, query: ListQuery) =>
  api.call(adminRefundEndpoints.list, { query });
export const getRefundable = (api: ApiClient, query: { subject: RefundSubject; id: number }) =>
  api.call(adminRefundEndpoints.refundable, { query });
/** The key made when the dialog was confirmed: a double click or a retry refunds once. */
export const createRefund = (api: ApiClient, body: AdminRefundInput, idempotencyKey: string) =>
  api.call(adminRefundEndpoints.create, { body, headers: idempotencyHeaders(idempotencyKey) });
