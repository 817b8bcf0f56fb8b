import { z } from 'zod';
import { emailField } from './accounts';
import { countryField } from './content';
import { okEnvelope } from './envelope';
import { moneyField } from './money-field';
import { multiLineText, singleLineText } from './single-line-text';
import type { ValidationKey } from './validation-messages';

const key = (name: ValidationKey) => name;

/** Offers are priced in euro (spec section 9); the file may be at most 10 MB. */
export const OFFER_MAX_BYTES = 10 * 1024 * 1024;
/** A payout of this many euro or more needs an approved identity verification (spec section 6). */
export const VERIFICATION_THRESHOLD_EUR = 150;
/** Business days until a payout arrives (spec section 4). */
export const PAYOUT_DAYS = { card: '3-5', sepa: '5-7' } as const;
/** The highest price an offer may ask, in euro cents. */
const MAX_PRICE_CENTS = 100_000_000;

export const offerStatuses = [
  'pending',
  'offer',
  'approved',
  'declined',
  'declined_by_service',
  'declined_by_user',
] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** The longest prompt an offer may carry, as long as a product's. */
export const OFFER_PROMPT_MAX = 4000;
/** The shortest prompt a picture's offer may carry, as for a product. */
export const OFFER_PROMPT_MIN = 3;
/**
 * The files an offer may carry, the one list the API and the web check (spec section 5: JPG, PNG,
 * GIF, SVG, PDF, DOC, DOCX): the kind the API decides from the content, the content type a
 * browser gives a chosen file, and the endings of its name.
 */
