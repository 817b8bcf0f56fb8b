import { errorMessages } from '@promptmarket/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { findActiveUser } from '../modules/accounts/accounts.service';
import type { User } from '../modules/accounts/accounts.tables';
import { getSettings } from '../modules/site/site.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request's session, or null. Loaded once. */
    user(): Promise<User | null>;
  }
}

const loaded = Symbol('user');
type WithUser = FastifyRequest & { [loaded]: Promise<User | null> | null };

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(loaded, null);
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

/**
 * The signed-in user, or UNAUTHENTICATED (401). With `verified`, also EMAIL_NOT_VERIFIED
 * (403 "Your email address is not verified.") while e-mail verification is switched on.
 */
export async function requireUser(
  app: FastifyInstance,
  request: FastifyRequest,
  { verified = false }: { verified?: boolean } = {},
): Promise<User> {
  const user = await request.user();
  if (!user) throw new AppError('UNAUTHENTICATED', errorMessages.unauthenticated);
  if (verified && !user.emailVerifiedAt) {
    const settings = await getSettings(app.db, user.locale);
    if (settings.is_email_verification_enabled) {
      throw new AppError('EMAIL_NOT_VERIFIED', errorMessages.emailNotVerified);
    }
  }
  return user;
}
