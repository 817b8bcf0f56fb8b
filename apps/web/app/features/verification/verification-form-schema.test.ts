import { validationText } from '@promptmarket/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import { type VerificationFormValues, verificationFormResolver } from './verification-form-schema';

/** The texts the verification form shows after a press on Send for review, by field. */
async function shown(values: VerificationFormValues, locale = 'en') {
  const result = await verificationFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [
      field,
      validationText(String((error as { message?: string }).message), locale),
    ]),
  );
}

const file = (name: string, type: string, size = 2048) => ({
  length: 1,
  0: new File([new Uint8Array(size)], name, { type }),
});

const filled: VerificationFormValues = {
  full_name: 'Ada Lovelace',
  phone: '+44 20 7946 0000',
  date_of_birth: '1990-12-10',
  nationality: 'British',
  country: 'GB',
  state: '',
  city: 'London',
  zip: 'SW1Y 4JH',
  street: '12 St James Square',
  document_type: 'passport',
  document_front: file('front.jpg', 'image/jpeg'),
  document_back: file('back.jpg', 'image/jpeg'),
  address_document: file('bill.pdf', 'application/pdf'),
  confirm: '1',
};

describe('the verification form', () => {
  it('shows the spec’s texts before anything is sent', async () => {
    expect(
      await shown({
        ...filled,
        phone: '',
        street: ' ',
        city: '',
        country: '',
        document_front: file('notes.txt', 'text/plain'),
        document_back: { length: 0 },
        address_document: file('bill.pdf', 'application/pdf', 5 * 1024 * 1024 + 1),
        confirm: false,
      }),
    ).toEqual({
      phone: 'Phone number is required',
      street: 'Address is required',
      city: 'City is required',
      country: 'Country is required',
      document_front: 'Invalid file type, only images and PDF are allowed',
      document_back: 'Please choose a file.',
      address_document: 'File size exceeds the maximum allowed (5MB)',
      confirm: 'Please confirm that the information you entered is correct.',
    });
  });

  it('checks the phone and the date of birth as the server does', async () => {
    expect(await shown(filled)).toEqual({});
    expect(await shown({ ...filled, phone: 'call me', date_of_birth: '1990-02-30' })).toEqual({
      phone: 'Please enter a valid phone number',
      date_of_birth: 'Please enter a valid date of birth.',
    });
    expect(await shown({ ...filled, date_of_birth: '' })).toEqual({});
    expect(await shown({ ...filled, phone: '' }, 'de')).toEqual({ phone: 'Telefonnummer ist erforderlich' });
  });
});
