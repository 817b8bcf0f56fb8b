import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginRequest,
  minorUnitsToNumber,
  type Profile,
  type ProfileUpdateRequest,
  type RegisterRequest,
  VERIFICATION_LINK_INVALID,
} from '@promptmarket/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { Storage } from '../../lib/storage';
import { afterCommit } from '../../lib/transactions';
import { eraseContactsOf } from '../content/content.service';
import { eraseDepositsOf, processingDepositsOf } from '../deposits/deposits.service';
import { eraseGenerationsOf } from '../generation/generation.service';
import { creditsText } from '../mail/credits-text';
import { mailAccount } from '../mail/mail.notify';
import { enqueueMail, eraseMailsOf } from '../mail/mail.service';
import { renderMail } from '../mail/mail.templates';
import { eraseOffersOf } from '../offers/offers.service';
import { cartCount } from '../orders/orders.service';
import { erasePayoutsOf, unpaidPayoutsOf } from '../payouts/payouts.service';
import { eraseReviewsOf } from '../reviews/reviews.service';
import { endUserSessions } from '../session/session.service';
import { eurCentsFromInternal } from '../site/site.rates';
import { getSettings, getStoredSettings } from '../site/site.service';
import {
  type Backoff,
  clearThrottle,
  enforceBackoff,
  enforceLimit,
  enforceNotExhausted,
  eraseThrottlesOf,
  type Limit,
  limitAddress,
  recordHit,
} from '../throttle/throttle.service';
import { eraseVerificationsOf, verificationStateOf } from '../verification/verification.service';
import { forfeitBalance, lockedWalletBalance, walletBalance } from '../wallet/wallet.service';
import { passwordResetTokens, type User, users } from './accounts.tables';
import { decoyHash, hashPassword, isCommonPassword, verifyPassword } from './password';
import {
  emailHash,
  LINK_LIFETIME_MINUTES,
  signVerification,
  verificationSignatureValid,
} from './signed-link';
import { checkSecondFactor } from './two-factor';

/** What account operations need besides the database: the signing key, the public URL, the caller's language. */
export type AccountContext = { db: Db; appKey: string; appUrl: string; locale: string };

/** A user's account row, as the routes and the guards hand it to the services. */
export type { User };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findActiveUser(db: Db, id: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.blockedAt)));
  return user ?? null;
}

async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.deletedAt)));
  return user ?? null;
}

/**
 * The profile of spec section 3. The balance is the wallet's in the ledger, in the internal
 * currency and in EUR, as display decimals.
 */
export async function profileOf(db: Db, user: User): Promise<Profile> {
  const [balance, settings, cart, verification] = await Promise.all([
    walletBalance(db, user.id),
    getStoredSettings(db),
    cartCount(db, user.id),
    verificationStateOf(db, user.id),
  ]);
  return {
    ...toProfile(
      user,
      {
        balance: minorUnitsToNumber(balance),
        balance_eur: minorUnitsToNumber(eurCentsFromInternal(balance, settings.internal_currency_rate_eur)),
      },
      verification,
    ),
    cart_count: cart,
  };
}

function toProfile(
  user: User,
  wallet: { balance: number; balance_eur: number },
  verification: Profile['verification_data'],
): Profile {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    is_email_verified: user.emailVerifiedAt !== null,
    verification_data: verification,
    balance: wallet.balance,
    balance_eur: wallet.balance_eur,
    role: user.role,
    locale: user.locale,
  };
}

function emailTaken(): AppError {
  return AppError.validation({ email: ['email.taken'] });
}

async function sendVerificationMail(
  ctx: AccountContext,
  db: Db,
  user: Pick<User, 'id' | 'email' | 'firstName'>,
) {
  const link = signVerification(ctx.appKey, user.id, user.email);
  const url = `${ctx.appUrl}/${ctx.locale}/email/verify/${link.id}/${link.hash}?expires=${link.expires}&signature=${link.signature}`;
  await enqueueMail(db, {
    to: user.email,
    ...renderMail('verify-email', ctx.locale, { name: user.firstName, url }),
  });
}

/** Throws VALIDATION_FAILED (password.common) for a common or breached password. */
async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw AppError.validation({ password: ['password.common'] });
}

