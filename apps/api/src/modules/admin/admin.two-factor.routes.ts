import { adminEndpoints } from '@promptmarket/contracts/admin.endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { routeOf } from '../../plugins/schemas';
import { signedInUser } from '../accounts/accounts.plugin';
import {
  checkCodeToTurnOff,
  checkCodeToTurnOn,
  newRecoveryCodes,
  recoveryCodesLeft,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOnTwoFactor,
  twoFactorOn,
} from '../accounts/two-factor';
import { audited } from '../audit/audit.service';

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
    handler: async (request) => {
      const admin = signedInUser(request);
      const enabled = twoFactorOn(admin);
      return {
        status: 'OK' as const,
        payload: { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(app.db, admin.id) : 0 },
      };
    },
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
    handler: async (request, reply) => {
      const admin = signedInUser(request);
      await checkCodeToTurnOn(app.db, appKey, admin, request.body.code);
      const session = await request.session();
      const codes = await audited(
        app.db,
        { adminId: admin.id, action: 'two_factor.enable', subject: { type: 'user', id: admin.id } },
        async (tx) => {
          await turnOnTwoFactor(tx, admin.id, session?.idHash ?? '');
          const made = await newRecoveryCodes(tx, appKey, admin.id);
          return {
            result: made,
            before: { two_factor: false },
            after: { two_factor: true, recovery_codes: made.length },
          };
        },
      );
      reply.header('cache-control', 'no-store');
      return {
        status: 'OK' as const,
        message: 'Two-factor sign-in is on',
        payload: { recovery_codes: codes },
      };
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

  app.route({
    ...routeOf(adminEndpoints.twoFactor.recoveryCodes),
    handler: async (request, reply) => {
      const admin = signedInUser(request);
      // The same proof as turning it off: the password and a code (a recovery code will do).
      await checkCodeToTurnOff(app.db, appKey, admin, request.body);
      const left = await recoveryCodesLeft(app.db, admin.id);
      const codes = await audited(
        app.db,
        { adminId: admin.id, action: 'two_factor.recovery_codes', subject: { type: 'user', id: admin.id } },
        async (tx) => {
          const made = await newRecoveryCodes(tx, appKey, admin.id);
          return {
            result: made,
            before: { recovery_codes_left: left },
            after: { recovery_codes_left: made.length },
          };
        },
      );
      reply.header('cache-control', 'no-store');
      return {
        status: 'OK' as const,
        message: 'New recovery codes made',
        payload: { recovery_codes: codes },
      };
    },
  });
}
