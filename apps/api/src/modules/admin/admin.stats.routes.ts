import type { AdminStatsPeriod } from '@promptmarket/contracts/admin';
import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { newAccountsSince } from '../accounts/accounts.admin';
import { paidDepositsSince } from '../deposits/deposits.admin';
import { finishedGenerationsSince } from '../generation/generation.admin';
import { offerQueues } from '../offers/offers.admin';
import { salesSince } from '../orders/orders.admin';
import { pendingVerifications } from '../verification/verification.admin';
import { lastLedgerCheck } from '../wallet/wallet.check';

/** The back office's dashboard: today's and this month's figures, the queues waiting, the ledger's health. */
export async function adminStatsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(adminEndpoints.stats.get),
    handler: async () => {
      const figures = async (period: AdminStatsPeriod) => {
        const [sales, deposits, generations, newUsers] = await Promise.all([
          salesSince(app.db, period),
          paidDepositsSince(app.db, period),
          finishedGenerationsSince(app.db, period),
          newAccountsSince(app.db, period),
        ]);
        return { sales, deposits, generations, new_users: newUsers };
      };
      const [today, month, queues, verifications, ledgerCheck] = await Promise.all([
        figures('day'),
        figures('month'),
        offerQueues(app.db),
        pendingVerifications(app.db),
        lastLedgerCheck(app.db),
      ]);
      return {
        status: 'OK' as const,
        payload: {
          today,
          month,
          queues: { offers: queues.offers, verifications, payouts: queues.payouts },
          ledger_check: ledgerCheck && {
            checked_at: ledgerCheck.checkedAt.toISOString(),
            problems: ledgerCheck.problems,
          },
        },
      };
    },
  });
}
