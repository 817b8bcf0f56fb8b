import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../accounts/accounts.plugin';
import { adminAuditRoutes } from './admin.audit.routes';
import { adminCatalogueRoutes } from './admin.catalogue.routes';
import { adminContentRoutes } from './admin.content.routes';
import { adminCustomersRoutes } from './admin.customers.routes';
import { adminDepositsRoutes } from './admin.deposits.routes';
import { adminExportsRoutes } from './admin.exports.routes';
import { adminOffersRoutes } from './admin.offers.routes';
import { adminOrdersRoutes } from './admin.orders.routes';
import { adminPayoutsRoutes } from './admin.payouts.routes';
import { adminRefundsRoutes } from './admin.refunds.routes';
import { adminReportsRoutes } from './admin.reports.routes';
import { adminReviewsRoutes } from './admin.reviews.routes';
import { adminStatsRoutes } from './admin.stats.routes';
import { adminTwoFactorRoutes } from './admin.two-factor.routes';
import { adminUsersRoutes } from './admin.users.routes';
import { adminVerificationsRoutes } from './admin.verifications.routes';

/**
 * The back office (issue: the back office): the dashboard, offers waiting for a price, identity
 * documents waiting for review, payouts waiting to be paid, accounts, deposits, the audit log, the
 * catalogue and the site's content. Admins only; every action is audited in its own transaction.
 * Each queue reads and writes through the module that owns its data.
 */

/** Every admin route as declared (method and path), for the access test that covers them all. */
export const adminRouteTable = new Map<string, { method: string; url: string }>();

export async function adminRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      adminRouteTable.set(`${method} ${route.url}`, { method, url: route.url });
    }
  });
  // Every back-office call needs the admin's two-factor sign-in on, but its own setup.
  app.addHook('preValidation', requireRole('admin', { twoFactor: true }));
  await app.register(async (setup) => {
    setup.addHook('onRoute', (route) => {
      route.config = { ...route.config, twoFactorSetup: true };
    });
    await setup.register(adminTwoFactorRoutes);
  });
  await app.register(adminCatalogueRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminOffersRoutes);
  await app.register(adminVerificationsRoutes);
  await app.register(adminPayoutsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminDepositsRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminRefundsRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminReportsRoutes);
  await app.register(adminExportsRoutes);
  await app.register(adminReviewsRoutes);
}
