import type { AdminCustomer } from '@promptmarket/contracts/admin-orders';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { accountForReview } from '../accounts/accounts.admin';
import { accountFacts } from '../accounts/accounts.back-office';
import { profileOf, resendVerification } from '../accounts/accounts.service';
import { resetTwoFactor, twoFactorOn } from '../accounts/two-factor';
import { audited } from '../audit/audit.service';
import { recentDepositsOf } from '../deposits/deposits.admin';
import { offersOfCustomer } from '../offers/offers.back-office';
import { recentOrdersOf } from '../orders/orders.admin';
import { payoutsOfCustomer } from '../payouts/payouts.back-office';
import { activeSessionsOf } from '../session/session.back-office';
import { endUserSessions } from '../session/session.service';
import { verificationsOfCustomer } from '../verification/verification.back-office';
import { walletEntriesOf } from '../wallet/wallet.admin';

/** The customer page: one account with what every module holds of it, and the operator's actions. */

/** Everything the customer page shows of an account (the newest 50 of each). Throws NOT_FOUND. */
export async function customerForReview(db: Db, userId: string): Promise<AdminCustomer> {
  const user = await accountForReview(db, userId);
  const limit = 50;
  const [profile, orders, deposits, ledger, offers, payouts, verifications, sessions] = await Promise.all([
    profileOf(db, user),
    recentOrdersOf(db, { userId: user.id, limit }),
    recentDepositsOf(db, { userId: user.id, limit }),
    walletEntriesOf(db, { userId: user.id, limit: 100 }),
    offersOfCustomer(db, { userId: user.id, limit }),
    payoutsOfCustomer(db, { userId: user.id, limit }),
    verificationsOfCustomer(db, { userId: user.id, limit }),
    activeSessionsOf(db, { userId: user.id, limit }),
  ]);
  return {
    profile: { ...profile, blocked: user.blockedAt !== null, ...accountFacts(user) },
    orders,
    deposits,
    ledger,
    offers,
    payouts,
    verifications,
    sessions,
  };
}

/**
 * Turns off an admin's two-factor sign-in (they lost the phone with the codes) and ends their
 * sessions: at the next sign-in they set it up again. Audited. Throws CONFLICT for an account that
 * is not an admin's or for the acting admin's own (turned off in the security settings, with a
 * code), NOT_FOUND for an account that does not exist.
 */
export async function resetTwoFactorOfAdmin(db: Db, actor: { id: string }, userId: string): Promise<void> {
  await audited(
    db,
    { adminId: actor.id, action: 'user.reset_two_factor', subject: { type: 'user', id: userId } },
    async (tx) => {
      const user = await accountForReview(tx, userId);
      if (user.role !== 'admin') throw AppError.conflict('account.not_admin');
      if (user.id === actor.id) throw AppError.conflict('account.reset_self');
      await resetTwoFactor(tx, user.id);
      await endUserSessions(tx, user.id);
      return { result: null, before: { two_factor: twoFactorOn(user) }, after: { two_factor: false } };
    },
  );
}

/**
 * Sends the customer a new verification link, in their own language, unless their address is
 * verified already (answered false; nothing sent). Audited either way. At most one a minute per
 * account (TOO_MANY_REQUESTS), as the customer's own resend; NOT_FOUND for an unknown account.
 */
export async function resendVerificationOf(
  context: { db: Db; appKey: string; appUrl: string },
  actor: { id: string },
  userId: string,
): Promise<boolean> {
  return audited(
    context.db,
    { adminId: actor.id, action: 'user.resend_verification', subject: { type: 'user', id: userId } },
    async (tx) => {
      const user = await accountForReview(tx, userId);
      const outcome = await resendVerification({ ...context, db: tx, locale: user.locale }, user);
      return {
        result: outcome === 'sent',
        before: { email: user.email, is_email_verified: user.emailVerifiedAt !== null },
        after: { sent: outcome === 'sent' },
      };
    },
  );
}
