import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  offerApproveRequest,
  offerDeclineRequest,
  offerPayoutRetryCardRequest,
  offerPayoutRetrySepaRequest,
  offerResponse,
  offersResponse,
  offerWithdrawCardRequest,
  offerWithdrawSepaRequest,
} from './offers';
import { verificationDocuments, verificationResponse, verificationSubmitResponse } from './verification';

export const offerParams = z.object({
  id: z.coerce
    .number('field.invalid')
    .int('field.invalid')
    .positive('field.invalid')
    .max(2_147_483_647, 'field.invalid'),
});

export const offerEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/offer/history',
    summary: 'The offers the user made, newest first',
    response: offersResponse,
  }),
  /** Multipart: the route reads the file and checks the fields with `offerCreateFields`. */
  create: defineEndpoint({
    method: 'POST',
    path: '/offer/create',
    summary: 'Offer a work to the service (multipart: media, title, category_id, style_ids[], price, …)',
    consumes: ['multipart/form-data'],
    response: offerResponse,
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/offer/decline',
    summary: 'Decline the service’s counter-price',
    body: offerDeclineRequest,
    response: offerResponse,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/offer/approve',
    summary: 'Accept the counter-price, paid out by SEPA transfer',
    body: offerApproveRequest,
    response: offerResponse,
  }),
  withdrawCard: defineEndpoint({
    method: 'POST',
    path: '/offer/withdraw/card',
    summary: 'Accept the counter-price, paid out to a card',
    body: offerWithdrawCardRequest,
    response: offerResponse,
  }),
  withdrawSepa: defineEndpoint({
    method: 'POST',
    path: '/offer/withdraw/sepa',
    summary: 'Accept the counter-price, paid out by SEPA transfer, with its amount',
    body: offerWithdrawSepaRequest,
    response: offerResponse,
  }),
  retryPayoutSepa: defineEndpoint({
    method: 'POST',
    path: '/offer/payout/sepa',
    summary: 'New bank details for a payout that failed; it is tried again',
    body: offerPayoutRetrySepaRequest,
    response: offerResponse,
  }),
  retryPayoutCard: defineEndpoint({
    method: 'POST',
    path: '/offer/payout/card',
    summary: 'A new card for a payout that failed; it is tried again',
    body: offerPayoutRetryCardRequest,
    response: offerResponse,
  }),
  /** Answers the file. */
  media: defineEndpoint({
    method: 'GET',
    path: '/offer/:id/media',
    summary: 'The file of one of the user’s offers',
    params: offerParams,
  }),
};

export const verificationEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/verification',
    summary: 'The user’s identity verification, or null',
    response: verificationResponse,
  }),
  /** Multipart: the route reads the files and checks the fields with `verificationFields`. */
  submit: defineEndpoint({
    method: 'POST',
    path: '/verification',
    summary: 'Send identity documents for review (multipart: the fields and three files)',
    consumes: ['multipart/form-data'],
    response: verificationSubmitResponse,
  }),
  /** Answers the document. */
  document: defineEndpoint({
    method: 'GET',
    path: '/verification/documents/:field',
    summary: 'One of the user’s own identity documents, as a download',
    params: z.object({ field: z.enum(verificationDocuments, 'field.invalid') }),
  }),
};