/**
 * Creates an account and queues its verification mail. Throws FORBIDDEN when registration
 * is switched off, VALIDATION_FAILED (email.taken) when the address is in use and
 * (password.common) for a common or breached password.
 */
export async function register(ctx: AccountContext, input: RegisterRequest): Promise<User> {
  const settings = await getSettings(ctx.db, ctx.locale);
  if (!settings.is_reg_enabled) throw new AppError('FORBIDDEN', 'registration.closed');
  if (await findUserByEmail(ctx.db, input.email)) throw emailTaken();
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone ? input.phone : null,
          passwordHash,
          locale: ctx.locale,
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await sendVerificationMail(ctx, tx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Login attempts one address may make for one account before it waits (a success clears them). */
export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP: Limit = { max: 5, windowSeconds: 15 * 60 };
/**
 * Login attempts at one account from any address: past the first 5 of 15 minutes, each waits 1, 2,
 * 4 … seconds (at most a minute) after the one before it. Guesses from many addresses (forged or
 * not) cannot reach the password hash at full speed; the owner waits at most a minute.
 */
export const LOGIN_BACKOFF_PER_ACCOUNT: Backoff = { free: 5, windowSeconds: 15 * 60, maxDelaySeconds: 60 };
/** Wrong logins one address may make across all accounts. */
export const LOGIN_FAILURES_PER_IP: Limit = { max: 100, windowSeconds: 15 * 60 };
/** Password checks on a signed-in account (password change, e-mail change, deletion). */
const PASSWORD_CHECKS_PER_USER: Limit = { max: 5, windowSeconds: 15 * 60 };

/**
 * Checks credentials. The attempt is counted for the pair of account and IP address before the
 * password is, so parallel guesses cannot slip past the limit; an address alone is refused
 * only after many failures across accounts, so nobody can lock another person out of their
 * account by guessing from elsewhere. Across addresses, an account's attempts are spaced by a
 * progressive delay (LOGIN_BACKOFF_PER_ACCOUNT), never a lockout. Throws TOO_MANY_REQUESTS (with Retry-After) when a limit
 * is reached and VALIDATION_FAILED (credentials.invalid) for a wrong e-mail or password alike;
 * with two-factor sign-in on, a missing or wrong code is a VALIDATION_FAILED on `code`.
 */
export async function authenticate(
  db: Db,
  credentials: LoginRequest,
  ip: string,
  appKey: string,
): Promise<User> {
  const address = limitAddress(ip);
  const pairKey = `login:account-ip:${normalizeEmail(credentials.email)}|${address}`;
  const accountKey = `login:account:${normalizeEmail(credentials.email)}`;
  const ipKey = `login:ip:${address}`;
  await enforceNotExhausted(db, ipKey, LOGIN_FAILURES_PER_IP);
  await enforceLimit(db, pairKey, LOGIN_ATTEMPTS_PER_ACCOUNT_AND_IP);
  await enforceBackoff(db, accountKey, LOGIN_BACKOFF_PER_ACCOUNT);
  const user = await findUserByEmail(db, credentials.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), credentials.password);
  if (!user || !valid) {
    await recordHit(db, ipKey, LOGIN_FAILURES_PER_IP.windowSeconds);
    throw AppError.validation({ email: ['credentials.invalid'] });
  }
  await clearThrottle(db, pairKey);
  await clearThrottle(db, accountKey);
  // Told only to whoever knows the password: a blocked account is not revealed to guessers.
  if (user.blockedAt) throw AppError.validation({ email: ['account.blocked'] });
  // The second step: a 422 on `code` tells the form to ask for it, and only the password's owner sees it.
  await checkSecondFactor(db, appKey, user, credentials.code);
  return user;
}

/**
 * Throws VALIDATION_FAILED on `field` unless `password` is the user's. Each check is counted per
 * user and action first (TOO_MANY_REQUESTS past the limit); a missing password is not a check.
 */
async function checkOwnPassword(
  db: Db,
  user: User,
  purpose: string,
  password: string | undefined,
  field: 'current_password' | 'password',
): Promise<void> {
  if (!password) throw AppError.validation({ [field]: [`${field}.required`] });
  await enforceLimit(db, `${purpose}:user:${user.id}`, PASSWORD_CHECKS_PER_USER);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw AppError.validation({ [field]: [`${field}.incorrect`] });
  }
}

