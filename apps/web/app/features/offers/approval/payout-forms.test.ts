import { offerApproveRequest, offerWithdrawCardRequest } from '@promptmarket/contracts/offers';
import { validationText } from '@promptmarket/contracts/validation-messages';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../lib/form-errors';
import { createTranslator } from '../../../lib/i18n';
import { allMessagesFor } from '../../../lib/messages.server';
import { bankResolver, cardResolver, contactOrder, contactResolver, payoutDefaults } from './payout-forms';

/** What a step's form shows after a press on its submit button: the text of each refused field. */
async function shown<T extends FieldValues>(resolver: Resolver<T>, values: T, locale = 'en') {
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [
      field,
      fieldError((error as { message?: string }).message, createTranslator(locale, allMessagesFor(locale)).t),
    ]),
  );
}

/** What the API answers for the same request: its 422 texts by field, in `locale`. */
function serverTexts(
  schema: typeof offerApproveRequest | typeof offerWithdrawCardRequest,
  body: object,
  locale = 'en',
) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const texts: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    texts[field] ??= validationText(issue.message, locale);
  }
  return texts;
}

const contact = {
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  address: '12 St James Square',
  city: 'London',
  postCode: 'SW1Y 4JH',
  country: 'GB',
};

const nextYear = String(new Date().getFullYear() + 1);
const card = {
  card_number: '4242 4242 4242 4242',
  card_holder_name: 'Ada Lovelace',
  expire_month: '6',
  expire_year: nextYear,
  amount: '90',
  terms: true,
};

describe('the card step', () => {
  it('refuses 13 digits that fail the Luhn check, with the server’s text', async () => {
    const values = { ...card, card_number: '4242 4242 4242 4' };
    expect(await shown(cardResolver, values)).toEqual({ card_number: 'Valid card number is required' });
    expect(await shown(cardResolver, values, 'de')).toEqual({
      card_number: 'Eine gültige Kartennummer ist erforderlich',
    });
    // The API refuses the same number of the same request with the same words.
    expect(serverTexts(offerWithdrawCardRequest, { ...contact, id: 7, ...values })).toEqual({
      card_number: 'Valid card number is required',
    });
  });

  it('refuses fewer than 13 digits, and accepts valid numbers of 13 and 16 digits', async () => {
    expect(await shown(cardResolver, { ...card, card_number: '4242 4242 4242' })).toEqual({
      card_number: 'Valid card number is required',
    });
    expect(await shown(cardResolver, card)).toEqual({});
    expect(await shown(cardResolver, { ...card, card_number: '4222 2222 2222 2' })).toEqual({});
    expect(serverTexts(offerWithdrawCardRequest, { ...contact, id: 7, ...card })).toEqual({});
  });

  it('asks for the holder, the expiry and the terms in the spec’s words', async () => {
    expect(
      await shown(cardResolver, {
        ...card,
        card_holder_name: ' ',
        expire_month: '',
        expire_year: '',
        terms: false,
      }),
    ).toEqual({
      card_holder_name: 'Cardholder name is required',
      expire_month: 'Expiry month is required',
      expire_year: 'Expiry year is required',
      terms: 'You must confirm the terms',
    });
    const lastYear = String(new Date().getFullYear() - 1);
    expect(await shown(cardResolver, { ...card, expire_year: lastYear })).toEqual({
      expire_month: 'Expiry date must be in the future',
    });
  });
});

