import {
  accountDeletionRefusal,
  accountEndpoints,
  errorResponses,
  okResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOf } from '../../plugins/schemas';
import { createSession, destroySession, limitSignIns, rotateSession } from '../session/session.service';
import { enforceLimit, limitAddress } from '../throttle/throttle.service';
import { requireUser, signedInUser } from './accounts.plugin';
import {
  type AccountContext,
  authenticate,
  changePassword,
  deleteAccount,
  profileOf,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  type User,
  updateProfile,
  verifyEmail,
} from './accounts.service';

export async function accountRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { idleMinutes } = app.config.session;

  async function context(request: FastifyRequest): Promise<AccountContext> {
    return {
      db: app.db,
      appKey: app.config.appKey ?? '',
      appUrl: app.config.appUrl,
      locale: await request.locale(),
    };
  }

  /** A new session id for the signed-in user: a planted id never becomes an authenticated one. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: User) {
    await limitSignIns(app.db, user.id);
    reply.issueSession(
      await rotateSession(
        app.db,
        await request.session(),
        idleMinutes,
        user.id,
        request.headers['user-agent'] ?? null,
      ),
    );
    return { status: 'OK' as const, payload: await profileOf(app.db, user) };
  }

  app.route({
    ...routeOf(accountEndpoints.register),
    handler: async (request, reply) => {
      await enforceLimit(app.db, `register:ip:${limitAddress(request.ip)}`, {
        max: 10,
        windowSeconds: 60 * 60,
      });
      const user = await register(await context(request), request.body);
      return signIn(request, reply, user);
    },
  });

  app.route({
    ...routeOf(accountEndpoints.login),
    handler: async (request, reply) => {
      const user = await authenticate(app.db, request.body, request.ip, app.config.appKey ?? '');
      return signIn(request, reply, user);
    },
  });

  app.route({
    ...routeOf(accountEndpoints.logout),
    handler: async (request, reply) => {
      const session = await request.session();
      if (session) await destroySession(app.db, session);
      // A fresh anonymous session keeps the XSRF handshake valid for what the page does next.
      reply.issueSession(await createSession(app.db, idleMinutes));
      return { status: 'OK' as const };
    },
  });

  app.route({
    ...routeOf(accountEndpoints.isAuth),
    handler: async (request) => ({ authenticated: (await request.user()) !== null }),
  });

  app.route({
    ...routeOf(accountEndpoints.verifyEmail),
    handler: async (request) => {
      const result = await verifyEmail(await context(request), { ...request.params, ...request.query });
      return { status: 'OK' as const, payload: { result } };
    },
  });

  app.route({
    ...routeOf(accountEndpoints.forgotPassword),
    handler: async (request) => {
      await requestPasswordReset(await context(request), request.body.email, request.ip);
      return {
        status: 'OK' as const,
        message: 'If an account exists for this e-mail address, a link to reset the password is on its way.',
      };
    },
  });

  app.route({
    ...routeOf(accountEndpoints.resetPassword),
    handler: async (request) => {
      await resetPassword(app.db, request.body, request.ip);
      return { status: 'OK' as const };
    },
  });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser());

    signedIn.route({
      ...routeOf(accountEndpoints.profile),
      handler: async (request) => ({
        status: 'OK' as const,
        payload: await profileOf(app.db, signedInUser(request)),
      }),
    });

    signedIn.route({
      ...routeOf(accountEndpoints.updateProfile),
      handler: async (request) => {
        const updated = await updateProfile(await context(request), signedInUser(request), request.body);
        return { status: 'OK' as const, payload: await profileOf(app.db, updated) };
      },
    });

    signedIn.route({
      ...routeOf(accountEndpoints.changePassword),
      handler: async (request) => {
        const session = await request.session();
        await changePassword(app.db, signedInUser(request), request.body, session?.idHash ?? '');
        return { status: 'OK' as const };
      },
    });

    signedIn.route({
      // A refusal carries what is owed (the balance, the payouts) beside its message.
      ...routeOf(accountEndpoints.deleteAccount, {
        200: okResponse,
        409: accountDeletionRefusal,
        ...errorResponses,
      }),
      handler: async (request, reply) => {
        await deleteAccount(await context(request), signedInUser(request), request.body, {
          storage: app.storage,
          log: request.log,
        });
        reply.issueSession(await createSession(app.db, idleMinutes));
        return { status: 'OK' as const };
      },
    });

    signedIn.route({
      ...routeOf(accountEndpoints.resendVerification),
      handler: async (request) => {
        const result = await resendVerification(await context(request), signedInUser(request));
        return {
          status: 'OK' as const,
          message:
            result === 'sent'
              ? 'A new verification link has been sent.'
              : 'Your e-mail address is already verified.',
        };
      },
    });
  });
}