export const OFFER_FILE_TYPES = [
  { kind: 'jpeg', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  { kind: 'png', contentType: 'image/png', extensions: ['png'] },
  { kind: 'gif', contentType: 'image/gif', extensions: ['gif'] },
  { kind: 'svg', contentType: 'image/svg+xml', extensions: ['svg'] },
  { kind: 'pdf', contentType: 'application/pdf', extensions: ['pdf'] },
  { kind: 'doc', contentType: 'application/msword', extensions: ['doc'] },
  {
    kind: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
] as const;
export type OfferFileKind = (typeof OFFER_FILE_TYPES)[number]['kind'];
export const OFFER_FILE_KINDS: readonly OfferFileKind[] = OFFER_FILE_TYPES.map((type) => type.kind);

/** The kinds of file that are pictures: their offers need a prompt and may become products. */
export const OFFER_PICTURE_KINDS = ['jpeg', 'png', 'gif'] as const satisfies readonly OfferFileKind[];

/**
 * Is the prompt missing for a file of this kind? A picture's offer needs one of at least
 * OFFER_PROMPT_MIN characters (after trimming); a document's does not.
 */
export function offerPromptMissing(kind: string, prompt: string | null | undefined): boolean {
  if (!(OFFER_PICTURE_KINDS as readonly string[]).includes(kind)) return false;
  return (prompt ?? '').trim().length < OFFER_PROMPT_MIN;
}

/** The tabs of the offers list: the three declined statuses are one group (spec section 4). */
export const offerStatusGroups = ['pending', 'offer', 'approved', 'declined'] as const;
export type OfferStatusGroup = (typeof offerStatusGroups)[number];
export function offerStatusGroup(status: OfferStatus): OfferStatusGroup {
  return status.startsWith('declined') ? 'declined' : (status as OfferStatusGroup);
}

/** A title: one line without control or text direction characters. */
const requiredText = (name: ValidationKey, max: number) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

/** A name or a part of an address: one line without control or text direction characters. */
const personText = (name: ValidationKey, max: number) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

/** A description, how it was made, a prompt: lines without control or text direction characters. */
const optionalText = (max: number) =>
  multiLineText()
    .trim()
    .max(max, key('field.too_long'))
    .optional()
    .transform((value) => (value ? value : null));

const id = z.coerce
  .number(key('field.invalid'))
  .int(key('field.invalid'))
  .positive(key('field.invalid'))
  .max(2_147_483_647, key('field.invalid'));

/** Laravel's `accepted` as a form sends it. */
const accepted = (name: ValidationKey) =>
  z
    .union([z.boolean(), z.literal(1), z.string()], key(name))
    .refine(
      (value) => value === true || value === 1 || ['1', 'yes', 'on', 'true'].includes(String(value)),
      key(name),
    );

/** An offer's price in euro, by the one rule of every amount (`readAmount`): 0 or more, parsed into cents. */
const euroField = moneyField({
  required: key('price.required'),
  invalid: key('price.invalid'),
  sign: 'zero',
  maxMinor: MAX_PRICE_CENTS,
});

/** A payout's amount as the client sends it (it must equal the service's price): more than 0. */
const payoutAmount = moneyField({
  required: key('amount.required'),
  invalid: key('amount.invalid'),
  sign: 'positive',
  maxMinor: MAX_PRICE_CENTS,
});

/**
 * The text fields of `POST /offer/create` (multipart; the file is `media`). `style_ids[]` is
 * repeated; the price is in euro.
 */
export const offerCreateFields = z.object({
  title: requiredText('title.required', 120),
  category_id: z.coerce
    .number(key('category.required'))
    .int(key('category.required'))
    .positive(key('category.required'))
    .max(2_147_483_647, key('category.required')),
  'style_ids[]': z
    .array(id, key('styles.required'))
    .min(1, key('styles.required'))
    .max(10, key('field.too_many'))
    .transform((ids) => [...new Set(ids)]),
  price: euroField,
  description: optionalText(2000),
  /** How it was made, in the seller's words (the spec's "How it was made"); optional. */
  add_text: optionalText(2000),
  /**
   * The English prompt the buyer receives with the picture (decision 0047): required when the file
   * is a picture, which only the server knows once it has read the file (`offerPromptMissing`).
   */
  prompt: optionalText(OFFER_PROMPT_MAX),
  confirm: accepted('confirm.required'),
});
export type OfferCreateFields = z.output<typeof offerCreateFields>;

export const offer = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  category_id: z.number(),
  category_title: z.string(),
  /** What the user asked, in euro. */
  user_price: z.number(),
  /** The service's counter-price in euro, once it made one. */
  service_price: z.number().nullable(),
  currency: z.literal('EUR'),
  status: z.enum(offerStatuses),
  /** `image` when the file is a picture, else its kind (pdf, doc, docx, svg). */
  doc_type: z.string(),
  doc_url: z.string(),
  style_ids: z.array(z.number()),
  add_text: z.string().nullable(),
  /** The English prompt the seller gave for the buyer. */
  prompt: z.string().nullable(),
  confirm: z.literal(true),
  created_at: z.string(),
  /** Why the service declined the offer, as the back office wrote it. */
  decline_reason: z.string().nullable().optional(),
  /** How the accepted offer is paid out, masked ("Card •••• 4242", "IBAN DE89 •••• 3000"). */
  /** The payout of an accepted offer: where it goes (masked), how much, its status and dates. */
  payout: z
    .object({
      method: z.enum(['card', 'sepa']),
      destination: z.string(),
      status: z.string(),
      amount: z.number().optional(),
      currency: z.literal('EUR').optional(),
      failure_reason: z.string().nullable().optional(),
      created_at: z.string().optional(),
      sent_at: z.string().nullable().optional(),
      settled_at: z.string().nullable().optional(),
    })
    .nullable(),
});
export type Offer = z.infer<typeof offer>;
export const offersResponse = okEnvelope(z.array(offer));
export const offerResponse = z.object({ status: z.literal('OK'), message: z.string(), payload: offer });

/** The offer id, alone or in the spec's wrapper (`{id: {id: 7}}`). */
const offerId = z
  .union([id, z.object({ id })])
  .transform((value) => (typeof value === 'number' ? value : value.id));

export const offerDeclineRequest = z.object({ id: offerId });

/** ISO 13616: move the first four characters to the end, letters to numbers, the whole mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Is month/year (1-12, four digits) this month or later? */
export function expiryInFuture(month: number, year: number, now = new Date()): boolean {
  const thisYear = now.getUTCFullYear();
  return year > thisYear || (year === thisYear && month >= now.getUTCMonth() + 1);
}

/**
 * Contact details (spec section 3): name, surname, email, phone, address, city, postCode,
 * country, currency (EUR by default). Every field is checked, so a form learns of every problem
 * at once; the web shows them in the spec's order.
 */
