import {
  changePasswordRequest,
  deleteAccountRequest,
  emailVerificationParams,
  emailVerificationQuery,
  emailVerificationResponse,
  errorResponses,
  forgotPasswordRequest,
  isAuthResponse,
  loginRequest,
  okResponse,
  profileResponse,
  profileUpdateRequest,
  registerRequest,
  resetPasswordRequest,
} from '@promptmarket/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSession, destroySession, rotateSession } from '../session/session.service';
import { enforceLimit } from '../throttle/throttle.service';
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

const profileAnswers = { 200: profileResponse, ...errorResponses };
const okAnswers = { 200: okResponse, ...errorResponses };

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
    reply.issueSession(await rotateSession(app.db, await request.session(), idleMinutes, user.id));
    return { status: 'OK' as const, payload: await profileOf(app.db, user) };
  }

  app.post(
    '/register',
    { schema: { summary: 'Create an account and sign in', body: registerRequest, response: profileAnswers } },
    async (request, reply) => {
      await enforceLimit(app.db, `register:ip:${request.ip}`, { max: 10, windowSeconds: 60 * 60 });
      const user = await register(await context(request), request.body);
      return signIn(request, reply, user);
    },
  );

  app.post(
    '/login',
    { schema: { summary: 'Sign in', body: loginRequest, response: profileAnswers } },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body, request.ip, app.config.appKey ?? '');
      return signIn(request, reply, user);
    },
  );

  app.post('/logout', { schema: { summary: 'Sign out', response: okAnswers } }, async (request, reply) => {
    const session = await request.session();
    if (session) await destroySession(app.db, session);
    // A fresh anonymous session keeps the XSRF handshake valid for what the page does next.
    reply.issueSession(await createSession(app.db, idleMinutes));
    return { status: 'OK' as const };
  });

  app.get(
    '/is-auth',
    {
      schema: {
        summary: 'Whether the session is signed in',
        response: { 200: isAuthResponse, ...errorResponses },
      },
    },
    async (request) => ({ authenticated: (await request.user()) !== null }),
  );

  app.get(
    '/email/verify/:id/:hash',
    {
      schema: {
        summary: 'Confirm an e-mail address from the signed link',
        params: emailVerificationParams,
        querystring: emailVerificationQuery,
        response: { 200: emailVerificationResponse, ...errorResponses },
      },
    },
    async (request) => {
      const result = await verifyEmail(await context(request), { ...request.params, ...request.query });
      return { status: 'OK' as const, payload: { result } };
    },
  );

  app.post(
    '/user/reset-password',
    { schema: { summary: 'Mail a password reset link', body: forgotPasswordRequest, response: okAnswers } },
    async (request) => {
      await requestPasswordReset(await context(request), request.body.email, request.ip);
      return {
        status: 'OK' as const,
        message: 'If an account exists for this e-mail address, a link to reset the password is on its way.',
      };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        summary: 'Set a new password with a reset token',
        body: resetPasswordRequest,
        response: okAnswers,
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body, request.ip);
      return { status: 'OK' as const };
    },
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', requireUser());

    signedIn.get(
      '/user/profile',
      { schema: { summary: 'The signed-in profile', response: profileAnswers } },
      async (request) => ({
        status: 'OK' as const,
        payload: await profileOf(app.db, signedInUser(request)),
      }),
    );

    signedIn.put(
      '/user/profile',
      { schema: { summary: 'Change the profile', body: profileUpdateRequest, response: profileAnswers } },
      async (request) => {
        const updated = await updateProfile(await context(request), signedInUser(request), request.body);
        return { status: 'OK' as const, payload: await profileOf(app.db, updated) };
      },
    );

    signedIn.post(
      '/user/change-password',
      { schema: { summary: 'Change the password', body: changePasswordRequest, response: okAnswers } },
      async (request) => {
        const session = await request.session();
        await changePassword(app.db, signedInUser(request), request.body, session?.idHash ?? '');
        return { status: 'OK' as const };
      },
    );

    signedIn.delete(
      '/user/delete',
      { schema: { summary: 'Delete the account', body: deleteAccountRequest, response: okAnswers } },
      async (request, reply) => {
        await deleteAccount(app.db, signedInUser(request), request.body.password);
        reply.issueSession(await createSession(app.db, idleMinutes));
        return { status: 'OK' as const };
      },
    );

    signedIn.post(
      '/email/verify/resend',
      { schema: { summary: 'Send the verification mail again', response: okAnswers } },
      async (request) => {
        const result = await resendVerification(await context(request), signedInUser(request));
        return {
          status: 'OK' as const,
          message:
            result === 'sent'
              ? 'A new verification link has been sent.'
              : 'Your e-mail address is already verified.',
        };
      },
    );
  });
}
