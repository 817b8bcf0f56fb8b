import type { AdminRefundable, AdminRefundInput, RefundSubject } from '@promptmarket/contracts/admin-refunds';
import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-fields';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatAmount, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { createRefund, getRefundable } from './api';

type Step = 'loading' | 'failed' | 'edit' | 'confirm';

/**
 * Refunds an order, one of its items, a generation (to the buyer's balance) or a deposit (to its
 * payment method), decision 0048: the dialog shows what was paid and what is left, takes the
 * amount (everything left unless changed) and the reason the buyer reads, then asks to confirm.
 * The Idempotency-Key is made when the refund is confirmed and kept while the dialog is open:
 * a double click or a retry after a lost answer refunds once.
 */
export function RefundButton({
  subject,
  id,
  label,
  disabled,
  onDone,
}: {
  subject: RefundSubject;
  id: number;
  /** The button's text; "Refund" unless given. */
  label?: string;
  disabled?: boolean;
  /** Told the outcome to show beside the list (the list reloads by itself). */
  onDone?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const revalidator = useRevalidator();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('loading');
  const [left, setLeft] = useState<AdminRefundable | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function start() {
    setOpen(true);
    setStep('loading');
    setErrors({});
    setFailure(null);
    setReason('');
    setKey('');
    try {
      const { payload } = await getRefundable(api, { subject, id });
      setLeft(payload);
      setAmount(formatAmount(centsFromDecimal(payload.refundable), 'en').replace(/,/g, ''));
      setStep('edit');
    } catch {
      setStep('failed');
    }
  }

  const credits = (value: number) =>
    left ? formatCredits(centsFromDecimal(value), locale, left.internal_currency_name, t) : '';
  const typedCents = Math.round(Number(amount.replace(',', '.')) * 100);

  function review(event: FormEvent) {
    event.preventDefault();
    setKey((current) => current || newIdempotencyKey());
    setStep('confirm');
  }

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const { payload } = await createRefund(
        api,
        subjectBody(subject, id, amount.replace(',', '.').trim(), reason.trim()),
        key,
      );
      setOpen(false);
      onDone?.(
        t(payload.status === 'pending' ? 'admin.refunds.pending' : 'admin.refunds.done', {
          number: payload.number,
        }),
      );
      revalidator.revalidate();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors) {
        setErrors(
          Object.fromEntries(Object.entries(caught.errors).map(([name, list]) => [name, list[0] ?? ''])),
        );
        // A refusal names what to change: back to the form, with a new key for the new request.
        setKey('');
        setStep('edit');
      } else {
        setFailure(caught instanceof ApiError ? caught.message : String(caught));
        // A 409 is final (nothing left, refused by the provider): another try is another request.
        if (caught instanceof ApiError && caught.status === 409) setKey('');
      }
    } finally {
      setBusy(false);
    }
  }

  const toCard = subject === 'deposit';
  return (
    <>
      <button
        type="button"
        onClick={start}
        disabled={disabled}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {label ?? t('admin.refunds.button')}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (busy ? null : setOpen(next))}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <DialogTitle>{t(`admin.refunds.title.${subject}`, { id })}</DialogTitle>
            <DialogDescription>{t(`admin.refunds.explain.${subject}`)}</DialogDescription>
            {step === 'loading' ? (
              <p role="status" className="mt-4 text-sm text-slate-600">
                {t('admin.refunds.loading')}
              </p>
            ) : null}
            {step === 'failed' ? (
              <div className="mt-4">
                <FormAlert kind="error">{t('admin.refunds.loadFailed')}</FormAlert>
              </div>
            ) : null}
            {left && (step === 'edit' || step === 'confirm') ? (
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm">
                <dt className="text-slate-600">{t('admin.refunds.paid')}</dt>
                <dd className="text-right font-medium">{credits(left.paid)}</dd>
                <dt className="text-slate-600">{t('admin.refunds.refunded')}</dt>
                <dd className="text-right">{credits(left.refunded)}</dd>
                <dt className="text-slate-600">{t('admin.refunds.left')}</dt>
                <dd className="text-right font-semibold">{credits(left.refundable)}</dd>
                {left.balance !== null ? (
                  <>
                    <dt className="text-slate-600">{t('admin.refunds.balance')}</dt>
                    <dd className="text-right">{credits(left.balance)}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            {left && step === 'edit' && left.refundable <= 0 ? (
              <p className="mt-4 text-sm font-medium text-slate-800">{t('admin.refunds.nothingLeft')}</p>
            ) : null}
            {left && step === 'edit' && left.refundable > 0 ? (
              <form onSubmit={review} noValidate>
                {errors.subject ? (
                  <div className="mt-4">
                    <FormAlert kind="error">{errors.subject}</FormAlert>
                  </div>
                ) : null}
                <label
                  htmlFor={`${fieldId}-amount`}
                  className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
                >
                  {t('admin.refunds.amountLabel', { currency: left.internal_currency_name })}
                </label>
                <input
                  id={`${fieldId}-amount`}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={`${fieldId}-amount-hint${errors.amount ? ` ${fieldId}-amount-error` : ''}`}
                  className="block w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <p id={`${fieldId}-amount-hint`} className="mt-1 text-xs text-slate-500">
                  {t('admin.refunds.amountHint', { amount: credits(left.refundable) })}
                </p>
                {errors.amount ? (
                  <p id={`${fieldId}-amount-error`} className="mt-1 text-sm text-red-700">
                    {errors.amount}
                  </p>
                ) : null}
                <label
                  htmlFor={`${fieldId}-reason`}
                  className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
                >
                  {t('admin.refunds.reasonLabel')}
                </label>
                <textarea
                  id={`${fieldId}-reason`}
                  required
                  minLength={3}
                  maxLength={500}
                  rows={3}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? `${fieldId}-reason-error` : undefined}
                  className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                {errors.reason ? (
                  <p id={`${fieldId}-reason-error`} className="mt-1 text-sm text-red-700">
                    {errors.reason}
                  </p>
                ) : null}
                <DialogActions>
                  <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                    {t('admin.cancel')}
                  </button>
                  <button type="submit" className={buttonStyles.primary}>
                    {t('admin.refunds.review')}
                  </button>
                </DialogActions>
              </form>
            ) : null}
            {left && step === 'confirm' ? (
              <div>
                <p className="mt-4 text-sm font-medium text-slate-900">
                  {t('admin.refunds.confirmText', {
                    amount: Number.isFinite(typedCents)
                      ? formatCredits(typedCents, locale, left.internal_currency_name, t)
                      : amount,
                    target: t(toCard ? 'admin.refunds.confirmCard' : 'admin.refunds.confirmBalance'),
                  })}
                </p>
                {toCard && left.currency && left.refundable_money !== null ? (
                  <p className="mt-1 text-xs text-slate-600">
                    {t('admin.refunds.left')}:{' '}
                    {formatInternal(centsFromDecimal(left.refundable_money), locale, left.currency)}
                  </p>
                ) : null}
                <p className="mt-2 text-sm text-slate-600">
                  {t('admin.refunds.reason')}: {reason.trim()}
                </p>
                {failure ? (
                  <div className="mt-4">
                    <FormAlert kind="error">{failure}</FormAlert>
                  </div>
                ) : null}
                <DialogActions>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={busy}
                    onClick={() => setStep('edit')}
                  >
                    {t('admin.refunds.back')}
                  </button>
                  <button type="button" className={buttonStyles.primary} disabled={busy} onClick={confirm}>
                    {t('admin.refunds.confirm')}
                  </button>
                </DialogActions>
              </div>
            ) : null}
            {step === 'loading' || step === 'failed' || (left && step === 'edit' && left.refundable <= 0) ? (
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
              </DialogActions>
            ) : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** The request's body: the subject's own field names what is refunded. */
function subjectBody(subject: RefundSubject, id: number, amount: string, reason: string): AdminRefundInput {
  const field = {
    order: 'order_id',
    order_item: 'item_id',
    generation: 'generation_id',
    deposit: 'deposit_id',
  }[subject];
  return { [field]: id, amount: amount === '' ? undefined : amount, reason } as AdminRefundInput;
}
