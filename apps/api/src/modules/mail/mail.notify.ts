import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { accountForReview } from '../accounts/accounts.admin';
import { getStoredSettings } from '../site/site.service';
import { creditsText } from './credits-text';
import { enqueueMail } from './mail.service';
import { type MailValues, renderMail } from './mail.templates';
import type { MailKind } from './mail.texts';

/**
 * The shop's address, for the links in mails. Most of them are caused where no request is at hand
 * (a provider's webhook, the reconciliation job, a back-office action deep in a service), so it is
 * set once when the app is built instead of being passed down every one of those paths.
 */
let shopUrl = 'http://localhost:3000';

export function setMailShopUrl(url: string): void {
  shopUrl = url.replace(/\/+$/, '');
}

/** What a sender knows of the recipient when it words the mail's values. */
export type Recipient = {
  locale: string;
  /**
   * Internal-currency minor units as the shop names its currency in the recipient's language, in
   * the plural form the number needs.
   */
  credits: (minor: number) => string;
};

/**
 * The mails a user may turn off (`users.optional_mails`): news of their offers and of their
 * identity verification, which the dashboard shows as well, and the invitation to review what
 * they bought. Not optional, and so not listed: the security notices (password changed, e-mail
 * changed, account deleted), which tell the owner of a change they may not have made, and the
 * mails about money (deposit credited or failed, purchase, generation refunded, payout sent, paid
 * or failed), which are receipts.
 */
const OPTIONAL: ReadonlySet<MailKind> = new Set<MailKind>([
  'offer-priced',
  'offer-published',
  'offer-declined',
  'verification-approved',
  'verification-declined',
  'review-invitation',
]);

/**
 * What a sender words: the mail's values, with the receipt's page as a path in the shop
 * (`receipt_path`), which becomes the link in the recipient's language.
 */
export type NoticeValues = Omit<MailValues, 'url' | 'receipt_url'> & { receipt_path?: string };

/**
 * Puts a mail to an account in the outbox, in the account's language (`users.locale`), with a link
 * to `path` in the shop. Pass the transaction of the change that causes it: the mail goes if and
 * only if the change is kept, so a change made once is mailed once. A deleted account gets none,
 * and an account that turned the optional mails off gets none of those.
 */
export async function mailAccount(
  tx: Db,
  userId: string,
  kind: MailKind,
  path: string,
  values: (recipient: Recipient) => Promise<NoticeValues> | NoticeValues,
): Promise<void> {
  const user = await accountForReview(tx, userId).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!user) return;
  if (OPTIONAL.has(kind) && !user.optionalMails) return;
  const settings = await getStoredSettings(tx, user.locale);
  const recipient: Recipient = {
    locale: user.locale,
    credits: (minor) => creditsText(minor, user.locale, settings.internal_currency_name),
  };
  const { receipt_path, ...given } = await values(recipient);
  await enqueueMail(tx, {
    to: user.email,
    ...renderMail(kind, user.locale, {
      name: user.firstName,
      ...given,
      ...(receipt_path ? { receipt_url: `${shopUrl}/${user.locale}/${receipt_path}` } : {}),
      url: `${shopUrl}/${user.locale}/${path}`,
    }),
  });
}
