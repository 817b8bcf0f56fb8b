import { zodResolver } from '@hookform/resolvers/zod';
import {
  cardDetails,
  contactDetails,
  offerApproveRequest,
  termsConfirmed,
} from '@promptmarket/contracts/offers';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * The forms of the approval chain, checked by the contract's own schemas: the same code the API
 * runs on `POST /offer/approve` and `POST /offer/withdraw/card` (a card's 13-19 digits and Luhn,
 * an IBAN's format and check digits). Errors carry the catalogue's keys; the steps show their
 * texts. Values stay as typed (`raw`), so the request sends what the user entered and the server
 * parses it once more.
 */

/** How the step forms behave: checked on each submit, as the spec's forms are. */
export const stepFormOptions = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const;

/** The spec's order of the contact form's checks; only the first failure is shown. */
export const contactOrder = [
  'name',
  'surname',
  'email',
  'phone',
  'address',
  'city',
  'postCode',
  'country',
] as const;
export type ContactField = (typeof contactOrder)[number];
export type ContactValues = Record<ContactField, string>;

const contactSchemaResolver = zodResolver(contactDetails, undefined, { raw: true });

/** The contact step: every field of the contract checked, the first problem in the spec's order kept. */
export const contactResolver: Resolver<ContactValues> = async (values, context, options) => {
  const result = await contactSchemaResolver(values, context, options);
  const first = contactOrder.find((field) => result.errors[field]);
  return first ? { values: {}, errors: { [first]: result.errors[first] } } : result;
};

/** The bank step: the SEPA request's payout fields, with the terms confirmed. */
export const bankForm = offerApproveRequest
  .pick({ full_name: true, iban: true })
  .extend({ terms: termsConfirmed });
export type BankValues = z.input<typeof bankForm>;
export const bankResolver = zodResolver(bankForm, undefined, { raw: true });

/** The card step: the card request's payout fields (the amount is the offer's price), with the terms confirmed. */
export const cardForm = z.intersection(cardDetails, z.object({ terms: termsConfirmed }));
export type CardValues = z.input<typeof cardForm>;
export const cardResolver = zodResolver(cardForm, undefined, { raw: true });

/** The fields of the bank and card steps, where a server's field error can be shown in place. */
export const paymentFields: readonly string[] = [
  'full_name',
  'iban',
  'terms',
  'card_number',
  'card_holder_name',
  'expire_month',
  'expire_year',
  'amount',
];
