import {
  changePasswordRequest,
  deleteAccountRequest,
  emailVerificationParams,
  emailVerificationQuery,
  emailVerificationResponse,
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
import { shape } from '../../lib/reply';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { createSession, destroySession, rotateSession } from '../session/session.service';
import { enforceLimit } from '../throttle/throttle.service';
import {
  type AccountContext,
  authenticate,
  changePassword,
  deleteAccount,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  toProfile,
  updateProfile,
  verifyEmail,
} from './accounts.service';
import type { User } from './accounts.tables';

export async function accountRoutes(app: FastifyInstance) {
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
    return shape(profileResponse, { status: 'OK', payload: toProfile(user) });
  }

  app.post('/register', async (request, reply) => {
    const input = parseInput(registerRequest, request.body);
    await enforceLimit(app.db, `register:ip:${request.ip}`, { max: 10, windowSeconds: 60 * 60 });
    const user = await register(await context(request), input);
    return signIn(request, reply, user);
  });

  app.post('/login', async (request, reply) => {
    const credentials = parseInput(loginRequest, request.body);
    const user = await authenticate(app.db, credentials, request.ip);
    return signIn(request, reply, user);
  });

  app.post('/logout', async (request, reply) => {
    const session = await request.session();
    if (session) await destroySession(app.db, session);
    // A fresh anonymous session keeps the XSRF handshake valid for what the page does next.
    reply.issueSession(await createSession(app.db, idleMinutes));
    return shape(okResponse, { status: 'OK' });
  });

  app.get('/is-auth', async (request) => {
    return shape(isAuthResponse, { authenticated: (await request.user()) !== null });
  });

  app.get('/user/profile', async (request) => {
    const user = await requireUser(app, request);
    return shape(profileResponse, { status: 'OK', payload: toProfile(user) });
  });

  app.put('/user/profile', async (request) => {
    const user = await requireUser(app, request);
    const input = parseInput(profileUpdateRequest, request.body);
    const updated = await updateProfile(await context(request), user, input);
    return shape(profileResponse, { status: 'OK', payload: toProfile(updated) });
  });

  app.post('/user/change-password', async (request) => {
    const user = await requireUser(app, request);
    const input = parseInput(changePasswordRequest, request.body);
    const session = await request.session();
    await changePassword(app.db, user, input, session?.idHash ?? '');
    return shape(okResponse, { status: 'OK' });
  });

  app.delete('/user/delete', async (request, reply) => {
    const user = await requireUser(app, request);
    const { password } = parseInput(deleteAccountRequest, request.body);
    await deleteAccount(app.db, user, password);
    reply.issueSession(await createSession(app.db, idleMinutes));
    return shape(okResponse, { status: 'OK' });
  });

  app.get('/email/verify/:id/:hash', async (request) => {
    const params = parseInput(emailVerificationParams, request.params);
    const query = parseInput(emailVerificationQuery, request.query);
    const result = await verifyEmail(await context(request), { ...params, ...query });
    return shape(emailVerificationResponse, { status: 'OK', payload: { result } });
  });

  app.post('/email/verify/resend', async (request) => {
    const user = await requireUser(app, request);
    const result = await resendVerification(await context(request), user);
    return shape(okResponse, {
      status: 'OK',
      message:
        result === 'sent'
          ? 'A new verification link has been sent.'
          : 'Your e-mail address is already verified.',
    });
  });

  app.post('/user/reset-password', async (request) => {
    const { email } = parseInput(forgotPasswordRequest, request.body);
    await requestPasswordReset(await context(request), email, request.ip);
    return shape(okResponse, {
      status: 'OK',
      message: 'If an account exists for this e-mail address, a link to reset the password is on its way.',
    });
  });

  app.post('/reset-password', async (request) => {
    const input = parseInput(resetPasswordRequest, request.body);
    await resetPassword(app.db, input, request.ip);
    return shape(okResponse, { status: 'OK' });
  });
}
