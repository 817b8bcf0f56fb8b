import { errorMessages } from '@promptmarket/contracts';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { getSettings } from '../site/site.service';
import { findActiveUser } from './accounts.service';
import type { User } from './accounts.tables';
import { twoFactorOn } from './two-factor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null. Loaded once. */
    user(): Promise<User | null>;
    /** Set by the `requireUser`/`requireRole` guards of the route's scope; read it with `signedInUser`. */
    guardedUser: User | null;
  }
  interface FastifyContextConfig {
    /** A route of the admin's own two-factor setup: `requireRole`'s `twoFactor` lets it through. */
    twoFactorSetup?: boolean;
  }
}

const loaded = Symbol('user');
type WithUser = FastifyRequest & { [loaded]: Promise<User | null> | null };

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(loaded, null);
    app.decorateRequest('guardedUser', null);
    app.decorateRequest('user', function (this: FastifyRequest) {
      const self = this as WithUser;
      self[loaded] ??= this.session().then((session) =>
        session?.userId ? findActiveUser(app.db, session.userId) : null,
      );
      return self[loaded];
    });
  },
  { name: 'auth', dependencies: ['session'] },
);

async function signedInOrThrow(request: FastifyRequest): Promise<User> {
  const user = await request.user();
  if (!user) throw new AppError('UNAUTHENTICATED', errorMessages.unauthenticated);
  return user;
}

/**
 * Guard for a route scope (`scope.addHook('preValidation', requireUser())`): a guest gets
 * UNAUTHENTICATED (401). With `verified`, also EMAIL_NOT_VERIFIED (403 "Your email address is not
 * verified.") while e-mail verification is switched on. Runs after the CSRF check and before the
 * input is validated, in Laravel's middleware order.
 */
export function requireUser({
  verified = false,
}: {
  verified?: boolean;
} = {}): preValidationAsyncHookHandler {
  return async function (this: FastifyInstance, request) {
    const user = await signedInOrThrow(request);
    if (verified && !user.emailVerifiedAt) {
      const settings = await getSettings(this.db, user.locale);
      if (settings.is_email_verification_enabled) {
        throw new AppError('EMAIL_NOT_VERIFIED', errorMessages.emailNotVerified);
      }
    }
    request.guardedUser = user;
  };
}

/**
 * Guard for a route scope: 401 for a guest, FORBIDDEN (403) for a user without the role. With
 * `twoFactor`, also TWO_FACTOR_SETUP_REQUIRED (403) for a user whose two-factor sign-in is not on,
 * on every route but those of its setup (`config.twoFactorSetup`): the back office answers an
 * admin only once a stolen password alone no longer signs in as them.
 */
export function requireRole(
  role: User['role'],
  { twoFactor = false }: { twoFactor?: boolean } = {},
): preValidationAsyncHookHandler {
  return async (request) => {
    const user = await signedInOrThrow(request);
    if (user.role !== role) throw new AppError('FORBIDDEN', errorMessages.forbidden);
    if (twoFactor && !twoFactorOn(user) && !request.routeOptions.config.twoFactorSetup) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', errorMessages.twoFactorSetupRequired);
    }
    request.guardedUser = user;
  };
}

/** The user a guard of this route's scope admitted. A route without a guard calling it is a bug. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.guardedUser) throw new Error(`${request.routeOptions.url} has no requireUser guard`);
  return request.guardedUser;
}
