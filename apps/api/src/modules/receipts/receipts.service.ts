import {
  type Receipt,
  type ReceiptKind,
  receiptNumber,
  vatRateHundredths,
  vatShare,
} from '@promptmarket/contracts/receipts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { ownDeposit } from '../deposits/deposits.service';
import { orderForReceipt } from '../orders/orders.receipts';
import { type CreditNote, creditNotesOf } from '../refunds/refunds.reads';
import { findCurrency, getStoredSettings } from '../site/site.service';
import { formatReceiptCredits } from './receipts.format';
import { receiptTextsFor } from './receipts.texts';

/**
 * Receipts (decision 0029) are read, never stored: each is made from the deposit or the order it
 * is about, the settings' seller and VAT rate, in the reader's language. Only the owner's own
 * credited deposits and orders have one; anything else is NOT_FOUND, as one that does not exist.
 */

export type ReceiptReader = { id: string; firstName: string; lastName: string; email: string };

/** The VAT line of a gross total at the settings' rate; null when the rate is 0. */
export function vatLine(totalMinor: number, ratePercent: string): Receipt['vat'] {
  const rate = vatRateHundredths(ratePercent);
  if (!rate) return null;
  const amount = vatShare(totalMinor, rate);
  return { rate: ratePercent, amount_minor: amount, net_minor: totalMinor - amount };
}

export async function receiptOf(
  db: Db,
  reader: ReceiptReader,
  input: { kind: ReceiptKind; id: number; locale: string },
): Promise<Receipt> {
  const settings = await getStoredSettings(db, input.locale);
  const texts = receiptTextsFor(input.locale);
  const seller: Receipt['seller'] = {
    name: settings.shop_legal_name,
    address: addressLines(settings.shop_address),
    vat_id: settings.shop_vat_id || null,
    email: settings.support_email,
    phone: settings.company_phone || null,
  };

  if (input.kind === 'purchase') {
    const order = await orderForReceipt(db, reader.id, input.id, input.locale);
    return {
      kind: 'purchase',
      id: order.id,
      number: receiptNumber('purchase', order.id, order.createdAt),
      issued_at: order.createdAt.toISOString(),
      language: input.locale,
      currency: settings.internal_currency_name,
      currency_symbol: null,
      seller,
      buyer: {
        name: `${reader.firstName} ${reader.lastName}`.trim(),
        email: reader.email,
        address: [],
      },
      lines: order.items.map((item) => ({ description: item.title, quantity: 1, amount_minor: item.price })),
      total_minor: order.total,
      vat: vatLine(order.total, settings.vat_rate_percent),
      paid_with: 'balance',
      ...creditNotesPart(await creditNotesOf(db, reader.id, { orderId: order.id }), order.total, (note) => {
        const item = order.items.find((_, index) => order.itemIds[index] === note.subjectId);
        return note.subject === 'order_item' && item
          ? `${texts.refundToBalance}: ${item.title}`
          : texts.refundToBalance;
      }),
    };
  }

  const deposit = await ownDeposit(db, reader.id, input.id);
  // A deposit not (yet) paid has moved no money: there is nothing to give a receipt for.
  if (deposit.status !== 'success') throw AppError.notFound();
  const paid = deposit.paidAmountMinor ?? deposit.amountMinor;
  const currency = await findCurrency(db, deposit.currency);
  const credited = formatReceiptCredits(
    deposit.internalAmount,
    input.locale,
    settings.internal_currency_name,
  );
  return {
    kind: 'deposit',
    id: deposit.id,
    number: receiptNumber('deposit', deposit.id, deposit.createdAt),
    issued_at: (deposit.settledAt ?? deposit.createdAt).toISOString(),
    language: input.locale,
    currency: deposit.currency,
    currency_symbol: currency?.symbol ?? null,
    seller,
    buyer: {
      name: `${deposit.firstName} ${deposit.lastName}`.trim(),
      email: deposit.email,
      address: [deposit.address, `${deposit.zip} ${deposit.city}`.trim(), deposit.countryIso].filter(Boolean),
    },
    lines: [{ description: texts.topUp.replace('{amount}', credited), quantity: 1, amount_minor: paid }],
    total_minor: paid,
    vat: vatLine(paid, settings.vat_rate_percent),
    paid_with: deposit.provider,
    ...creditNotesPart(
      await creditNotesOf(db, reader.id, { depositId: deposit.id }),
      paid,
      () => texts.refundToPaymentMethod,
    ),
  };
}

/** The receipt's credit notes and what is left of its total after them. */
function creditNotesPart(
  notes: CreditNote[],
  total: number,
  describe: (note: CreditNote) => string,
): Pick<Receipt, 'credit_notes' | 'total_after_refunds_minor'> {
  return {
    credit_notes: notes.map((note) => ({
      number: note.number,
      issued_at: note.issuedAt.toISOString(),
      description: describe(note),
      reason: note.reason,
      amount_minor: note.amountMinor,
    })),
    total_after_refunds_minor: total - notes.reduce((sum, note) => sum + note.amountMinor, 0),
  };
}

/** The settings' address, one line per line, without empty ones. */
function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
