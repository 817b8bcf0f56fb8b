import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import {
  checkCodeToTurnOff,
  checkCodeToTurnOn,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOnTwoFactor,
  twoFactorOn,
} from '../accounts/two-factor';
import { audited } from './admin.audit';

/**
 * Two-factor sign-in for the admin's own account: a key shown once as a QR code, turned on by a
 * code from the app, turned off with the password and a code. Registered inside the admin scope,
 * so only admins reach it.
 */
export async function adminTwoFactorRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const appKey = app.config.appKey ?? '';

  app.route({
    ...routeOf(adminEndpoints.twoFactor.get),
    handler: async (request) => ({
      status: 'OK' as const,
      payload: { enabled: twoFactorOn(signedInUser(request)) },
    }),
  });

  app.route({
    ...routeOf(adminEndpoints.twoFactor.setup),
    handler: async (request, reply) => {
      const { secret, uri } = await startTwoFactorSetup(app.db, appKey, signedInUser(request));
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      reply.header('cache-control', 'no-store');
      return {
        status: 'OK' as const,
        payload: { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` },
      };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.twoFactor.enable),
    handler: async (request) => {
      const admin = signedInUser(request);
      await checkCodeToTurnOn(app.db, appKey, admin, request.body.code);
      const session = await request.session();
      await audited(
        app.db,
        { adminId: admin.id, action: 'two_factor.enable', subject: { type: 'user', id: admin.id } },
        async (tx) => {
          await turnOnTwoFactor(tx, admin.id, session?.idHash ?? '');
          return { result: null, before: { two_factor: false }, after: { two_factor: true } };
        },
      );
      return { status: 'OK' as const, message: 'Two-factor sign-in is on' };
    },
  });

  app.route({
    ...routeOf(adminEndpoints.twoFactor.disable),
    handler: async (request) => {
      const admin = signedInUser(request);
      await checkCodeToTurnOff(app.db, appKey, admin, request.body);
      await audited(
        app.db,
        { adminId: admin.id, action: 'two_factor.disable', subject: { type: 'user', id: admin.id } },
        async (tx) => {
          await turnOffTwoFactor(tx, admin.id);
          return { result: null, before: { two_factor: true }, after: { two_factor: false } };
        },
      );
      return { status: 'OK' as const, message: 'Two-factor sign-in is off' };
    },
  });
}