/**
 * Applies the given fields. A new e-mail address needs the current password (VALIDATION_FAILED
 * on current_password otherwise, TOO_MANY_REQUESTS after repeated tries) and must be verified
 * again: a link goes to the new address and a notice to the old one.
 */
export async function updateProfile(
  ctx: AccountContext,
  user: User,
  input: ProfileUpdateRequest,
): Promise<User> {
  const emailChanged =
    input.email !== undefined && normalizeEmail(input.email) !== normalizeEmail(user.email);
  if (emailChanged) {
    await checkOwnPassword(ctx.db, user, 'email-change', input.current_password, 'current_password');
  }
  if (emailChanged && input.email && (await findUserByEmail(ctx.db, input.email))) throw emailTaken();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
          ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
          ...(input.phone === undefined ? {} : { phone: input.phone || null }),
          ...(input.email === undefined ? {} : { email: input.email.trim() }),
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          locale: ctx.locale,
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw AppError.notFound();
      if (emailChanged) {
        await sendVerificationMail(ctx, tx, updated);
        // In the language the account had, not the caller's: whoever changed it may not be its owner.
        await enqueueMail(tx, {
          to: user.email,
          ...renderMail('email-changed', user.locale, {
            name: user.firstName,
            url: `${ctx.appUrl}/${user.locale}/contact-us`,
          }),
        });
      }
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Sets a new password after checking the current one (VALIDATION_FAILED otherwise, or for a
 * common or breached new password; TOO_MANY_REQUESTS after repeated tries), ends the user's other sessions and voids every
 * outstanding reset link.
 */
export async function changePassword(
  db: Db,
  user: User,
  input: { current_password: string; password: string },
  currentSessionIdHash: string,
): Promise<void> {
  await checkOwnPassword(db, user, 'change-password', input.current_password, 'current_password');
  await refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await endUserSessions(tx, user.id, currentSessionIdHash);
    await mailAccount(tx, user.id, 'password-changed', 'contact-us', () => ({}));
  });
}

/** Where a deleted account's files are, and where a file that cannot be deleted is reported. */
export type ErasedFiles = { storage: Storage; log: { error(details: object, message: string): void } };

/**
 * Deletes an account after checking its password, and erases its personal data in every module
 * (decision 0046): the account's row stays, anonymous, so orders and ledger entries keep their
 * owner; its identity verifications and their documents, the offers the shop did not buy and their
 * files, its generations' prompts and images, its deposits' payer details, its payouts' bank
 * details, its mails, newsletter subscription, contact messages, throttles, sessions and reset
 * tokens go, in one transaction. The files are deleted once it is committed; one that cannot be
 * is logged with its key (`files.log`), not retried, and the deletion stands.
 * Nothing owed is left behind unsaid: throws ACCOUNT_HAS_UNPAID_PAYOUT (409, the payouts in its
 * details) while a payout to the user is not paid, ACCOUNT_HAS_PENDING_DEPOSIT (409, the deposits
 * in its details) while a deposit is still processing at its provider (its money may yet arrive),
 * and ACCOUNT_HAS_BALANCE (409, the balance in its details) while the wallet holds money, unless
 * `confirm_forfeit_balance` gives it up; the balance then moves to the shop through the ledger.
 * The user gets a mail in their language.
 */
