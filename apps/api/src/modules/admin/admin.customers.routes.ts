import { adminCustomerEndpoints } from '@promptmarket/contracts/admin-orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { accountForReview } from '../accounts/accounts.admin';
import { signedInUser } from '../accounts/accounts.plugin';
import { walletStatement } from '../wallet/wallet.back-office';
import { customerForReview, resendVerificationOf, resetTwoFactorOfAdmin } from './admin.customers';
import { listAnswer } from './admin.lists';

/**
 * The customer page: everything the shop holds of one account, its wallet statement, and the
 * operator's actions on it that are not money (blocking and balance corrections live with the
 * accounts' routes); each action audited.
 */
export async function adminCustomersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminCustomerEndpoints.get),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: await customerForReview(app.db, request.params.id),
    }),
  });

  app.route({
    ...routeOf(adminCustomerEndpoints.statement),
    handler: async (request) => {
      const user = await accountForReview(app.db, request.params.id);
      const { data, total } = await walletStatement(app.db, {
        userId: user.id,
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminCustomerEndpoints.resetTwoFactor),
    handler: async (request) => {
      await resetTwoFactorOfAdmin(app.db, signedInUser(request), request.params.id);
      return { status: 'OK' as const, message: 'Two-factor sign-in turned off' };
    },
  });

  app.route({
    ...routeOf(adminCustomerEndpoints.resendVerification),
    handler: async (request) => {
      const sent = await resendVerificationOf(
        { db: app.db, appKey: app.config.appKey ?? '', appUrl: app.config.appUrl },
        signedInUser(request),
        request.params.id,
      );
      return {
        status: 'OK' as const,
        message: sent ? 'Verification mail sent' : 'The e-mail address is verified already',
      };
    },
  });
}
