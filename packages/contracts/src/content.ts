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

/** The sender's name and address: one line without control or text direction characters. */
const required = (name: ValidationKey, max = 200) =>
  singleLineText(key(name)).trim().min(1, key(name)).max(max, key('field.too_long'));

/** The contact form, in the order of spec section 5: the form shows the first failure only. */
export const contactRequest = z.object({
  first_name: required('first_name.required', 100),
  last_name: required('last_name.required', 100),
  email: emailField,
  phone: required('phone.required', 32),
  address: required('address.required'),
  city: required('city.required', 100),
  post_code: required('post_code.required', 20),
  country: countryField,
  message: multiLineText().trim().max(5000, key('field.too_long')).optional(),
});
export type ContactRequest = z.infer<typeof contactRequest>;

/** The fields of the contact form in the order their errors are shown. */
export const contactFieldOrder = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'post_code',
  'country',
] as const;

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
  contact: defineEndpoint({
    method: 'POST',
    path: '/contact',
    summary: 'Send a message to the shop',
    body: contactRequest,
    response: messageResponse,
  }),
};
