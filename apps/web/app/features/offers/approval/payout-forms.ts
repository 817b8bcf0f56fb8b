import { zodResolver } from '@hookform/resolvers/zod';
import type { LastDepositDetails } from '@promptmarket/contracts/deposits';
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

/** The contact form's fields, in the order they are shown. */
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

/** The contact step: every field of the contract checked, and every problem shown at once. */
export const contactResolver: Resolver<ContactValues> = zodResolver(contactDetails, undefined, { raw: true });

/** What the steps can be filled with before the seller types: their profile and identity verification. */
export type PayoutPrefill = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  verification: {
    full_name: string | null;
    phone: string;
    city: string;
    zip: string | null;
    country: string;
    street?: string | null;
  } | null;
  /** The address and phone given with the last deposit, if any. */
  lastDeposit?: LastDepositDetails | null;
};

/**
 * The contact and payout forms as they open: the name, e-mail and phone of the profile; the
 * verified address when the verification has its street, else the address of the last deposit
 * (street, city, post code and country together, as one address), else the verified city, post
 * code and country; the phone of the verification or the last
 * deposit when the profile has none; and the account or card holder as the verification names
 * them, else as the profile does.
 */
export function payoutDefaults(from: PayoutPrefill, price: number) {
  const checked = from.verification;
  const last = from.lastDeposit ?? null;
  const holder = checked?.full_name?.trim() || `${from.first_name} ${from.last_name}`.trim();
  const place = checked?.street
    ? { address: checked.street, city: checked.city, postCode: checked.zip ?? '', country: checked.country }
    : last
      ? { address: last.address, city: last.city, postCode: last.post_code, country: last.country }
      : {
          address: '',
          city: checked?.city ?? '',
          postCode: checked?.zip ?? '',
          country: checked?.country ?? '',
        };
  const contact: ContactValues = {
    name: from.first_name,
    surname: from.last_name,
    email: from.email,
    phone: from.phone || checked?.phone || last?.phone || '',
    ...place,
    country: place.country.toUpperCase(),
  };
  const bank: BankValues = { full_name: holder, iban: '', terms: false };
  const card: CardValues = {
    card_number: '',
    card_holder_name: holder,
    expire_month: '',
    expire_year: '',
    amount: String(price),
    terms: false,
  };
  return { contact, bank, card };
}

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
