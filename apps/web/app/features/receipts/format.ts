import type { Receipt } from '@promptmarket/contracts/receipts';
import { formatInCurrency, formatInternal } from '../../lib/money';

/** An amount of a receipt in its currency: "€25.00" where it has a sign, "16.49 Credits" else. */
export function receiptMoney(receipt: Pick<Receipt, 'currency' | 'currency_symbol'>, locale: string) {
  return (cents: number) =>
    receipt.currency_symbol
      ? formatInCurrency(cents, { symbol: receipt.currency_symbol }, locale)
      : formatInternal(cents, locale, receipt.currency);
}

/** The day a receipt was issued, as the API's PDF writes it (UTC). */
export function receiptDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
