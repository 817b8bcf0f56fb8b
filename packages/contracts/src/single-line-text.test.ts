import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileUpdateRequest, registerRequest } from './accounts';
import { adminReasonRequest } from './admin';
import { adminProductUpdate } from './admin-catalogue';
import { adminSettingsUpdate } from './admin-content';
import { contactRequest } from './content';
import { depositFormRequest } from './deposits';
import { bankDetails, cardDetails, contactDetails, offerCreateFields } from './offers';
import { isMultiLineText, isSingleLineText } from './single-line-text';
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
      name: 'Marie Curie',
      email: 'marie@example.test',
      subject: 'Buying in bulk',
      message: 'Do you sell prompts in bulk?',
    },
    fields: ['name', 'subject'],
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

/** Each form's texts of several lines, and its one-line texts beyond names and addresses. */
const offerFilling = {
  title: 'Glass forest',
  category_id: '1',
  'style_ids[]': ['2'],
  price: '40',
  confirm: '1',
};
const texts: {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  lines: string[];
  oneLine: string[];
}[] = [
  {
    name: 'an offer',
    schema: offerCreateFields,
    valid: offerFilling,
    lines: ['description', 'add_text', 'prompt'],
    oneLine: ['title'],
  },
  {
    name: 'the contact form',
    schema: contactRequest,
    valid: forms.find((form) => form.name === 'the contact form')?.valid ?? {},
    lines: ['message'],
    oneLine: [],
  },
  {
    name: 'a reason',
    schema: adminReasonRequest,
    valid: { reason: 'Too dark' },
    lines: ['reason'],
    oneLine: [],
  },
  { name: 'a product', schema: adminProductUpdate, valid: {}, lines: ['prompt'], oneLine: [] },
  {
    name: 'the settings',
    schema: adminSettingsUpdate,
    valid: {},
    lines: ['shop_address'],
    oneLine: ['shop_legal_name'],
  },
];

describe('descriptions, messages, prompts and titles', () => {
  const paragraph = 'First line,\r\nsecond line\n\tindented: Zoë, Łódź, 李小龍.';
  for (const form of texts) {
    it(`of ${form.name} keep line breaks and tabs where lines are allowed and refuse every other control`, () => {
      expect(form.schema.safeParse(form.valid).success, form.name).toBe(true);
      for (const field of form.lines) {
        const kept = form.schema.safeParse({ ...form.valid, [field]: paragraph });
        expect(kept.success, field).toBe(true);
        for (const sample of ['\u202Egnp.exe\u202C here', 'a bell\u0007 rings', 'an escape\u001b]0;x here']) {
          const parsed = form.schema.safeParse({ ...form.valid, [field]: sample });
          expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
            [field, 'field.control_characters'],
          ]);
        }
      }
      for (const field of form.oneLine) {
        const parsed = form.schema.safeParse({ ...form.valid, [field]: 'Two\nlines' });
        expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
          [field, 'field.control_characters'],
        ]);
      }
    });
  }

  it('of several lines take tab, CR and LF and no other C0 or C1 control', () => {
    for (let code = 0; code <= 0x9f; code += 1) {
      const control = code < 0x20 || code >= 0x7f;
      const line = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(isMultiLineText(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(!control || line);
    }
    expect(isMultiLineText('a\u2028b')).toBe(false);
    expect(isMultiLineText('a\u2066b')).toBe(false);
  });
});
