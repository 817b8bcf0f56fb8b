import { type MailKind, mailTextsByKind } from './mail.texts';

/**
 * The mails that tell a user what happened to their money, offers, verification and password.
 * Their words are in the mail catalogues (mail.texts.ts), each under its kind.
 */
const noticeKinds = [
  'deposit-credited',
  'deposit-failed',
  'purchase',
  'generation-refunded',
  'password-changed',
  'offer-priced',
  'offer-published',
  'offer-declined',
  'verification-approved',
  'verification-declined',
  'payout-sent',
  'payout-paid',
] as const satisfies readonly MailKind[];

/** The notices' words by kind and language. */
export const noticeTexts = mailTextsByKind(noticeKinds);
