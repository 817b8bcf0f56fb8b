import { DEFAULT_LOCALE, errorResponses, minorUnitsToNumber } from '@promptmarket/contracts';
import {
  adminContactMessagesResponse,
  adminContentListQuery,
  adminCurrenciesResponse,
  adminCurrencyParams,
  adminCurrencyUpdate,
  adminIdParams,
  adminLanguageParams,
  adminLanguagesResponse,
  adminLanguageUpdate,
  adminSettingsResponse,
  adminSettingsUpdate,
  adminSocialLinkInput,
  adminSocialLinksResponse,
  adminStaticPagesResponse,
  adminStaticPageUpdate,
  adminSubscribersResponse,
  adminWordDeleteParams,
  adminWordParams,
  adminWordsResponse,
  adminWordUpdate,
  csvCell,
} from '@promptmarket/contracts/admin-content';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { signedInUser } from '../../plugins/auth';
import { forgetContentCache } from '../content/content.service';
import {
  contactMessages,
  newsletterSubscriptions,
  socialLinks,
  staticPages,
  staticPageTranslations,
} from '../content/content.tables';
import { defaultSettings, storedSettingsSchema, translatableSettingKeys } from '../site/site.defaults';
import { forgetSiteCache } from '../site/site.service';
import {
  currencies,
  languages,
  settings,
  settingTranslations,
  translationOverrides,
} from '../site/site.tables';
import { audited } from './admin.audit';
import { escapeLike, listAnswer } from './admin.lists';

/**
 * The site's content in the back office: settings, currencies, languages, the words that
 * override built-in texts, static pages, social links, the newsletter's subscribers (with a CSV
 * export) and the contact form's messages. Every change is audited and clears the shop's caches
 * once committed, in every process.
 */

/** The settings as the editor shows them: money in EUR, texts per language. */
async function settingsForEditor(db: Db) {
  // Read from the handle itself, not the shop's cache: inside a change it must see the change.
  const [stored, rows] = await Promise.all([
    db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .then((found) =>
        storedSettingsSchema.parse({
          ...defaultSettings,
          ...Object.fromEntries(found.map((row) => [row.key, JSON.parse(row.value) as unknown])),
        }),
      ),
    db.select().from(settingTranslations),
  ]);
  const texts = Object.fromEntries(
    translatableSettingKeys.map((key) => [
      key,
      {
        [DEFAULT_LOCALE]: stored[key],
        ...Object.fromEntries(rows.filter((row) => row.key === key).map((row) => [row.locale, row.value])),
      },
    ]),
  ) as unknown as { copyright: Record<string, string>; internal_currency_name: Record<string, string> };
  return {
    is_reg_enabled: stored.is_reg_enabled,
    is_email_verification_enabled: stored.is_email_verification_enabled,
    internal_currency_rate_eur: stored.internal_currency_rate_eur,
    support_email: stored.support_email,
    company_phone: stored.company_phone,
    formats: stored.formats,
    sizes: stored.sizes,
    image_generation_cost_eur: minorUnitsToNumber(stored.image_generation_cost_cents),
    min_deposit_eur: minorUnitsToNumber(stored.min_deposit_cents),
    texts,
  };
}

async function knownLocale(db: Db, codes: string[]) {
  if (codes.length === 0) return;
  const rows = await db.select({ code: languages.code }).from(languages);
  const missing = codes.filter((code) => !rows.some((row) => row.code === code));
  if (missing.length > 0) {
    throw AppError.validation(
      Object.fromEntries(missing.map((code) => [`texts.${code}`, ['locale.invalid']])),
    );
  }
}

