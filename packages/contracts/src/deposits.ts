import { z } from 'zod';
import { emailField } from './accounts';
import { countryField } from './content';
import { depositStatuses } from './deposit-rules';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';
import { moneyField } from './money-field';
import { singleLineText } from './single-line-text';
import type { ValidationKey } from './validation-messages';

const key = (name: ValidationKey) => name;

export {
  DEPOSIT_POLL_INTERVAL_MS,
  DEPOSIT_POLL_TIMEOUT_MS,
  type DepositStatus,
  depositStatuses,
  minimumDepositMinor,
} from './deposit-rules';

/** A deposit's amount, by the one rule of every amount (`readAmount`): more than 0, at most 1,000,000. */
export const amountField = moneyField({
  required: key('amount.required'),
  invalid: key('amount.invalid'),
  sign: 'positive',
  maxMinor: 100_000_000,
});

export const currencyCodeField = z
  .string(key('currency.invalid'))
  .trim()
  .regex(/^[A-Za-z]{3}$/, key('currency.invalid'))
  .transform((value) => value.toUpperCase());

/** `POST /deposit/validate-amount`: is this amount, in this display currency, enough? */
export const validateAmountRequest = z.object({
  amount: amountField,
  currency: currencyCodeField.optional().default('EUR'),
});
export type ValidateAmountRequest = z.input<typeof validateAmountRequest>;

/** The payer's name and address: one line without control or text direction characters. */
const text = (name: ValidationKey, max: number) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

const phone = singleLineText(key('phone.required'))
  .trim()
  .min(1, key('phone.required'))
  .max(32, key('field.too_long'))
  .regex(/^\+?[\d\s().-]{6,}$/, key('phone.invalid'));

/**
 * The deposit form of spec section 3. The web sends `first_name`, `last_name`, `post_code`; the
 * original clients send `name`, `surname`, `postCode`. Either is accepted and the answer is the
 * first form.
 */
export const depositFormRequest = z
  .object({
    // Read in the transform with the other fields, so that a form learns of every problem at once.
    amount: z.unknown().optional(),
    currency: z.unknown().optional(),
    first_name: z.unknown().optional(),
    name: z.unknown().optional(),
    last_name: z.unknown().optional(),
    surname: z.unknown().optional(),
    email: z.unknown().optional(),
    phone: z.unknown().optional(),
    country: z.unknown().optional(),
    city: z.unknown().optional(),
    address: z.unknown().optional(),
    post_code: z.unknown().optional(),
    postCode: z.unknown().optional(),
    terms: z.unknown().optional(),
  })
  .transform((value, context) => {
    const fields = {
      first_name: [text('first_name.required', 100), value.first_name ?? value.name],
      last_name: [text('last_name.required', 100), value.last_name ?? value.surname],
      email: [emailField, value.email],
      phone: [phone, value.phone],
      country: [countryField, value.country],
      city: [text('city.required', 100), value.city],
      address: [text('address.required', 200), value.address],
      post_code: [text('post_code.required', 20), value.post_code ?? value.postCode],
    } as const;
    const amount = amountField.safeParse(value.amount ?? '');
    if (!amount.success) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: amount.error.issues[0]?.message ?? key('amount.invalid'),
      });
    }
    const currency = currencyCodeField.safeParse(value.currency ?? 'EUR');
    if (!currency.success)
      context.addIssue({ code: 'custom', path: ['currency'], message: key('currency.invalid') });
    const out: Record<string, string> = {};
    for (const [name, [schema, input]] of Object.entries(fields)) {
      const parsed = (schema as z.ZodType<string>).safeParse(input ?? '');
      if (parsed.success) out[name] = parsed.data;
      else {
        // One text per field, the first rule it breaks, as the form shows it.
        const [first] = parsed.error.issues;
        context.addIssue({ code: 'custom', path: [name], message: first?.message ?? key('field.invalid') });
      }
    }
    // Original clients agree to the terms on an earlier screen and do not send the field.
    if (value.terms !== undefined) {
      const terms = depositTermsField.safeParse(value.terms);
      if (!terms.success)
        context.addIssue({ code: 'custom', path: ['terms'], message: key('deposit.terms') });
    }
    if (!amount.success || !currency.success) return z.NEVER;
    return {
      amount: amount.data,
      currency: currency.data,
      first_name: out.first_name ?? '',
      last_name: out.last_name ?? '',
      email: out.email ?? '',
      phone: out.phone ?? '',
      country: out.country ?? '',
      city: out.city ?? '',
      address: out.address ?? '',
      post_code: out.post_code ?? '',
    };
  });
