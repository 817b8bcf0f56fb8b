import {
  type ContactRequest,
  type Country,
  DEFAULT_LOCALE,
  isCountryId,
  type SocialLink,
  type StaticPage,
  type StaticPageSummary,
} from '@promptmarket/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { forgetPublicAnswers } from '../../lib/public-answers';
import { createTtlCache } from '../../lib/ttl-cache';
import { enqueueMail } from '../mail/mail.service';
import { renderContactNotice } from '../mail/mail.templates';
import { getSettings } from '../site/site.service';
import { enforceLimit, limitAddress } from '../throttle/throttle.service';
import {
  contactMessages,
  countries,
  newsletterSubscriptions,
  socialLinks,
  staticPages,
  staticPageTranslations,
} from './content.tables';

const regionNames = new Map<string, Intl.DisplayNames>();

function countryName(iso: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, DEFAULT_LOCALE], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(iso) ?? iso;
}

/**
 * The ISO code of a country as `countryField` reads it: an id from `GET /countries` is looked up,
 * a code is checked. Throws VALIDATION_FAILED ("Country is required") on `country` for either
 * when the shop does not know it.
 */
export async function countryIsoOf(db: Db, country: string): Promise<string> {
  const [known] = await db
    .select({ iso: countries.iso })
    .from(countries)
    .where(
      isCountryId(country) ? eq(countries.id, Number(country)) : eq(countries.iso, country.toUpperCase()),
    );
  if (!known) throw AppError.validation({ country: ['country.required'] });
  return known.iso;
}

/** Every country, named and sorted in the requested language. */
export async function listCountries(db: Db, locale: string): Promise<Country[]> {
  const rows = await db
    .select({ id: countries.id, iso: countries.iso })
    .from(countries)
    .where(eq(countries.isActive, true));
  const collator = new Intl.Collator(locale);
  return rows
    .map((row) => ({ id: row.id, iso: row.iso, name: countryName(row.iso, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Footer content is on every page and changes rarely: cached for five seconds. */
const footerCache = createTtlCache<Db, unknown>(5_000, { name: 'content-footer' });

/** Call after changing social links or static pages, so this process shows the change at once. */
export function forgetContentCache(db: Db): void {
  footerCache.clear(db);
  // The links and pages' answers are cached with the site's (cachedSiteAnswer).
  forgetPublicAnswers(db);
}

export function listSocialLinks(db: Db): Promise<SocialLink[]> {
  return footerCache.get(db, 'social-links', () =>
    db
      .select({ id: socialLinks.id, url: socialLinks.url })
      .from(socialLinks)
      .orderBy(asc(socialLinks.position), asc(socialLinks.id)),
  ) as Promise<SocialLink[]>;
}

/** Translations of the given pages in the language, falling back to English per page. */
async function pageTexts(db: Db, pageIds: number[], locale: string) {
  if (pageIds.length === 0) return new Map<number, { title: string; body: string }>();
  const rows = await db
    .select({
      pageId: staticPageTranslations.pageId,
      locale: staticPageTranslations.locale,
      title: staticPageTranslations.title,
      body: staticPageTranslations.body,
    })
    .from(staticPageTranslations)
    .where(
      and(
        inArray(staticPageTranslations.pageId, pageIds),
        inArray(staticPageTranslations.locale, [...new Set([locale, DEFAULT_LOCALE])]),
      ),
    );
  const texts = new Map<number, { title: string; body: string }>();
  for (const row of rows) {
    if (row.locale === locale || !texts.has(row.pageId))
      texts.set(row.pageId, { title: row.title, body: row.body });
  }
  return texts;
}

const pageColumns = {
  id: staticPages.id,
  slug: staticPages.slug,
  is_terms: staticPages.isTerms,
  is_privacy: staticPages.isPrivacy,
  is_cookie: staticPages.isCookie,
};

export function listStaticPages(db: Db, locale: string): Promise<StaticPageSummary[]> {
  return footerCache.get(db, `pages:${locale}`, () => loadStaticPages(db, locale)) as Promise<
    StaticPageSummary[]
  >;
}

async function loadStaticPages(db: Db, locale: string): Promise<StaticPageSummary[]> {
  const pages = await db
    .select(pageColumns)
    .from(staticPages)
    .where(eq(staticPages.isPublished, true))
    .orderBy(asc(staticPages.position), asc(staticPages.id));
  const texts = await pageTexts(
    db,
    pages.map((page) => page.id),
    locale,
  );
  return pages.map((page) => ({ ...page, title: texts.get(page.id)?.title ?? page.slug }));
}

/** One published page in the language (English when it has no translation). Throws NOT_FOUND. */
export async function getStaticPage(db: Db, slug: string, locale: string): Promise<StaticPage> {
  const [page] = await db
    .select(pageColumns)
    .from(staticPages)
    .where(and(eq(staticPages.slug, slug), eq(staticPages.isPublished, true)));
  if (!page) throw AppError.notFound();
  const text = (await pageTexts(db, [page.id], locale)).get(page.id);
  if (!text) throw AppError.notFound();
  return { ...page, ...text };
}

const sentMessage: Record<string, string> = {
  en: 'Thank you! Your message has been sent. We will get back to you soon.',
  de: 'Danke! Deine Nachricht wurde gesendet. Wir melden uns bald bei dir.',
  fr: 'Merci ! Votre message a été envoyé. Nous vous répondrons rapidement.',
  es: '¡Gracias! Tu mensaje se ha enviado. Te responderemos pronto.',
  it: 'Grazie! Il tuo messaggio è stato inviato. Ti risponderemo presto.',
  pl: 'Dziękujemy! Twoja wiadomość została wysłana. Wkrótce się odezwiemy.',
};

/**
 * Stores a contact form message (name, e-mail, subject, message) and mails it to the support
 * address. Throws TOO_MANY_REQUESTS past 5 an hour per IP.
 */
export async function sendContactMessage(
  db: Db,
  input: ContactRequest,
  locale: string,
  ip: string,
): Promise<string> {
  await enforceLimit(db, `contact:ip:${limitAddress(ip)}`, { max: 5, windowSeconds: 60 * 60 });
  const settings = await getSettings(db, DEFAULT_LOCALE);
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      locale,
    });
    const notice = renderContactNotice({
      name: input.name,
      email: input.email,
      subject: input.subject,
      language: locale,
      message: input.message,
    });
    await enqueueMail(tx, { to: settings.support_email, ...notice });
  });
  return sentMessage[locale] ?? sentMessage.en ?? '';
}

/**
 * Erases the newsletter subscription and the contact form messages of an address when its
 * account is deleted (decision 0046).
 */
export async function eraseContactsOf(tx: Db, address: string): Promise<void> {
  const named = address.trim().toLowerCase();
  await tx.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${named}`);
  await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${named}`);
}
