import { errorResponses } from '@promptmarket/contracts';
import { adminIdParams } from '@promptmarket/contracts/admin';
import {
  adminContactMessagesResponse,
  adminContentListQuery,
  adminCurrenciesResponse,
  adminCurrencyParams,
  adminCurrencyUpdate,
  adminLanguageParams,
  adminLanguagesResponse,
  adminLanguageUpdate,
  adminNewsletterExportResponse,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../accounts/accounts.plugin';
import {
  allSubscribers,
  contactMessagesForReview,
  createSocialLink,
  deleteSocialLink,
  socialLinksForEditor,
  staticPagesForEditor,
  subscribersForReview,
  updateSocialLink,
  updateStaticPage,
} from '../content/content.admin';
import {
  currenciesForEditor,
  deleteWord,
  languagesForEditor,
  settingsForEditor,
  setWord,
  updateCurrency,
  updateLanguage,
  updateSettings,
  wordsForEditor,
} from '../site/site.admin';
import { audited } from './admin.audit';
import { listAnswer } from './admin.lists';

/**
 * The site's content in the back office: settings, currencies, languages, the words that
 * override built-in texts, static pages, social links, the newsletter's subscribers (with a CSV
 * export) and the contact form's messages. Every change is audited and clears the shop's caches
 * once committed, in every process.
 */
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
      await audited(
        app.db,
        { adminId, action: 'settings.update', subject: { type: 'settings', id: 'site' } },
        async (tx) => {
          const before = await settingsForEditor(tx);
          await updateSettings(tx, request.body);
          return { result: null, before, after: await settingsForEditor(tx) };
        },
      );
      return { status: 'OK' as const, payload: await settingsForEditor(app.db) };
    },
  );

  /* Currencies */

  const currenciesAnswer = async () => ({
    status: 'OK' as const,
    payload: await currenciesForEditor(app.db),
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
      await audited(
        app.db,
        { adminId, action: 'currency.update', subject: { type: 'currency', id: code } },
        async (tx) => ({ result: null, ...(await updateCurrency(tx, { code, change: request.body })) }),
      );
      return currenciesAnswer();
    },
  );

  /* Languages and words */

  const languagesAnswer = async () => ({ status: 'OK' as const, payload: await languagesForEditor(app.db) });

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
      await audited(
        app.db,
        { adminId, action: 'language.update', subject: { type: 'language', id: code } },
        async (tx) => ({ result: null, ...(await updateLanguage(tx, { code, change: request.body })) }),
      );
      return languagesAnswer();
    },
  );

  const wordsAnswer = async (locale: string) => ({
    status: 'OK' as const,
    payload: await wordsForEditor(app.db, locale),
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
      await audited(
        app.db,
        { adminId, action: 'word.update', subject: { type: 'word', id: `${locale}:${key}` } },
        async (tx) => ({ result: null, ...(await setWord(tx, { locale, key, value })) }),
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
        async (tx) => ({ result: null, ...(await deleteWord(tx, { locale, key })) }),
      );
      return wordsAnswer(locale);
    },
  );

  /* Static pages */

  const pagesAnswer = async () => ({ status: 'OK' as const, payload: await staticPagesForEditor(app.db) });

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
      await audited(
        app.db,
        { adminId, action: 'page.update', subject: { type: 'page', id } },
        async (tx) => ({
          result: null,
          ...(await updateStaticPage(tx, { pageId: id, change: request.body })),
        }),
      );
      return pagesAnswer();
    },
  );

  /* Social links */

  const linksAnswer = async () => ({ status: 'OK' as const, payload: await socialLinksForEditor(app.db) });

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
          const row = await createSocialLink(tx, request.body);
          return { result: null, subjectId: row?.id, before: null, after: row };
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
        async (tx) => ({
          result: null,
          ...(await updateSocialLink(tx, { linkId: id, change: request.body })),
        }),
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
        async (tx) => ({ result: null, before: await deleteSocialLink(tx, id), after: null }),
      );
      return linksAnswer();
    },
  );

  /* Newsletter and contact messages */

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
      const { data, total } = await subscribersForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );

  app.get(
    '/admin/newsletter/export',
    {
      schema: {
        summary: 'Every subscriber as CSV (e-mail, language, date)',
        response: { 200: adminNewsletterExportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const adminId = signedInUser(request).id;
      const rows = await audited(
        app.db,
        { adminId, action: 'newsletter.export', subject: { type: 'newsletter', id: 'all' } },
        async (tx) => {
          const all = await allSubscribers(tx);
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
      const { data, total } = await contactMessagesForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  );
}