export type DepositFormRequest = z.input<typeof depositFormRequest>;
export type DepositForm = z.output<typeof depositFormRequest>;

/** Laravel's `accepted`, with the deposit form's own text: "You must agree to the terms and conditions." */
export const depositTermsField = z
  .union([z.boolean(), z.literal(1), z.enum(['1', 'yes', 'on', 'true'])], key('deposit.terms'))
  .refine((value) => value !== false, key('deposit.terms'));

/** One way to pay that the active provider offers: its stable numeric id, its name and its type. */
export const paymentMethod = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * Every way to pay, with the numeric ids of the original API (1 is card). An id never changes
 * meaning: clients keep it. Providers list the ones they offer.
 */
export const paymentMethods = {
  card: { id: 1, name: 'Card', type: 'card' },
} as const satisfies Record<string, PaymentMethod>;

/**
 * The method a checkout chose, of those offered: `payment_method_id` is its id (or its digits; its
 * type is read too), `paymentType` its type; either alone is enough, and both must name the same
 * method. Null when nothing offered matches.
 */
export function chosenPaymentMethod(
  offered: readonly PaymentMethod[],
  choice: { payment_method_id?: string | undefined; paymentType?: string | undefined },
): PaymentMethod | null {
  const byId =
    choice.payment_method_id === undefined
      ? undefined
      : offered.find(
          (method) =>
            String(method.id) === choice.payment_method_id || method.type === choice.payment_method_id,
        );
  const byType =
    choice.paymentType === undefined
      ? undefined
      : offered.find((method) => method.type === choice.paymentType?.toLowerCase());
  if (choice.payment_method_id !== undefined && choice.paymentType !== undefined) {
    return byId && byId === byType ? byId : null;
  }
  return byId ?? byType ?? null;
}

/** The payment methods for the form; `errors` is empty (a form with errors is answered 422), as section 7 lists it. */
export const validateDepositResponse = okEnvelope(z.array(paymentMethod)).extend({
  errors: z.array(z.string()),
});

/** `POST /deposit/checkout`: the form again, with the chosen method. */
export const depositCheckoutRequest = z.intersection(
  depositFormRequest,
  z
    .object({
      paymentType: z
        .string(key('payment_method.invalid'))
        .trim()
        .min(1, key('payment_method.invalid'))
        .max(40, key('payment_method.invalid'))
        .optional(),
      payment_method_id: z
        .union([z.string(), z.number()], key('payment_method.invalid'))
        .transform(String)
        .pipe(z.string().trim().min(1, key('payment_method.invalid')).max(40, key('payment_method.invalid')))
        .optional(),
    })
    // The original clients send both; `paymentType` alone is enough to choose.
    .refine((value) => value.payment_method_id !== undefined || value.paymentType !== undefined, {
      path: ['payment_method_id'],
      message: key('payment_method.invalid'),
    }),
);
export type DepositCheckoutRequest = z.input<typeof depositCheckoutRequest>;

export const depositCheckoutResponse = z.object({
  status: z.literal('OK'),
  /** The provider's payment page; null when the deposit needs no page (then poll `order_id`). */
  redirect_url: z.string().nullable(),
  order_id: z.number(),
  message: z.string(),
});
export type DepositCheckoutResponse = z.infer<typeof depositCheckoutResponse>;

export const depositStatusQuery = z.object({
  order_id: z.coerce
    .number(key('field.invalid'))
    .int(key('field.invalid'))
    .positive(key('field.invalid'))
    .max(2 ** 53 - 1, key('field.invalid')),
});

/**
 * Why a deposit failed, beside its message: the payment-failure page (`fail-payment?error=`) shows
 * its own text for one of these and nothing a link may carry.
 */
export const depositFailureCodes = ['declined', 'failed', 'expired', 'review', 'gateway'] as const;
export type DepositFailureCode = (typeof depositFailureCodes)[number];

