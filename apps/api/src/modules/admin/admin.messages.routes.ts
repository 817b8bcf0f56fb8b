import { isValidationKey, validationText } from '@promptmarket/contracts';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import { adminMessageEndpoints } from '@promptmarket/contracts/admin-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import { audited } from '../audit/audit.service';
import {
  contactMessageForReview,
  contactMessageSnapshot,
  contactMessagesForReview,
  hideContactMessage,
  replyToContactMessage,
  setContactMessageHandled,
} from '../content/contact-messages.admin';
import { oncePerKey } from './admin.idempotency';
import { listAnswer } from './admin.lists';

/**
 * The contact form's messages in the back office: the list (open or handled, searched), a reply
 * mailed from the shop and kept in the thread, the handled state, and hiding several at once.
 * Every change is audited with the message's state, never its text.
 */
export async function adminMessagesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.contactMessages.list),
    handler: async (request) => {
      const { data, total } = await contactMessagesForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminMessageEndpoints.reply),
    handler: async (request) =>
      oncePerKey(app.db, request, async () => {
        const messageId = request.params.id;
        const adminId = signedInUser(request).id;
        await audited(
          app.db,
          { adminId, action: 'contact_message.reply', subject: { type: 'contact_message', id: messageId } },
          async (tx) => {
            const before = await contactMessageSnapshot(tx, messageId);
            await replyToContactMessage(tx, { messageId, adminId, body: request.body.body });
            return { result: null, before, after: await contactMessageSnapshot(tx, messageId) };
          },
        );
        return {
          status: 'OK' as const,
          message: 'Reply sent',
          payload: await contactMessageForReview(app.db, messageId),
        };
      }),
  });

  app.route({
    ...routeOf(adminMessageEndpoints.handled),
    handler: async (request) => {
      const messageId = request.params.id;
      const adminId = signedInUser(request).id;
      await audited(
        app.db,
        {
          adminId,
          action: request.body.handled ? 'contact_message.handled' : 'contact_message.reopened',
          subject: { type: 'contact_message', id: messageId },
        },
        async (tx) => {
          const before = await contactMessageSnapshot(tx, messageId);
          await setContactMessageHandled(tx, { messageId, adminId, handled: request.body.handled });
          return { result: null, before, after: await contactMessageSnapshot(tx, messageId) };
        },
      );
      return {
        status: 'OK' as const,
        message: request.body.handled ? 'Message handled' : 'Message open',
        payload: await contactMessageForReview(app.db, messageId),
      };
    },
  });

  app.route({
    ...routeOf(adminMessageEndpoints.hide),
    handler: async (request) =>
      oncePerKey(app.db, request, async () => {
        const adminId = signedInUser(request).id;
        const locale = await request.locale();
        const done: string[] = [];
        const failed: { id: string; code: string; message: string }[] = [];
        for (const messageId of [...new Set(request.body.ids)]) {
          try {
            await audited(
              app.db,
              {
                adminId,
                action: 'contact_message.hide',
                subject: { type: 'contact_message', id: messageId },
              },
              async (tx) => {
                const before = await contactMessageSnapshot(tx, messageId);
                await hideContactMessage(tx, { messageId, adminId });
                return { result: null, before, after: await contactMessageSnapshot(tx, messageId) };
              },
            );
            done.push(messageId);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const key = error.message;
            failed.push({
              id: messageId,
              code: error.code,
              message: isValidationKey(key) ? validationText(key, locale, error.params) : key,
            });
          }
        }
        return {
          status: 'OK' as const,
          message:
            failed.length === 0
              ? 'Messages hidden'
              : `${failed.length} of ${done.length + failed.length} failed`,
          payload: { done, failed },
        };
      }),
  });
}
