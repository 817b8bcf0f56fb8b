import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminAdjustBalanceRequest, adminOfferCounterRequest } from './admin';
import { priceInCents } from './admin-catalogue';
import { adminSettingsUpdate } from './admin-content';
import { refundAmount } from './admin-refunds';
import { validateAmountRequest } from './deposits';
import { parseTypedAmount, readAmount } from './money';
import { cardDetails, offerCreateFields, offerWithdrawSepaRequest } from './offers';
import { validationText } from './validation-messages';

/** The same inputs for every money field; what each may take differs only by its sign and ceiling. */
const inputs: { input: string | number; read: number | 'empty' | 'invalid' }[] = [
  { input: '10', read: 1000 },
  { input: '10.5', read: 1050 },
  { input: '10.50', read: 1050 },
  { input: '10,5', read: 1050 },
  { input: '10,50', read: 1050 },
  { input: ' 10.50 ', read: 1050 },
  { input: 10.5, read: 1050 },
  { input: 9.9, read: 990 },
  { input: 0.29, read: 29 },
  // A JSON number is its value: 1e3 in a body is the number 1000, as JSON.parse reads it.
  { input: JSON.parse('1e3') as number, read: 100_000 },
  { input: '0', read: 0 },
  { input: 0, read: 0 },
  { input: '-5', read: -500 },
  { input: -5, read: -500 },
  { input: '-2,50', read: -250 },
  { input: '', read: 'empty' },
  { input: '   ', read: 'empty' },
  { input: '1e3', read: 'invalid' },
  { input: '1E3', read: 'invalid' },
  { input: 1e21, read: 'invalid' },
  { input: 1e-7, read: 'invalid' },
  { input: '10.555', read: 'invalid' },
  { input: 10.555, read: 'invalid' },
  { input: '1,000.50', read: 'invalid' },
  { input: '1.000,50', read: 'invalid' },
  { input: '1 000', read: 'invalid' },
  { input: '10.', read: 'invalid' },
  { input: '.5', read: 'invalid' },
  { input: '+5', read: 'invalid' },
  { input: '0x10', read: 'invalid' },
  { input: 'ten', read: 'invalid' },
  { input: '١٠', read: 'invalid' },
  { input: Number.NaN, read: 'invalid' },
  { input: Number.POSITIVE_INFINITY, read: 'invalid' },
];

describe('readAmount: the one rule every amount is read by', () => {
  it.each(inputs)('reads $input', ({ input, read }) => {
    expect(readAmount(input)).toEqual(typeof read === 'number' ? { minor: read } : { problem: read });
  });

  it('types into a form the same way, taking no sign', () => {
    expect(parseTypedAmount('10,50')).toBe(1050);
    expect(parseTypedAmount('1e3')).toBeNull();
    expect(parseTypedAmount('-5')).toBeNull();
    expect(parseTypedAmount('-0')).toBe(0);
  });
});

type Field = {
  name: string;
  schema: z.ZodType;
  sign: 'positive' | 'zero' | 'signed';
  maxMinor: number;
  required: string;
  invalid: string;
};

const fields: Field[] = [
  {
    name: 'deposit amount',
    schema: validateAmountRequest.shape.amount,
    sign: 'positive',
    maxMinor: 100_000_000,
    required: 'amount.required',
    invalid: 'amount.invalid',
  },
  {
    name: 'offer price',
    schema: offerCreateFields.shape.price,
    sign: 'zero',
    maxMinor: 100_000_000,
    required: 'price.required',
    invalid: 'price.invalid',
  },
  {
    name: 'card payout amount',
    schema: cardDetails.shape.amount,
    sign: 'positive',
    maxMinor: 100_000_000,
    required: 'amount.required',
    invalid: 'amount.invalid',
  },
  {
    name: 'SEPA payout amount',
    schema: offerWithdrawSepaRequest.shape.amount,
    sign: 'positive',
    maxMinor: 100_000_000,
    required: 'amount.required',
    invalid: 'amount.invalid',
  },
  {
    name: 'back office product price',
    schema: priceInCents,
    sign: 'zero',
    maxMinor: 100_000_000,
    required: 'price.required',
    invalid: 'price.invalid',
  },
  {
    name: 'back office service price',
    schema: adminOfferCounterRequest.shape.service_price,
    sign: 'positive',
    maxMinor: 100_000_000,
    required: 'price.invalid',
    invalid: 'price.invalid',
  },
  {
    name: 'back office balance adjustment',
    schema: adminAdjustBalanceRequest.shape.amount,
    sign: 'signed',
    maxMinor: 100_000_000,
    required: 'amount.required',
    invalid: 'amount.invalid',
  },
  {
    name: 'back office minimum deposit setting',
    schema: adminSettingsUpdate.shape.min_deposit_eur.unwrap(),
    sign: 'zero',
    maxMinor: 10_000_000,
    required: 'amount.invalid',
    invalid: 'amount.invalid',
  },
  {
    name: 'back office refund amount',
    schema: refundAmount,
    sign: 'positive',
    maxMinor: 100_000_000,
    required: 'refund.amount_invalid',
    invalid: 'refund.amount_invalid',
  },
];

/** What a field answers for what `readAmount` read: its minor units or the message key. */
function expected(field: Field, read: number | 'empty' | 'invalid') {
  if (read === 'empty') return { error: field.required };
  if (read === 'invalid') return { error: field.invalid };
  if (field.sign === 'zero' && read < 0) return { error: 'amount.not_negative' };
  if (field.sign === 'positive' && read <= 0) return { error: 'amount.positive' };
  if (field.sign === 'signed' && read === 0) return { error: field.invalid };
  if (Math.abs(read) > field.maxMinor) return { error: 'amount.too_large' };
  return { value: read };
}

function answer(schema: z.ZodType, input: unknown) {
  const parsed = schema.safeParse(input);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message };
}

describe.each(fields)('the $name', (field) => {
  it('reads the same list of inputs by the one rule, with only its own sign and ceiling', () => {
    for (const { input, read } of inputs) {
      expect(answer(field.schema, input), `${field.name}: ${String(input)}`).toEqual(expected(field, read));
    }
  });

  it('tells a negative amount it must be positive, not that it has too many decimals', () => {
    const { error } = answer(field.schema, '-10.50');
    if (field.sign === 'signed') return expect(answer(field.schema, '-10.50')).toEqual({ value: -1050 });
    expect(error).toBe(field.sign === 'zero' ? 'amount.not_negative' : 'amount.positive');
  });

  it('tells an amount past its ceiling that it is too large', () => {
    expect(answer(field.schema, (field.maxMinor + 1) / 100)).toEqual({ error: 'amount.too_large' });
    expect(answer(field.schema, field.maxMinor / 100)).toEqual({ value: field.maxMinor });
  });
});

describe('the texts of a refused amount', () => {
  it('say what is wrong in English and every language', () => {
    expect(validationText('amount.positive', 'en')).toBe('The amount must be positive.');
    expect(validationText('amount.not_negative', 'en')).toBe('The amount must not be negative.');
    expect(validationText('amount.too_large', 'en')).toBe('This amount is too large.');
    for (const locale of ['de', 'fr', 'es', 'it', 'pl']) {
      for (const key of ['amount.positive', 'amount.not_negative', 'amount.too_large']) {
        expect(validationText(key, locale), `${locale} ${key}`).not.toBe(validationText(key, 'en'));
      }
    }
  });
});