export const depositStatusResponse = z.object({
  status: z.literal('OK'),
  order: z.object({
    id: z.number(),
    status: z.enum(depositStatuses),
    error_message: z.string().nullable(),
    /** The reason of a failed deposit as a code; null unless status is error or failed. */
    error_code: z.enum(depositFailureCodes).nullable(),
    /**
     * The provider's own code of a refused payment (Stripe's decline codes: `insufficient_funds`,
     * `expired_card`, …); null when it gave none. The web words the codes it knows.
     */
    decline_code: z.string().nullable(),
    redirect_url: z.string().nullable(),
    /** What the deposit credited (or will credit) in the internal currency, and its reference. */
    internal_amount: z.number(),
    order_number: z.string(),
  }),
  message: z.string(),
});
export type DepositStatusResponse = z.infer<typeof depositStatusResponse>;

/** The Deposit entity of spec section 3. Sums are decimals for display; the ledger keeps integers. */
export const deposit = z.object({
  id: z.number(),
  /** What was paid, in `currency`. */
  sum: z.number(),
  currency: z.string(),
  internal_currency_name: z.string(),
  /** What the wallet was (or will be) credited, in the internal currency. */
  internal_amount: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  countryIso: z.string(),
  city: z.string(),
  address: z.string(),
  zip: z.string(),
  created_at: z.string(),
  status: z.enum(depositStatuses),
  /** The provider's code of why a failed deposit was refused, as in the status answer. */
  decline_code: z.string().nullable(),
  /** The original API's fields, which its clients read: the deposit's number (its id) and when it was made. */
  order_number: z.string(),
  /** The same instant as `created_at`. */
  date: z.string(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositHistoryResponse = okEnvelope(z.array(deposit));

/**
 * The address and phone the user gave with their last deposit, to fill the next deposit's form
 * (and a payout's contact step) with; null before the first deposit.
 */
export const lastDepositDetails = z.object({
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  post_code: z.string(),
});
export type LastDepositDetails = z.infer<typeof lastDepositDetails>;
export const lastDepositDetailsResponse = okEnvelope(lastDepositDetails.nullable());

/** The minimum answer of `validate-amount`, for the form's hint. */
export const validateAmountResponse = z.object({
  status: z.literal('OK'),
  payload: z.object({
    /** The amount as a decimal in `currency`, and what it is worth in the internal currency. */
    amount: z.number(),
    currency: z.string(),
    minimum: z.number(),
    internal_amount: z.number(),
  }),
  errors: z.array(z.string()),
});

/** A client's retry key: the same key from the same user is the same deposit. */
export const checkoutHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, 'field.invalid')
    .optional(),
});

export const webhookParams = z.object({ provider: z.enum(['sandbox', 'stripe']) });
export const webhookResponse = z.object({ received: z.literal(true) });

export const depositEndpoints = {
  validateAmount: defineEndpoint({
    method: 'POST',
    path: '/deposit/validate-amount',
    summary: 'Check a deposit amount against the minimum in its currency',
    body: validateAmountRequest,
    response: validateAmountResponse,
  }),
  validate: defineEndpoint({
    method: 'POST',
    path: '/deposit/validate',
    summary: 'Check the deposit form; answers the payment methods',
    body: depositFormRequest,
    response: validateDepositResponse,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/deposit/checkout',
    summary: "Create a deposit and the provider's checkout",
    body: depositCheckoutRequest,
    headers: checkoutHeaders,
    response: depositCheckoutResponse,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/deposit/status',
    summary: "A deposit's status (the user's own only)",
    query: depositStatusQuery,
    response: depositStatusResponse,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/deposit/history',
    summary: "The user's deposits, newest first",
    response: depositHistoryResponse,
  }),
  lastDetails: defineEndpoint({
    method: 'GET',
    path: '/deposit/last-details',
    summary: "The address and phone of the user's last deposit, to fill the next form with",
    response: lastDepositDetailsResponse,
  }),
  /** The provider signs the raw body, which the route reads as bytes. */
  webhook: defineEndpoint({
    method: 'POST',
    path: '/webhooks/:provider',
    summary: 'Payment provider webhooks (sandbox, stripe)',
    params: webhookParams,
    response: webhookResponse,
  }),
};
