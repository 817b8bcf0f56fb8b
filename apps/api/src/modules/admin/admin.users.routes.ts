import { randomUUID } from 'node:crypto';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { accountForReview, accountsForReview, setAccountBlocked } from '../accounts/accounts.admin';
import { signedInUser } from '../accounts/accounts.plugin';
import { profileOf } from '../accounts/accounts.service';
import { audited } from '../audit/audit.service';
import { recentDepositsOf } from '../deposits/deposits.admin';
import { recentOrdersOf } from '../orders/orders.admin';
import { walletEntriesOf } from '../wallet/wallet.admin';
import { adjustBalance, walletBalance } from '../wallet/wallet.service';
import { listAnswer } from './admin.lists';

/** Accounts: search, one account's money, block or unblock, and balance corrections with a reason. */
export async function adminUsersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.users.list),
    handler: async (request) => {
      const { data, total } = await accountsForReview(app.db, request.query);
      return listAnswer(data, total, request.query);
    },
  });

  app.route({
    ...routeOf(adminEndpoints.users.get),
    handler: async (request) => {
      const user = await accountForReview(app.db, request.params.id);
      const [profile, orders, deposits, ledger] = await Promise.all([
        profileOf(app.db, user),
        recentOrdersOf(app.db, { userId: user.id, limit: 50 }),
        recentDepositsOf(app.db, { userId: user.id, limit: 50 }),
        walletEntriesOf(app.db, { userId: user.id, limit: 100 }),
      ]);
      return {
        status: 'OK' as const,
        payload: { profile: { ...profile, blocked: user.blockedAt !== null }, orders, deposits, ledger },
      };
    },
  });

  for (const action of ['block', 'unblock'] as const) {
    app.route({
      ...routeOf(adminEndpoints.users[action]),
      handler: async (request) => {
        const admin = signedInUser(request);
        await audited(
          app.db,
          { adminId: admin.id, action: `user.${action}`, subject: { type: 'user', id: request.params.id } },
          async (tx) => ({
            result: null,
            ...(await setAccountBlocked(tx, admin, {
              userId: request.params.id,
              blocked: action === 'block',
            })),
          }),
        );
        return {
          status: 'OK' as const,
          message: action === 'block' ? 'Account blocked' : 'Account unblocked',
        };
      },
    });
  }

  app.route({
    ...routeOf(adminEndpoints.users.adjust),
    handler: async (request) => {
      const admin = signedInUser(request);
      // The key is the admin's own: another admin's key never answers this adjustment.
      const key = `adjustment:${admin.id}:${request.headers['idempotency-key'] ?? randomUUID()}`;
      await audited(
        app.db,
        { adminId: admin.id, action: 'user.adjust', subject: { type: 'user', id: request.params.id } },
        async (tx) => {
          const user = await accountForReview(tx, request.params.id);
          const before = await walletBalance(tx, user.id);
          const moved = await adjustBalance(tx, {
            userId: user.id,
            amount: request.body.amount,
            key,
            reason: request.body.reason,
            adminId: admin.id,
          });
          const after = await walletBalance(tx, user.id);
          return {
            result: null,
            before: { balance: before },
            after: { balance: after, reason: request.body.reason },
            repeated: moved.replayed,
          };
        },
      );
      return { status: 'OK' as const, message: 'Balance adjusted' };
    },
  });
}