describe('the bank step', () => {
  const bank = { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', terms: true };

  it('refuses an IBAN whose check digits do not match, with the server’s text', async () => {
    const values = { ...bank, iban: 'DE88 3704 0044 0532 0130 00' };
    expect(await shown(bankResolver, values)).toEqual({
      iban: 'This IBAN is not valid: its check digits do not match.',
    });
    expect(await shown(bankResolver, values, 'fr')).toEqual({
      iban: 'Cet IBAN n’est pas valide : sa clé de contrôle ne correspond pas.',
    });
    expect(serverTexts(offerApproveRequest, { ...contact, id: 7, ...values })).toEqual({
      iban: 'This IBAN is not valid: its check digits do not match.',
    });
  });

  it('accepts valid IBANs, typed with or without spaces', async () => {
    expect(await shown(bankResolver, bank)).toEqual({});
    expect(await shown(bankResolver, { ...bank, iban: 'gb82west12345698765432' })).toEqual({});
    expect(serverTexts(offerApproveRequest, { ...contact, id: 7, ...bank })).toEqual({});
  });

  it('tells a malformed IBAN, a missing name and unconfirmed terms apart', async () => {
    expect(await shown(bankResolver, { full_name: '', iban: 'DE89-3704', terms: false })).toEqual({
      full_name: 'Full name is required',
      iban: 'Invalid IBAN format; enter the IBAN without spaces',
      terms: 'You must confirm the terms',
    });
    expect(await shown(bankResolver, { ...bank, iban: '' })).toEqual({ iban: 'IBAN is required' });
  });
});

describe('the contact step', () => {
  it('reports every problem at once, each beside its field', async () => {
    expect(await shown(contactResolver, contact)).toEqual({});
    expect(await shown(contactResolver, { ...contact, surname: '', city: '' })).toEqual({
      surname: 'Last name is required',
      city: 'City is required',
    });
    expect(await shown(contactResolver, { ...contact, email: 'nope', phone: '', country: '' })).toEqual({
      email: 'Please enter a valid email',
      phone: 'Phone number is required',
      country: 'Country is required',
    });
    const empty = {
      name: '',
      surname: '',
      email: '',
      phone: '',
      address: '',
      city: '',
      postCode: '',
      country: '',
    };
    expect(Object.keys(await shown(contactResolver, empty)).sort()).toEqual([...contactOrder].sort());
  });
});

describe('the forms as they open', () => {
  const profile = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', phone: null };
  const verified = {
    full_name: 'Augusta Ada King',
    phone: '+44 20 7946 0000',
    city: 'London',
    zip: 'SW1Y 4JH',
    country: 'gb',
  };

  it('take the name and e-mail from the profile, the place and phone from the verification', () => {
    const { contact: filled, bank, card } = payoutDefaults({ ...profile, verification: verified }, 45.5);
    expect(filled).toEqual({
      name: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      address: '',
      city: 'London',
      postCode: 'SW1Y 4JH',
      country: 'GB',
    });
    expect(bank).toEqual({ full_name: 'Augusta Ada King', iban: '', terms: false });
    expect(card).toMatchObject({ card_holder_name: 'Augusta Ada King', amount: '45.5', card_number: '' });
  });

  it('take the whole address of the last deposit, and its phone when the profile has none', () => {
    const lastDeposit = {
      phone: '+48 22 000 00 00',
      country: 'pl',
      city: 'Kraków',
      address: 'ul. Floriańska 1',
      post_code: '31-019',
    };
    const { contact: filled } = payoutDefaults({ ...profile, verification: verified, lastDeposit }, 45.5);
    expect(filled).toMatchObject({
      phone: '+44 20 7946 0000',
      address: 'ul. Floriańska 1',
      city: 'Kraków',
      postCode: '31-019',
      country: 'PL',
    });
    const unverified = payoutDefaults({ ...profile, verification: null, lastDeposit }, 45.5).contact;
    expect(unverified.phone).toBe('+48 22 000 00 00');
    // A verification with its street is the checked address, and comes first.
    const withStreet = { ...verified, street: '12 St James Square' };
    expect(payoutDefaults({ ...profile, verification: withStreet, lastDeposit }, 45.5).contact).toMatchObject(
      {
        address: '12 St James Square',
        city: 'London',
        postCode: 'SW1Y 4JH',
        country: 'GB',
      },
    );
  });

  it('keep the profile’s own phone, and name the holder from the profile without a verification', () => {
    const { contact: filled, bank } = payoutDefaults(
      { ...profile, phone: '+33 1 00 00 00 00', verification: null },
      20,
    );
    expect(filled).toMatchObject({ phone: '+33 1 00 00 00 00', city: '', postCode: '', country: '' });
    expect(bank.full_name).toBe('Ada Lovelace');
  });
});
