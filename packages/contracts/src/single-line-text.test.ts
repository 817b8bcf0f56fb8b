import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileUpdateRequest, registerRequest } from './accounts';
import { contactRequest } from './content';
import { depositFormRequest } from './deposits';
import { bankDetails, cardDetails, contactDetails } from './offers';
import { isSingleLineText } from './single-line-text';
import { validationText } from './validation-messages';
import { verificationFields } from './verification';

/** A file name reversed by an override, a header injection, a terminal's title escape. */
const hostile = ['\u202Egnp.exe\u202C', 'Ada\r\nBcc: mallory@example.test', '\u001b]0;x\u0007'];
const ordinary = "Zoë O'Brien-Łukasiewicz";

const nextYear = String(new Date().getUTCFullYear() + 1);

/** Each form whose fields take a person's name, address or phone: a valid filling and those fields. */
const forms: { name: string; schema: z.ZodType; valid: Record<string, unknown>; fields: string[] }[] = [
  {
    name: 'registration',
    schema: registerRequest,
    valid: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      terms: true,
    },
    fields: ['first_name', 'last_name', 'phone'],
  },
  {
    name: 'profile',
    schema: profileUpdateRequest,
    valid: { first_name: 'Ada', last_name: 'Lovelace', phone: '+44 20 7946 0000' },
    fields: ['first_name', 'last_name', 'phone'],
  },
  {
    name: 'verification',
    schema: verificationFields,
    valid: {
      full_name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      nationality: 'British',
      city: 'London',
      state: 'Greater London',
      country: 'gb',
      zip: 'SW1Y 4JH',
      confirm: '1',
    },
    fields: ['full_name', 'phone', 'nationality', 'city', 'state', 'zip'],
  },
  {
    name: 'deposit',
    schema: depositFormRequest,
    valid: {
      amount: '25.00',
      currency: 'EUR',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      country: 'GB',
      city: 'London',
      address: '12 St James Square',
      post_code: 'SW1Y 4JH',
    },
    fields: ['first_name', 'last_name', 'phone', 'city', 'address', 'post_code'],
  },
  {
    name: "an offer's contact details",
    schema: contactDetails,
    valid: {
      name: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      address: '12 St James Square',
      city: 'London',
      postCode: 'SW1Y 4JH',
      country: 'GB',
    },
    fields: ['name', 'surname', 'phone', 'address', 'city', 'postCode'],
  },
  {
    name: 'bank details',
    schema: bankDetails,
    valid: { full_name: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00' },
    fields: ['full_name'],
  },
  {
    name: 'card details',
    schema: cardDetails,
    valid: {
      card_number: '4242 4242 4242 4242',
      card_holder_name: 'Ada Lovelace',
      expire_month: '12',
      expire_year: nextYear,
      amount: '80',
    },
    fields: ['card_holder_name'],
  },
  {
    name: 'the contact form',
    schema: contactRequest,
    valid: {
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@example.test',
      phone: '+33 1 23 45 67 89',
      address: '1 Rue Pierre et Marie Curie',
      city: 'Paris',
      post_code: '75005',
      country: 'FR',
    },
    fields: ['first_name', 'last_name', 'phone', 'address', 'city', 'post_code'],
  },
];

describe('names, addresses and phone numbers', () => {
  for (const form of forms) {
    it(`of ${form.name} refuse control and text direction characters, with that text alone`, () => {
      expect(form.schema.safeParse(form.valid).success).toBe(true);
      for (const field of form.fields) {
        for (const sample of hostile) {
          const parsed = form.schema.safeParse({ ...form.valid, [field]: sample });
          expect(parsed.success, `${field}: ${JSON.stringify(sample)}`).toBe(false);
          expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
            [field, 'field.control_characters'],
          ]);
        }
      }
    });
  }

  it('take a name with accents, an apostrophe and a hyphen', () => {
    const shortFields = ['phone', 'zip', 'post_code', 'postCode'];
    for (const form of forms) {
      for (const field of form.fields.filter((name) => !shortFields.includes(name))) {
        const parsed = form.schema.safeParse({ ...form.valid, [field]: ordinary });
        expect(parsed.success, `${form.name}: ${field}`).toBe(true);
        expect((parsed.data as Record<string, unknown>)[field]).toBe(ordinary);
      }
    }
  });

  it('refuse every C0 and C1 control and each direction control, and nothing of a few scripts', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
      0x061c,
      0x200e,
      0x200f,
      0x2028,
      0x2029,
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ];
    for (const code of controls) {
      expect(isSingleLineText(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(false);
    }
    for (const name of [ordinary, 'Émile Zola', 'Михаил Булгаков', 'محمد', 'שלום', '李小龍', 'Ngũgĩ']) {
      expect(isSingleLineText(name), name).toBe(true);
    }
  });

  it('are told why in every language the shop speaks', () => {
    expect(validationText('field.control_characters', 'en')).toBe(
      'This field may not contain control characters or text direction characters.',
    );
    for (const locale of ['de', 'fr', 'es', 'it', 'pl']) {
      const text = validationText('field.control_characters', locale);
      expect(text, locale).not.toBe(validationText('field.control_characters', 'en'));
      expect(text, locale).not.toBe('field.control_characters');
    }
  });
});
