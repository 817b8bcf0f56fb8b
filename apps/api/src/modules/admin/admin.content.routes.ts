import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import { csvCell } from '@promptmarket/contracts/admin-content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPrivate } from '../../lib/private-file';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import {
  allSubscribers,
  createSocialLink,
  deleteSocialLink,
  socialLinksForEditor,
  staticPagesForEditor,
  subscribersForReview,
  updateSocialLink,
  updateStaticPage,
} from '../content/content.admin';
import {
  createCurrency,
  createLanguage,
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
import { listAnswer } from './admin.lists';
import { adminMessagesRoutes } from './admin.messages.routes';

/**
 * The site's content in the back office: settings, currencies, languages, the words that
 * override built-in texts, static pages, social links, the newsletter's subscribers (with a CSV
 * export) and the contact form's messages. Every change is audited and clears the shop's caches
 * once committed, in every process.
 */
export async function adminContentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /* Settings */

  app.route({
    ...routeOf(adminEndpoints.settings.get),
    handler: async () => ({
      status: 'OK' as const,
      payload: { ...(await settingsForEditor(app.db)), image_engine: app.config.images.engine },
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.settings.update),
    handler: async (request) => {
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
      return {
        status: 'OK' as const,
        payload: { ...(await settingsForEditor(app.db)), image_engine: app.config.images.engine },
      };
    },
  });

  /* Currencies */

  const currenciesAnswer = async () => ({
    status: 'OK' as const,
    payload: await currenciesForEditor(app.db),
  });

  app.route({
    ...routeOf(adminEndpoints.currencies.list),
    handler: currenciesAnswer,
  });

  app.route({
    ...routeOf(adminEndpoints.currencies.create),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      await audited(
        app.db,
        { adminId, action: 'currency.create', subject: { type: 'currency', id: request.body.code } },
        async (tx) => ({ result: null, before: null, after: await createCurrency(tx, request.body) }),
      );
      return currenciesAnswer();
    },
  });

  app.route({
    ...routeOf(adminEndpoints.currencies.update),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const { code } = request.params;
      await audited(
        app.db,
        { adminId, action: 'currency.update', subject: { type: 'currency', id: code } },
        async (tx) => ({ result: null, ...(await updateCurrency(tx, { code, change: request.body })) }),
      );
      return currenciesAnswer();
    },
  });

  /* Languages and words */

  const languagesAnswer = async () => ({ status: 'OK' as const, payload: await languagesForEditor(app.db) });

  app.route({
    ...routeOf(adminEndpoints.languages.list),
    handler: languagesAnswer,
  });

  app.route({
    ...routeOf(adminEndpoints.languages.create),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      await audited(
        app.db,
        { adminId, action: 'language.create', subject: { type: 'language', id: request.body.code } },
        async (tx) => ({ result: null, before: null, after: await createLanguage(tx, request.body) }),
      );
      return languagesAnswer();
    },
  });

  app.route({
    ...routeOf(adminEndpoints.languages.update),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const { code } = request.params;
      await audited(
        app.db,
        { adminId, action: 'language.update', subject: { type: 'language', id: code } },
        async (tx) => ({ result: null, ...(await updateLanguage(tx, { code, change: request.body })) }),
      );
      return languagesAnswer();
    },
  });

  const wordsAnswer = async (locale: string) => ({
    status: 'OK' as const,
    payload: await wordsForEditor(app.db, locale),
  });

  app.route({
    ...routeOf(adminEndpoints.words.get),
    handler: async (request) => wordsAnswer(request.params.locale),
  });

  app.route({
    ...routeOf(adminEndpoints.words.update),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(adminEndpoints.words.delete),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const { locale, key } = request.params;
      await audited(
        app.db,
        { adminId, action: 'word.delete', subject: { type: 'word', id: `${locale}:${key}` } },
        async (tx) => ({ result: null, ...(await deleteWord(tx, { locale, key })) }),
      );
      return wordsAnswer(locale);
    },
  });

  /* Static pages */

  const pagesAnswer = async () => ({ status: 'OK' as const, payload: await staticPagesForEditor(app.db) });

  app.route({
    ...routeOf(adminEndpoints.pages.list),
    handler: pagesAnswer,
  });

  app.route({
    ...routeOf(adminEndpoints.pages.update),
    handler: async (request) => {
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
  });

  /* Social links */

  const linksAnswer = async () => ({ status: 'OK' as const, payload: await socialLinksForEditor(app.db) });

  app.route({
    ...routeOf(adminEndpoints.socialLinks.list),
    handler: linksAnswer,
  });

  app.route({
    ...routeOf(adminEndpoints.socialLinks.create),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(adminEndpoints.socialLinks.update),
    handler: async (request) => {
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
  });

  app.route({
    ...routeOf(adminEndpoints.socialLinks.delete),
    handler: async (request) => {
      const adminId = signedInUser(request).id;
      const id = request.params.id;
      await audited(
        app.db,
        { adminId, action: 'social_link.delete', subject: { type: 'social_link', id } },
        async (tx) => ({ result: null, before: await deleteSocialLink(tx, id), after: null }),
      );
      return linksAnswer();
    },
  });

  /* Newsletter and contact messages */

  app.route({
    ...routeOf(adminEndpoints.newsletter.list),
    handler: async (request) => {
      const { data, total } = await subscribersForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.newsletter.export),
    handler: async (request, reply) => {
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
      return sendPrivate(reply, {
        body: `${lines.join('\r\n')}\r\n`,
        contentType: 'text/csv; charset=utf-8',
        filename: 'newsletter-subscribers.csv',
      });
    },
  });

  // The contact form's messages: listed, answered, handled and hidden (admin.messages.routes.ts).
  await app.register(adminMessagesRoutes);
}