export const contactDetails = z.object({
  name: personText('first_name.required', 100),
  surname: personText('last_name.required', 100),
  email: emailField,
  phone: singleLineText(key('phone.required'))
    .trim()
    .min(1, key('phone.required'))
    .max(32, key('field.too_long'))
    .regex(/^\+?[\d\s().-]{6,}$/, key('phone.invalid')),
  address: personText('address.required', 200),
  city: personText('city.required', 100),
  postCode: personText('post_code.required', 20),
  /** The ISO code or the id from `GET /countries`; the offers service resolves an id. */
  country: countryField,
  currency: z.literal('EUR', key('currency.invalid')).optional().default('EUR'),
});
export type ContactDetails = z.output<typeof contactDetails>;

export const bankDetails = z.object({
  full_name: personText('full_name.required', 140),
  iban: z
    .string(key('iban.required'))
    .trim()
    .min(1, key('iban.required'))
    .max(60, key('iban.invalid'))
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/, key('iban.invalid'))
        // Only a well-formed IBAN is told its check digits are wrong.
        .refine(
          (value) => !/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(value) || ibanChecksumValid(value),
          key('iban.checksum'),
        ),
    ),
});

const monthField = z.coerce
  .number(key('expire_month.required'))
  .int(key('expire_month.required'))
  .min(1, key('expire_month.required'))
  .max(12, key('expire_month.required'));
const yearField = z.coerce
  .number(key('expire_year.required'))
  .int(key('expire_year.required'))
  .min(2000, key('expire_year.required'))
  .max(2100, key('expire_year.required'));

export const cardDetails = z
  .object({
    card_number: z
      .string(key('card_number.invalid'))
      .max(40, key('card_number.invalid'))
      .transform((value) => value.replace(/[\s-]+/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{13,19}$/, key('card_number.invalid'))
          .refine((digits) => !/^\d{13,19}$/.test(digits) || luhnValid(digits), key('card_number.invalid')),
      ),
    card_holder_name: personText('card_holder_name.required', 140),
    expire_month: monthField,
    expire_year: yearField,
    amount: payoutAmount,
  })
  .superRefine((value, context) => {
    // A missing or unreadable month or year has its own text; only a whole date can be past.
    const whole =
      monthField.safeParse(value.expire_month).success && yearField.safeParse(value.expire_year).success;
    if (whole && !expiryInFuture(value.expire_month, value.expire_year)) {
      context.addIssue({ code: 'custom', path: ['expire_month'], message: key('expiry.past') });
    }
  });

/**
 * The confirmation of a payout's details (spec section 5). The web's bank and card forms require
 * it; the API accepts a request without it, as the spec's clients may send none.
 */
export const termsConfirmed = accepted('terms.confirm');

const terms = { terms: termsConfirmed.optional() };

/** `POST /offer/approve`: accept with a SEPA payout. */
export const offerApproveRequest = contactDetails.extend({ ...bankDetails.shape, ...terms, id: offerId });
export type OfferApproveRequest = z.input<typeof offerApproveRequest>;

/** `POST /offer/withdraw/card`. */
export const offerWithdrawCardRequest = z.intersection(
  contactDetails.extend({ ...terms, id: offerId }),
  cardDetails,
);
export type OfferWithdrawCardRequest = z.input<typeof offerWithdrawCardRequest>;

/** `POST /offer/payout/sepa`: new bank details for the payout of an offer that failed; it is tried again. */
export const offerPayoutRetrySepaRequest = bankDetails.extend({ ...terms, id: offerId });
export type OfferPayoutRetrySepaRequest = z.input<typeof offerPayoutRetrySepaRequest>;

/** `POST /offer/payout/card`: a new card for the payout of an offer that failed, with its amount. */
export const offerPayoutRetryCardRequest = z.intersection(z.object({ ...terms, id: offerId }), cardDetails);
export type OfferPayoutRetryCardRequest = z.input<typeof offerPayoutRetryCardRequest>;

/** `POST /offer/withdraw/sepa`: the SEPA payout with its amount. */
export const offerWithdrawSepaRequest = offerApproveRequest.extend({
  amount: payoutAmount,
});