export async function deleteAccount(
  ctx: AccountContext,
  user: User,
  input: { password: string; confirm_forfeit_balance?: boolean | undefined },
  files: ErasedFiles,
): Promise<void> {
  await checkOwnPassword(ctx.db, user, 'delete-account', input.password, 'password');
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  // The balance is named as the shop calls its currency: in the request's language for the
  // answer, in the user's for the mail.
  const [answerSettings, mailSettings] = await Promise.all([
    getStoredSettings(ctx.db, ctx.locale),
    getStoredSettings(ctx.db, user.locale),
  ]);
  let filesErased: Promise<void> = Promise.resolve();
  await ctx.db.transaction(async (tx) => {
    // The account's row lock keeps two deletions of it from both reading the same balance.
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for('update');
    if (!current) throw AppError.notFound();
    const unpaid = await unpaidPayoutsOf(tx, user.id);
    if (unpaid.length > 0) {
      throw new AppError(
        'ACCOUNT_HAS_UNPAID_PAYOUT',
        'account.unpaid_payout',
        undefined,
        undefined,
        { count: String(unpaid.length) },
        {
          payouts: unpaid.map((payout) => ({
            id: payout.id,
            amount_eur: minorUnitsToNumber(payout.amountCents),
            status: payout.status,
            created_at: payout.createdAt.toISOString(),
          })),
        },
      );
    }
    const pending = await processingDepositsOf(tx, user.id);
    if (pending.length > 0) {
      throw new AppError(
        'ACCOUNT_HAS_PENDING_DEPOSIT',
        'account.pending_deposit',
        undefined,
        undefined,
        { count: String(pending.length) },
        {
          deposits: pending.map((deposit) => ({
            id: deposit.id,
            amount: minorUnitsToNumber(deposit.amountMinor),
            currency: deposit.currency,
            created_at: deposit.createdAt.toISOString(),
          })),
        },
      );
    }
    // Under the wallet's lock: a purchase in flight is waited for, and what is left is given up.
    const balance = await lockedWalletBalance(tx, user.id);
    const shown = minorUnitsToNumber(balance);
    if (balance > 0 && input.confirm_forfeit_balance !== true) {
      throw new AppError(
        'ACCOUNT_HAS_BALANCE',
        'account.has_balance',
        undefined,
        undefined,
        // "Your balance of …", Polish "saldo w wysokości 2 kredytów": the genitive.
        { amount: creditsText(balance, ctx.locale, answerSettings.internal_currency_name, 'genitive') },
        { balance: shown },
      );
    }
    if (balance > 0) await forfeitBalance(tx, { userId: user.id, amount: balance });
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        firstName: '',
        lastName: '',
        phone: null,
        passwordHash: unusable,
        emailVerifiedAt: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await endUserSessions(tx, user.id);
    const privateKeys = [
      ...(await eraseVerificationsOf(tx, user.id)),
      ...(await eraseOffersOf(tx, user.id)),
      ...(await eraseGenerationsOf(tx, user.id)),
    ];
    await eraseDepositsOf(tx, user.id);
    await erasePayoutsOf(tx, user.id);
    await eraseReviewsOf(tx, user.id);
    await eraseContactsOf(tx, user.email);
    await eraseThrottlesOf(tx, user.email);
    // Before the goodbye below, which is the one mail left to the address (decision 0046).
    await eraseMailsOf(tx, user.email);
    afterCommit(tx, () => {
      filesErased = deletePrivateFiles(files, privateKeys);
    });
    await enqueueMail(tx, {
      to: user.email,
      ...renderMail('account-deleted', user.locale, {
        name: user.firstName,
        url: `${ctx.appUrl}/${user.locale}/contact-us`,
        ...(balance > 0
          ? { amount: creditsText(balance, user.locale, mailSettings.internal_currency_name, 'genitive') }
          : {}),
      }),
    });
  });
  await filesErased;
}

/** Deletes each file; one that fails is logged with its key for a person to delete, and the rest go on. */
async function deletePrivateFiles(files: ErasedFiles, keys: string[]): Promise<void> {
  const outcomes = await Promise.allSettled(keys.map((key) => files.storage.delete('private', key)));
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      files.log.error(
        { err: outcome.reason, bucket: 'private', key: keys[index] },
        'a deleted account left a file that could not be deleted',
      );
    }
  });
}

/**
 * Confirms an address from a signed link. Throws VALIDATION_FAILED when the link is
 * tampered with, expired, or made for an address the account no longer has.
 */
export async function verifyEmail(
  ctx: AccountContext,
  link: { id: string; hash: string; expires: number; signature: string },
): Promise<'verified' | 'already-verified'> {
  const invalid = () => AppError.validation({ signature: [VERIFICATION_LINK_INVALID] });
  if (!/^[0-9a-f-]{36}$/.test(link.id) || !verificationSignatureValid(ctx.appKey, link)) throw invalid();
  const user = await findActiveUser(ctx.db, link.id);
  if (!user || emailHash(user.email) !== link.hash) throw invalid();
  if (user.emailVerifiedAt) return 'already-verified';
  await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return 'verified';
}

