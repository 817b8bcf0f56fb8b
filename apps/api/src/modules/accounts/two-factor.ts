import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { seal, unseal } from '../../lib/sealed';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { endUserSessions } from '../session/session.service';
import { clearThrottle, enforceLimit, type Limit } from '../throttle/throttle.service';
import { type User, users } from './accounts.tables';
import { verifyPassword } from './password';

/**
 * Two-factor sign-in with one-time codes from an authenticator app (RFC 6238). The secret is
 * sealed at rest; a code is accepted once (the step of the last one is kept, and the update that
 * keeps it is conditional, so two requests racing with the same code cannot both pass); wrong
 * codes are counted per account.
 */
const SEALED_PURPOSE = 'totp-secret';
const ISSUER = 'PromptMarket';

/** Codes one account may try in a window, across addresses: 10^6 codes make guessing hopeless. */
export const CODE_ATTEMPTS_PER_ACCOUNT: Limit = { max: 5, windowSeconds: 15 * 60 };

export function twoFactorOn(user: Pick<User, 'totpEnabledAt' | 'totpSecret'>): boolean {
  return user.totpEnabledAt !== null && user.totpSecret !== null;
}

/** Checks `code` against the user's secret and uses it up; throws a 422 on `code` otherwise. */
async function consumeCode(
  db: Db,
  appKey: string,
  user: User,
  code: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (!code) throw AppError.validation({ code: ['two_factor.required'] });
  if (!user.totpSecret) throw AppError.validation({ code: ['two_factor.not_started'] });
  const throttleKey = `two-factor:user:${user.id}`;
  await enforceLimit(db, throttleKey, CODE_ATTEMPTS_PER_ACCOUNT);
  const secret = unseal<string>(appKey, SEALED_PURPOSE, user.totpSecret);
  const step = matchTotp(secret, code, now, user.totpLastStep);
  if (step === null) throw AppError.validation({ code: ['two_factor.invalid'] });
  const used = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  if (used.length === 0) throw AppError.validation({ code: ['two_factor.invalid'] });
  await clearThrottle(db, throttleKey);
}

/** The second step of sign-in, after the password: nothing to do for an account without it. */
export async function checkSecondFactor(db: Db, appKey: string, user: User, code: string | undefined) {
  if (twoFactorOn(user)) await consumeCode(db, appKey, user, code);
}

/**
 * A new secret waiting to be confirmed with a code (it replaces any earlier unconfirmed one).
 * Answers the secret and the authenticator address for the QR code.
 */
export async function startTwoFactorSetup(db: Db, appKey: string, user: User) {
  if (twoFactorOn(user)) throw AppError.validation({ code: ['two_factor.already_on'] });
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpSecret: seal(appKey, SEALED_PURPOSE, secret), totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, user.id));
  return { secret, uri: otpauthUri(ISSUER, user.email, secret) };
}

/**
 * Checks a code before two-factor sign-in is turned on (proving the app holds the secret) or off
 * (with the password too). Done outside the transaction that then changes the account, so a
 * wrong code stays counted.
 */
export async function checkCodeToTurnOn(db: Db, appKey: string, user: User, code: string | undefined) {
  if (twoFactorOn(user)) throw AppError.validation({ code: ['two_factor.already_on'] });
  await consumeCode(db, appKey, user, code);
}

export async function checkCodeToTurnOff(
  db: Db,
  appKey: string,
  user: User,
  input: { password: string; code: string | undefined },
) {
  if (!twoFactorOn(user)) throw AppError.validation({ code: ['two_factor.off'] });
  await enforceLimit(db, `two-factor-off:user:${user.id}`, CODE_ATTEMPTS_PER_ACCOUNT);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw AppError.validation({ password: ['password.incorrect'] });
  }
  await consumeCode(db, appKey, user, input.code);
}

/** Turns it on; the account's other sessions, signed in with the password alone, end. */
export async function turnOnTwoFactor(tx: Db, userId: string, currentSessionIdHash: string) {
  await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
  await endUserSessions(tx, userId, currentSessionIdHash);
}

export async function turnOffTwoFactor(tx: Db, userId: string) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** The recovery path for an admin who lost their phone (`npm run admin:create -- --reset-two-factor`). */
export const resetTwoFactor = turnOffTwoFactor;
