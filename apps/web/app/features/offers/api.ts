import type {
  OfferApproveRequest,
  OfferPayoutRetryCardRequest,
  OfferPayoutRetrySepaRequest,
  OfferWithdrawCardRequest,
} from '@promptmarket/contracts/offers';
import { offerEndpoints } from '@promptmarket/contracts/offers.endpoints';
import type { BrowserApi, UploadOptions } from '../../lib/api-browser';
import type { ApiClient } from '../../lib/api-client';

/** The offers' calls, each from the endpoint its contract declares. */
export const getOffers = (api: ApiClient) => api.call(offerEndpoints.history);
export const declineOffer = (api: ApiClient, id: number) =>
  api.call(offerEndpoints.decline, { body: { id } });
/** Accepts the counter-price, paid out by SEPA transfer. Throws VERIFICATION_REQUIRED from 150 EUR unverified. */
export const approveOffer = (api: ApiClient, body: OfferApproveRequest) =>
  api.call(offerEndpoints.approve, { body });
/** Accepts the counter-price, paid out to a card. Throws VERIFICATION_REQUIRED from 150 EUR unverified. */
export const withdrawOfferToCard = (api: ApiClient, body: OfferWithdrawCardRequest) =>
  api.call(offerEndpoints.withdrawCard, { body });
/** New bank details for a payout that failed; it is tried again. */
export const retryPayoutToBank = (api: ApiClient, body: OfferPayoutRetrySepaRequest) =>
  api.call(offerEndpoints.retryPayoutSepa, { body });
/** A new card for a payout that failed; it is tried again. */
export const retryPayoutToCard = (api: ApiClient, body: OfferPayoutRetryCardRequest) =>
  api.call(offerEndpoints.retryPayoutCard, { body });
/** The create form as multipart (the file is `media`), with upload progress. */
export const createOffer = (api: BrowserApi, form: FormData, options: UploadOptions) =>
  api.upload(offerEndpoints.create, form, options);
