import { z } from 'zod';
import { emailField } from './accounts';
import { defineEndpoint } from './endpoint';
import { okEnvelope } from './envelope';
import { multiLineText, singleLineText } from './single-line-text';
import type { ValidationKey } from './validation-messages';

const key = (name: ValidationKey) => name;

export const staticPageSummary = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  is_terms: z.boolean(),
  is_privacy: z.boolean(),
  is_cookie: z.boolean(),
});
export const staticPage = staticPageSummary.extend({
  /** Plain text: paragraphs separated by blank lines; a paragraph starting with "## " is a subheading. */
  body: z.string(),
});
export type StaticPageSummary = z.infer<typeof staticPageSummary>;
export type StaticPage = z.infer<typeof staticPage>;
export const staticPagesResponse = okEnvelope(z.array(staticPageSummary));
export const staticPageResponse = okEnvelope(staticPage);
export const staticPageParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export const socialLink = z.object({ id: z.number(), url: z.string() });
export const socialLinksResponse = okEnvelope(z.array(socialLink));
export type SocialLink = z.infer<typeof socialLink>;

export const country = z.object({ id: z.number(), iso: z.string(), name: z.string() });

/**
 * A country as forms send it: its ISO 3166-1 alpha-2 code ("GB", any case) or, as the original
 * API's clients do, its `id` from `GET /countries` (a number, or the number as a string). The
 * output is the upper-case code, or the id's digits, which the server resolves to the code
 * (content service, `countryIsoOf`), refusing an unknown one with the same text. Typed as the
 * string a form holds; the number a JSON client sends is read as well.
 */
const countryReference = z
  .union([z.string(key('country.required')), z.number(key('country.required'))], key('country.required'))
  .transform((value, context) => {
    const text =
      typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
    if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
    if (/^\d{1,9}$/.test(text) && Number(text) > 0) return String(Number(text));
    context.addIssue({ code: 'custom', message: key('country.required') });
    return z.NEVER;
  });
export const countryField = countryReference as unknown as z.ZodType<string, string>;

/** Is this output of `countryField` an id from `GET /countries` rather than an ISO code? */
export function isCountryId(value: string): boolean {
  return /^\d+$/.test(value);
}
export const countriesResponse = okEnvelope(z.array(country));
export type Country = z.infer<typeof country>;

/** The newsletter form sends only the e-mail; the server checks it. */
export const newsletterRequest = z.object({ email: emailField });
export const messageResponse = z.object({ status: z.literal('OK'), message: z.string() });

/** The confirmation link of a newsletter subscription (double opt-in), as the mail gives it. */
export const newsletterConfirmQuery = z.object({
  id: z.uuid(key('newsletter.link_invalid')),
  expires: z.coerce.number(key('newsletter.link_invalid')).int(key('newsletter.link_invalid')),
  signature: z.string(key('newsletter.link_invalid')).regex(/^[0-9a-f]{64}$/, key('newsletter.link_invalid')),
});

/** The unsubscribe link of every newsletter mail: the address and its signed token. */
export const newsletterUnsubscribeQuery = z.object({
  email: emailField,
  token: z.string(key('newsletter.link_invalid')).regex(/^[0-9a-f]{64}$/, key('newsletter.link_invalid')),
});

/** A one-line text of the contact form, without control or text direction characters. */
const optionalLine = (max: number) =>
  singleLineText(key('field.invalid')).trim().max(max, key('field.too_long')).optional();

/**
 * The contact-us form: name, e-mail, subject and message, each required, every failure reported
 * at once (decision 0054). The spec's eight-field "Contact form" rule is the offer payout's
 * contact details (`contactDetails` in offers), not this form.
 *
 * Clients of the original form still send `first_name` and `last_name` (and a phone, an address,
 * a city, a post code and a country, which are ignored): without a `name` the two make it, and
 * the subject and message stay optional for them, as they were.
 */
export const contactRequest = z
  .object({
    name: optionalLine(200),
    first_name: optionalLine(100),
    last_name: optionalLine(100),
    email: emailField,
    subject: optionalLine(200),
    message: multiLineText(key('field.invalid')).trim().max(5000, key('field.too_long')).optional(),
  })
  // Checked even when another field failed (its `when`), so that every failure is named at once.
  .check(
    z.superRefine(
      (value, context) => {
        const required = (field: 'name' | 'first_name' | 'last_name' | 'subject' | 'message') => {
          const given: unknown = value[field];
          if (given === undefined || (typeof given === 'string' && given.trim() === '')) {
            context.addIssue({ code: 'custom', path: [field], message: key(`${field}.required`) });
          }
        };
        const original =
          value.name === undefined && (value.first_name !== undefined || value.last_name !== undefined);
        if (original) {
          required('first_name');
          required('last_name');
          return;
        }
        required('name');
        required('subject');
        required('message');
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
  .transform((value) => ({
    name: value.name || `${value.first_name ?? ''} ${value.last_name ?? ''}`.trim(),
    email: value.email,
    subject: value.subject ?? '',
    message: value.message ?? '',
  }));
export type ContactRequest = z.output<typeof contactRequest>;

/** The contact-us form's fields, in the order they are shown. */
export const contactFields = ['name', 'email', 'subject', 'message'] as const;

export const contentEndpoints = {
  countries: defineEndpoint({
    method: 'GET',
    path: '/countries',
    summary: 'Countries',
    response: countriesResponse,
  }),
  socialLinks: defineEndpoint({
    method: 'GET',
    path: '/social-links',
    summary: 'Social network links',
    response: socialLinksResponse,
  }),
  staticPages: defineEndpoint({
    method: 'GET',
    path: '/static-pages',
    summary: 'Static pages',
    response: staticPagesResponse,
  }),
  staticPage: defineEndpoint({
    method: 'GET',
    path: '/static-pages/:slug',
    summary: 'One static page',
    params: staticPageParams,
    response: staticPageResponse,
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/newsletter/subscribe',
    summary: 'Subscribe to the newsletter',
    body: newsletterRequest,
    response: messageResponse,
  }),
  /** The link of the confirmation mail: only a confirmed address is subscribed. */
  confirmNewsletter: defineEndpoint({
    method: 'GET',
    path: '/newsletter/confirm',
    summary: 'Confirm a newsletter subscription with the mailed link',
    query: newsletterConfirmQuery,
    response: messageResponse,
  }),
  /** The unsubscribe link of a newsletter mail: one click, no sign-in. */
  unsubscribeNewsletter: defineEndpoint({
    method: 'GET',
    path: '/newsletter/unsubscribe',
    summary: 'Unsubscribe from the newsletter with the link of one of its mails',
    query: newsletterUnsubscribeQuery,
    response: messageResponse,
  }),
  /**
   * The same for a mail program's one-click unsubscribe (RFC 8058): it posts
   * `List-Unsubscribe=One-Click` to the address of the mail's List-Unsubscribe header.
   */
  unsubscribeNewsletterOneClick: defineEndpoint({
    method: 'POST',
    path: '/newsletter/unsubscribe',
    summary: "Unsubscribe from the newsletter from a mail program's one-click button (RFC 8058)",
    query: newsletterUnsubscribeQuery,
    consumes: ['application/x-www-form-urlencoded'],
    response: messageResponse,
  }),
  contact: defineEndpoint({
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to the shop',
    body: contactRequest,
    response: messageResponse,
  }),
};