export async function adminContentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /* Settings */

  app.get(
    '/admin/settings',
    {
      schema: {
        summary: 'Every setting, money in EUR and texts per language',
        response: { 200: adminSettingsResponse, ...errorResponses },
      },
    },
    async () => ({ status: 'OK' as const, payload: await settingsForEditor(app.db) }),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        summary: 'Change settings: only the keys named change',
        body: adminSettingsUpdate,
        response: { 200: adminSettingsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const { texts, image_generation_cost_eur, min_deposit_eur, ...plain } = request.body;
      const values: Record<string, unknown> = { ...plain };
      if (image_generation_cost_eur !== undefined)
        values.image_generation_cost_cents = image_generation_cost_eur;
      if (min_deposit_eur !== undefined) values.min_deposit_cents = min_deposit_eur;
      await knownLocale(app.db, [
        ...Object.keys(texts?.copyright ?? {}),
        ...Object.keys(texts?.internal_currency_name ?? {}),
      ]);
      await audited(
        app.db,
        { adminId, action: 'settings.update', subject: { type: 'settings', id: 'site' } },
        async (tx) => {
          const before = await settingsForEditor(tx);
          for (const [key, value] of Object.entries(values)) {
            if (value === undefined || !(key in defaultSettings)) continue;
            const encoded = JSON.stringify(value);
            await tx
              .insert(settings)
              .values({ key, value: encoded })
              .onConflictDoUpdate({ target: settings.key, set: { value: encoded, updatedAt: new Date() } });
          }
          for (const key of translatableSettingKeys) {
            for (const [locale, text] of Object.entries(texts?.[key] ?? {})) {
              if (locale === DEFAULT_LOCALE) {
                const encoded = JSON.stringify(text);
                await tx
                  .insert(settings)
                  .values({ key, value: encoded })
                  .onConflictDoUpdate({
                    target: settings.key,
                    set: { value: encoded, updatedAt: new Date() },
                  });
              } else {
                await tx
                  .insert(settingTranslations)
                  .values({ key, locale, value: text })
                  .onConflictDoUpdate({
                    target: [settingTranslations.key, settingTranslations.locale],
                    set: { value: text },
                  });
              }
            }
          }
          forgetSiteCache(tx);
          return { result: null, before, after: await settingsForEditor(tx) };
        },
      );
      return { status: 'OK' as const, payload: await settingsForEditor(app.db) };
    },
  );

  /* Currencies */

  const currenciesAnswer = async () => ({
    status: 'OK' as const,
    payload: (
      await app.db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code))
    ).map((row) => ({
      code: row.code,
      symbol: row.symbol,
      rate: row.rate,
      position: row.position,
      active: row.isActive,
    })),
  });

  app.get(
    '/admin/currencies',
    {
      schema: {
        summary: 'Every currency with its rate per EUR',
        response: { 200: adminCurrenciesResponse, ...errorResponses },
      },
    },
    currenciesAnswer,
  );

  app.put(
    '/admin/currencies/:code',
    {
      schema: {
        summary: 'Change a currency’s symbol, rate, place or availability',
        params: adminCurrencyParams,
        body: adminCurrencyUpdate,
        response: { 200: adminCurrenciesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const { code } = request.params;
      const body = request.body;
      if (code === 'EUR' && ((body.rate !== undefined && Number(body.rate) !== 1) || body.active === false)) {
        throw AppError.validation({ code: ['currency.base'] });
      }
      await audited(
        app.db,
        { adminId, action: 'currency.update', subject: { type: 'currency', id: code } },
        async (tx) => {
          const [before] = await tx.select().from(currencies).where(eq(currencies.code, code));
          if (!before) throw AppError.notFound();
          const [after] = await tx
            .update(currencies)
            .set({
              ...(body.symbol !== undefined ? { symbol: body.symbol } : {}),
              ...(body.rate !== undefined ? { rate: body.rate } : {}),
              ...(body.position !== undefined ? { position: body.position } : {}),
              ...(body.active !== undefined ? { isActive: body.active } : {}),
              updatedAt: new Date(),
            })
            .where(eq(currencies.code, code))
            .returning();
          forgetSiteCache(tx);
          return { result: null, before, after: after ?? null };
        },
      );
      return currenciesAnswer();
    },
  );

  /* Languages and words */

  const languagesAnswer = async () => ({
    status: 'OK' as const,
    payload: (
      await app.db.select().from(languages).orderBy(asc(languages.position), asc(languages.code))
    ).map((row) => ({ code: row.code, name: row.name, position: row.position, active: row.isActive })),
  });

  app.get(
    '/admin/languages',
    {
      schema: {
        summary: 'Every language of the shop',
        response: { 200: adminLanguagesResponse, ...errorResponses },
      },
    },
    languagesAnswer,
  );

  app.put(
    '/admin/languages/:code',
    {
      schema: {
        summary: 'Change a language’s name, place or availability',
        params: adminLanguageParams,
        body: adminLanguageUpdate,
        response: { 200: adminLanguagesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const { code } = request.params;
      if (code === DEFAULT_LOCALE && request.body.active === false) {
        throw AppError.validation({ code: ['language.base'] });
      }
      await audited(
        app.db,
        { adminId, action: 'language.update', subject: { type: 'language', id: code } },
        async (tx) => {
          const [before] = await tx.select().from(languages).where(eq(languages.code, code));
          if (!before) throw AppError.notFound();
          const body = request.body;
          const [after] = await tx
            .update(languages)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.position !== undefined ? { position: body.position } : {}),
              ...(body.active !== undefined ? { isActive: body.active } : {}),
              updatedAt: new Date(),
            })
            .where(eq(languages.code, code))
            .returning();
          forgetSiteCache(tx);
          return { result: null, before, after: after ?? null };
        },
      );
      return languagesAnswer();
    },
  );

  const wordsAnswer = async (locale: string) => ({
    status: 'OK' as const,
    payload: (
      await app.db
        .select({ key: translationOverrides.key, value: translationOverrides.value })
        .from(translationOverrides)
        .where(eq(translationOverrides.locale, locale))
        .orderBy(asc(translationOverrides.key))
    ).map((row) => ({ key: row.key, value: row.value })),
  });

  app.get(
    '/admin/words/:locale',
    {
      schema: {
        summary: 'The texts of a language changed from the back office',
        params: adminWordParams,
        response: { 200: adminWordsResponse, ...errorResponses },
      },
    },
    async (request) => wordsAnswer(request.params.locale),
  );

  app.put(
    '/admin/words/:locale',
    {
      schema: {
        summary:
          'Change one text of a language (served by /localization/{locale}/words over the built-in one)',
        params: adminWordParams,
        body: adminWordUpdate,
        response: { 200: adminWordsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const { locale } = request.params;
      const { key, value } = request.body;
      const [language] = await app.db.select().from(languages).where(eq(languages.code, locale));
      if (!language) throw AppError.notFound();
      await audited(
        app.db,
        { adminId, action: 'word.update', subject: { type: 'word', id: `${locale}:${key}` } },
        async (tx) => {
          const [before] = await tx
            .select()
            .from(translationOverrides)
            .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
          await tx
            .insert(translationOverrides)
            .values({ locale, key, value })
            .onConflictDoUpdate({
              target: [translationOverrides.locale, translationOverrides.key],
              set: { value, updatedAt: new Date() },
            });
          forgetSiteCache(tx);
          return { result: null, before: before ? { value: before.value } : null, after: { value } };
        },
      );
      return wordsAnswer(locale);
    },
  );

  app.delete(
    '/admin/words/:locale/:key',
    {
      schema: {
        summary: 'Give a text back its built-in wording',
        params: adminWordDeleteParams,
        response: { 200: adminWordsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const { locale, key } = request.params;
      await audited(
        app.db,
        { adminId, action: 'word.delete', subject: { type: 'word', id: `${locale}:${key}` } },
        async (tx) => {
          const removed = await tx
            .delete(translationOverrides)
            .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)))
            .returning();
          if (removed.length === 0) throw AppError.notFound();
          forgetSiteCache(tx);
          return { result: null, before: { value: removed[0]?.value ?? '' }, after: null };
        },
      );
      return wordsAnswer(locale);
    },
  );

  /* Static pages */

  const pagesAnswer = async () => {
    const [pages, texts] = await Promise.all([
      app.db.select().from(staticPages).orderBy(asc(staticPages.position), asc(staticPages.id)),
      app.db.select().from(staticPageTranslations),
    ]);
    return {
      status: 'OK' as const,
      payload: pages.map((page) => ({
        id: page.id,
        slug: page.slug,
        published: page.isPublished,
        position: page.position,
        translations: Object.fromEntries(
          texts
            .filter((text) => text.pageId === page.id)
            .map((text) => [text.locale, { title: text.title, body: text.body }]),
        ),
      })),
    };
  };

  app.get(
    '/admin/pages',
    {
      schema: {
        summary: 'The static pages with their texts in every language',
        response: { 200: adminStaticPagesResponse, ...errorResponses },
      },
    },
    pagesAnswer,
  );

  app.put(
    '/admin/pages/:id',
    {
      schema: {
        summary: 'Change a static page: its texts per language, place and publication',
        params: adminIdParams,
        body: adminStaticPageUpdate,
        response: { 200: adminStaticPagesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      const body = request.body;
      await knownLocale(app.db, Object.keys(body.translations ?? {}));
      await audited(app.db, { adminId, action: 'page.update', subject: { type: 'page', id } }, async (tx) => {
        const [page] = await tx.select().from(staticPages).where(eq(staticPages.id, id));
        if (!page) throw AppError.notFound();
        const beforeTexts = await tx
          .select()
          .from(staticPageTranslations)
          .where(eq(staticPageTranslations.pageId, id));
        if (body.published !== undefined || body.position !== undefined) {
          await tx
            .update(staticPages)
            .set({
              ...(body.published !== undefined ? { isPublished: body.published } : {}),
              ...(body.position !== undefined ? { position: body.position } : {}),
            })
            .where(eq(staticPages.id, id));
        }
        for (const [locale, text] of Object.entries(body.translations ?? {})) {
          await tx
            .insert(staticPageTranslations)
            .values({ pageId: id, locale, title: text.title, body: text.body })
            .onConflictDoUpdate({
              target: [staticPageTranslations.pageId, staticPageTranslations.locale],
              set: { title: text.title, body: text.body },
            });
        }
        forgetContentCache(tx);
        return {
          result: null,
          before: { published: page.isPublished, position: page.position, texts: beforeTexts },
          after: { ...body },
        };
      });
      return pagesAnswer();
    },
  );

  /* Social links */

  const linksAnswer = async () => ({
    status: 'OK' as const,
    payload: (
      await app.db.select().from(socialLinks).orderBy(asc(socialLinks.position), asc(socialLinks.id))
    ).map((row) => ({ id: row.id, url: row.url, position: row.position })),
  });

  app.get(
    '/admin/social-links',
    {
      schema: {
        summary: 'The footer’s social links',
        response: { 200: adminSocialLinksResponse, ...errorResponses },
      },
    },
    linksAnswer,
  );

  app.post(
    '/admin/social-links',
    {
      schema: {
        summary: 'Add a social link (https only)',
        body: adminSocialLinkInput,
        response: { 200: adminSocialLinksResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      await audited(
        app.db,
        { adminId, action: 'social_link.create', subject: { type: 'social_link', id: '' } },
        async (tx) => {
          const [row] = await tx.insert(socialLinks).values(request.body).returning();
          forgetContentCache(tx);
          return { result: null, subjectId: row?.id, before: null, after: row ?? null };
        },
      );
      return linksAnswer();
    },
  );

  app.put(
    '/admin/social-links/:id',
    {
      schema: {
        summary: 'Change a social link',
        params: adminIdParams,
        body: adminSocialLinkInput,
        response: { 200: adminSocialLinksResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'social_link.update', subject: { type: 'social_link', id } },
        async (tx) => {
          const [before] = await tx.select().from(socialLinks).where(eq(socialLinks.id, id));
          if (!before) throw AppError.notFound();
          const [after] = await tx
            .update(socialLinks)
            .set(request.body)
            .where(eq(socialLinks.id, id))
            .returning();
          forgetContentCache(tx);
          return { result: null, before, after: after ?? null };
        },
      );
      return linksAnswer();
    },
  );

  app.delete(
    '/admin/social-links/:id',
    {
      schema: {
        summary: 'Remove a social link',
        params: adminIdParams,
        response: { 200: adminSocialLinksResponse, ...errorResponses },
      },
    },
    async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'social_link.delete', subject: { type: 'social_link', id } },
        async (tx) => {
          const [removed] = await tx.delete(socialLinks).where(eq(socialLinks.id, id)).returning();
          if (!removed) throw AppError.notFound();
          forgetContentCache(tx);
          return { result: null, before: removed, after: null };
        },
      );
      return linksAnswer();
    },
  );

  /* Newsletter and contact messages */

  function subscriberFilter(search: string | undefined): SQL | undefined {
    return search ? ilike(newsletterSubscriptions.email, `%${escapeLike(search)}%`) : undefined;
  }

  app.get(
    '/admin/newsletter',
    {
      schema: {
        summary: 'The newsletter’s subscribers, newest first',
        querystring: adminContentListQuery,
        response: { 200: adminSubscribersResponse, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const where = subscriberFilter(query.search);
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(newsletterSubscriptions)
          .where(where)
          .orderBy(desc(newsletterSubscriptions.createdAt))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        app.db.select({ total: sql<number>`count(*)::int` }).from(newsletterSubscriptions).where(where),
      ]);
      const data = rows.map((row) => ({
        id: row.id,
        email: row.email,
        locale: row.locale,
        created_at: row.createdAt.toISOString(),
      }));
      return listAnswer(data, count?.total ?? 0, query);
    },
  );

  app.get(
    '/admin/newsletter/export',
    {
      schema: {
        summary: 'Every subscriber as CSV (e-mail, language, date)',
        response: { 200: z.any().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const adminId = signedInUser(request).id;
      const rows = await audited(
        app.db,
        { adminId, action: 'newsletter.export', subject: { type: 'newsletter', id: 'all' } },
        async (tx) => {
          const all = await tx
            .select()
            .from(newsletterSubscriptions)
            .orderBy(asc(newsletterSubscriptions.createdAt));
          return { result: all, before: null, after: { rows: all.length } };
        },
      );
      const lines = [
        ['email', 'language', 'subscribed_at'].join(','),
        ...rows.map((row) =>
          [csvCell(row.email), csvCell(row.locale), csvCell(row.createdAt.toISOString())].join(','),
        ),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      schema: {
        summary: 'The contact form’s messages, newest first; search by e-mail, name or text',
        querystring: adminContentListQuery,
        response: { 200: adminContactMessagesResponse, ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
      const where = pattern
        ? or(
            ilike(contactMessages.email, pattern),
            ilike(sql`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}`, pattern),
            ilike(contactMessages.message, pattern),
          )
        : undefined;
      const [rows, [count]] = await Promise.all([
        app.db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        app.db.select({ total: sql<number>`count(*)::int` }).from(contactMessages).where(where),
      ]);
      const data = rows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        email: row.email,
        phone: row.phone,
        address: `${row.address}, ${row.postCode} ${row.city}`,
        country: row.countryIso,
        message: row.message,
        locale: row.locale,
        created_at: row.createdAt.toISOString(),
      }));
      return listAnswer(data, count?.total ?? 0, query);
    },
  );
}
