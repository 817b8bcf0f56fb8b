import type { Receipt } from '@promptmarket/contracts/receipts';
import { formatCredits } from '../../lib/credits';
import type { Translate } from '../../lib/i18n';
import { formatInCurrency, formatInternal } from '../../lib/money';

/**
 * An amount of a receipt in its currency: "€25.00" where it has a sign, "25.00 CHF" where it has
 * none; a purchase's, paid in credits, with their name in the form the number needs ("16.49
 * credits", "1 kredyt", "5 kredytów"), as the PDF writes it.
 */
export function receiptMoney(
  receipt: Pick<Receipt, 'kind' | 'currency' | 'currency_symbol'>,
  locale: string,
  t: Translate,
) {
  return (cents: number) =>
    receipt.kind === 'purchase'
      ? formatCredits(cents, locale, receipt.currency, t)
      : receipt.currency_symbol
        ? formatInCurrency(cents, { symbol: receipt.currency_symbol }, locale)
        : formatInternal(cents, locale, receipt.currency);
}

/** The day a receipt was issued, as the API's PDF writes it (UTC). */
export function receiptDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