/** One new verification mail a minute at most (TOO_MANY_REQUESTS otherwise). */
export async function resendVerification(
  ctx: AccountContext,
  user: User,
): Promise<'sent' | 'already-verified'> {
  if (user.emailVerifiedAt) return 'already-verified';
  await enforceLimit(ctx.db, `verify-resend:${user.id}`, { max: 1, windowSeconds: 60 });
  await sendVerificationMail(ctx, ctx.db, user);
  return 'sent';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Limits of the two reset endpoints: per IP address, and per e-mail address. */
const RESET_REQUESTS_PER_IP: Limit = { max: 10, windowSeconds: 15 * 60 };
const RESET_REQUESTS_PER_EMAIL: Limit = { max: 3, windowSeconds: 60 * 60 };
const RESET_SUBMISSIONS_PER_IP: Limit = { max: 10, windowSeconds: 15 * 60 };
const RESET_SUBMISSIONS_PER_EMAIL: Limit = { max: 5, windowSeconds: 60 * 60 };

/**
 * How long a reset endpoint takes at least, whatever the address. Above the work of either
 * path (one password hash and one transaction), so a known and an unknown address take the
 * same time and the clock tells nothing about who has an account.
 */
export const RESET_ANSWER_FLOOR_MS = 300;

async function withTimeFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * Mails a single-use reset link when the address has an account. Answers the same, in the
 * same time, either way; only the rate limits (per IP and per address) can refuse.
 */
export function requestPasswordReset(ctx: AccountContext, email: string, ip: string): Promise<void> {
  return withTimeFloor(RESET_ANSWER_FLOOR_MS, async () => {
    await enforceLimit(ctx.db, `reset:ip:${limitAddress(ip)}`, RESET_REQUESTS_PER_IP);
    await enforceLimit(ctx.db, `reset:email:${normalizeEmail(email)}`, RESET_REQUESTS_PER_EMAIL);
    const token = randomBytes(32).toString('base64url');
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const url = `${ctx.appUrl}/${ctx.locale}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
    await ctx.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MINUTES * 60_000),
      });
      await enqueueMail(tx, {
        to: user.email,
        ...renderMail('reset-password', ctx.locale, { name: user.firstName, url }),
      });
    });
  });
}

/**
 * Sets a new password with a reset token: the token must belong to the address, be unused
 * and unexpired, the password not a common or breached one (VALIDATION_FAILED otherwise). Every session of the account ends and every
 * other reset link of it is voided. Limited per IP and per address (TOO_MANY_REQUESTS), and
 * as slow for an unknown address as for a known one.
 */
export function resetPassword(
  db: Db,
  input: { email: string; token: string; password: string },
  ip: string,
): Promise<void> {
  return withTimeFloor(RESET_ANSWER_FLOOR_MS, async () => {
    await enforceLimit(db, `reset-submit:ip:${limitAddress(ip)}`, RESET_SUBMISSIONS_PER_IP);
    await enforceLimit(db, `reset-submit:email:${normalizeEmail(input.email)}`, RESET_SUBMISSIONS_PER_EMAIL);
    const invalid = () => AppError.validation({ token: ['reset.token_invalid'] });
    await refuseCommonPassword(input.password);
    // Hashed before the address is looked up, so both paths do the same expensive work.
    const passwordHash = await hashPassword(input.password);
    const user = await findUserByEmail(db, input.email);
    if (!user) throw invalid();
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            eq(passwordResetTokens.userId, user.id),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ tokenHash: passwordResetTokens.tokenHash });
      if (!claimed) throw invalid();
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      await endUserSessions(tx, user.id);
      await mailAccount(tx, user.id, 'password-changed', 'contact-us', () => ({}));
    });
  });
}

/** Turns the user's optional mails on or off (see mail.notify.ts for which those are); answers the setting. */
export async function setOptionalMails(db: Db, userId: string, optionalMails: boolean): Promise<boolean> {
  const [updated] = await db
    .update(users)
    .set({ optionalMails })
    .where(eq(users.id, userId))
    .returning({ optionalMails: users.optionalMails });
  if (!updated) throw AppError.notFound();
  return updated.optionalMails;
}
