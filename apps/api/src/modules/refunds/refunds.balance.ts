import { receiptNumber } from '@promptmarket/contracts/receipts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { audited } from '../audit/audit.service';
import { productsShown } from '../catalogue/catalogue.service';
import { lockGenerationForRefund } from '../generation/generation.admin';
import { mailAccount } from '../mail/mail.notify';
import { lockOrderForRefund, orderIdOfItem, revokeOrderItems } from '../orders/orders.admin';
import { getStoredSettings } from '../site/site.service';
import { refundToBalance, walletBalance } from '../wallet/wallet.service';
import {
  type Admin,
  amountOf,
  generationLeft,
  insertRefund,
  orderLeft,
  type RefundInput,
} from './refunds.amounts';
import type { RefundRow } from './refunds.tables';

/**
 * Refunds to the balance (decision 0048): an order, one of its items, or a paid generation. Each is
 * one transaction: the subject's row is locked, what is left is read under that lock, the refund is
 * recorded and the ledger gives the credits back under the refund's own key, the buyer's access to
 * what was refunded in full ends, the mail is queued and the audit entry written.
 */

export async function refundOrder(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow> {
  const orderId = input.subject === 'order' ? input.subjectId : await orderIdOfItem(db, input.subjectId);
  const settings = await getStoredSettings(db);
  return audited(
    db,
    {
      adminId: admin.id,
      action: input.subject === 'order' ? 'refund.order' : 'refund.order_item',
      subject: { type: input.subject, id: input.subjectId },
    },
    async (tx) => {
      const order = await lockOrderForRefund(tx, orderId);
      const left = await orderLeft(tx, order);
      const remaining = input.subject === 'order' ? left.remaining : left.item(input.subjectId).remaining;
      const amount = amountOf(input, remaining, settings.internal_currency_name);
      const balanceBefore = await walletBalance(tx, order.userId);
      const row = await insertRefund(tx, {
        subject: input.subject,
        subjectId: input.subjectId,
        orderId: order.id,
        userId: order.userId,
        adminId: admin.id,
        amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        status: 'succeeded',
      });
      await refundToBalance(tx, {
        userId: order.userId,
        amount,
        key: `refund:${row.id}`,
        kind: 'purchase_refund',
        reference: `order:${order.id}`,
        refundId: row.id,
      });
      // A prompt refunded in full is no longer the buyer's: the whole order once nothing of it
      // is left, else the item once its own price is given back.
      const after = await orderLeft(tx, order);
      const revoked =
        after.remaining === 0
          ? order.items.filter((item) => !item.refunded)
          : order.items.filter(
              (item) =>
                !item.refunded && item.id === input.subjectId && after.item(item.id).refunded >= item.price,
            );
      await revokeOrderItems(
        tx,
        revoked.map((item) => item.id),
      );
      await mailAccount(tx, order.userId, 'refund-order', 'dashboard/wallet', async ({ locale, credits }) => {
        const shown = await productsShown(
          tx,
          revoked.map((item) => item.productId),
          locale,
        );
        const titles = revoked.map((item) => shown.get(item.productId)?.title ?? `#${item.productId}`);
        return {
          number: String(order.id),
          amount: credits(amount),
          reason: input.reason,
          ...(titles.length > 0 ? { revoked: titles.join(', ') } : {}),
          receipt: receiptNumber('purchase', order.id, order.createdAt),
          receipt_path: `dashboard/receipts/purchase/${order.id}`,
        };
      });
      return {
        result: row,
        subjectId: input.subjectId,
        before: { order_id: order.id, refunded: left.refunded, left: remaining, balance: balanceBefore },
        after: {
          order_id: order.id,
          refund_id: row.id,
          amount,
          reason: input.reason,
          refunded: after.refunded,
          left: remaining - amount,
          balance: balanceBefore + amount,
          revoked_items: revoked.map((item) => item.id),
        },
      };
    },
  );
}

export async function refundGeneration(db: Db, admin: Admin, input: RefundInput): Promise<RefundRow> {
  const settings = await getStoredSettings(db);
  return audited(
    db,
    { adminId: admin.id, action: 'refund.generation', subject: { type: 'generation', id: input.subjectId } },
    async (tx) => {
      const generation = await lockGenerationForRefund(tx, input.subjectId);
      // One still being drawn may yet fail and be refunded by itself: it waits until it is done.
      if (generation.status === 'processing') throw AppError.conflict('refund.generation_processing');
      const left = await generationLeft(tx, generation);
      const amount = amountOf(input, left.remaining, settings.internal_currency_name);
      const balanceBefore = await walletBalance(tx, generation.userId);
      const row = await insertRefund(tx, {
        subject: 'generation',
        subjectId: generation.id,
        userId: generation.userId,
        adminId: admin.id,
        amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        status: 'succeeded',
      });
      await refundToBalance(tx, {
        userId: generation.userId,
        amount,
        key: `refund:${row.id}`,
        kind: 'generation_refund',
        reference: `generation:${generation.id}`,
        refundId: row.id,
      });
      await mailAccount(tx, generation.userId, 'refund-generation', 'dashboard/wallet', ({ credits }) => ({
        number: String(generation.id),
        title: generation.title,
        amount: credits(amount),
        reason: input.reason,
      }));
      return {
        result: row,
        before: { refunded: left.refunded, left: left.remaining, balance: balanceBefore },
        after: {
          refund_id: row.id,
          amount,
          reason: input.reason,
          refunded: left.refunded + amount,
          left: left.remaining - amount,
          balance: balanceBefore + amount,
        },
      };
    },
  );
}
