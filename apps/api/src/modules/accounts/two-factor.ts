import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { seal, unseal } from '../../lib/sealed';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { endUserSessions } from '../session/session.service';
import { clearThrottle, enforceLimit, type Limit } from '../throttle/throttle.service';
import { twoFactorRecoveryCodes, type User, users } from './accounts.tables';
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

/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** The letters of a recovery code: lower case and digits, none that reads like another (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as typed: ten of those letters, in two groups of five, the hyphen and spaces optional. */
const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () =>
    RECOVERY_ALPHABET.charAt(randomInt(RECOVERY_ALPHABET.length)),
  );
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

/** The stored form of a code: an HMAC under the app key, so a copy of the table is no way in. */
function recoveryCodeHash(appKey: string, code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return createHmac('sha256', appKey).update(`two-factor-recovery:${plain}`).digest('base64url');
}

/**
 * A new set of recovery codes for the user, replacing the old set (used or not). Answers the
 * codes themselves: the only time they are seen.
 */
export async function newRecoveryCodes(tx: Db, appKey: string, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: recoveryCodeHash(appKey, code) })));
  return [...codes];
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Uses up one unused recovery code of the user; false when it is none of them (or used already). */
async function useRecoveryCode(db: Db, appKey: string, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(appKey, code)),
        eq(twoFactorRecoveryCodes.userId, userId),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return used.length > 0;
}

/**
 * Checks `code` against the user's secret, or against their unused recovery codes when it is
 * written as one, and uses it up; throws a 422 on `code` otherwise. Both kinds count towards the
 * same limit of wrong codes.
 */
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
  const typed = code.toLowerCase().replace(/\s/g, '');
  if (RECOVERY_CODE.test(typed) && twoFactorOn(user)) {
    if (!(await useRecoveryCode(db, appKey, user.id, typed))) {
      throw AppError.validation({ code: ['two_factor.invalid'] });
    }
    await clearThrottle(db, throttleKey);
    return;
  }
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
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** The recovery path for an admin who lost their phone (`npm run admin:create -- --reset-two-factor`). */
export const resetTwoFactor = turnOffTwoFactor;
