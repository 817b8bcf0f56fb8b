import {
  type AdminRefundable,
  type AdminRefundInput,
  adminRefundRequest,
  type RefundSubject,
} from '@promptmarket/contracts/admin-refunds';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert, TextField } from '../../components/ui/form-fields';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { formatCredits } from '../../lib/credits';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatAmount, formatInternal } from '../../lib/money';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import { TextAreaField } from './admin-form';
import { bodyResolver } from './admin-ui';
import { createRefund, getRefundable } from './api';

/** What the admin types: the amount (empty: everything left) and the reason. */
type RefundValues = { amount: string; reason: string };
/** The subject's error (nothing or too much named) shows above the fields. */
const refundFields = ['amount', 'reason', 'subject'] as const;

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
  // The fields are checked as the body they become, by the contract of `POST /admin/refunds`: the
  // problems are the API's own, on the same fields.
  const resolver = useMemo(
    () => bodyResolver(adminRefundRequest, (values: RefundValues) => subjectBody(subject, id, values)),
    [subject, id],
  );
  const { register, handleSubmit, setError, clearErrors, formState, reset, getValues } = useForm<
    RefundValues,
    unknown,
    AdminRefundInput
  >({ resolver, defaultValues: { amount: '', reason: '' } });
  const [key, setKey] = useState('');
  /** The body checked at the review, which the confirmation sends. */
  const [body, setBody] = useState<AdminRefundInput | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = (name: (typeof refundFields)[number]) =>
    fieldError((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message, t);

  async function start() {
    setOpen(true);
    setStep('loading');
    clearErrors();
    setFailure(null);
    reset({ amount: '', reason: '' });
    setKey('');
    try {
      const { payload } = await getRefundable(api, { subject, id });
      setLeft(payload);
      reset({
        amount: formatAmount(centsFromDecimal(payload.refundable), 'en').replace(/,/g, ''),
        reason: '',
      });
      setStep('edit');
    } catch {
      setStep('failed');
    }
  }

  const credits = (value: number) =>
    left ? formatCredits(centsFromDecimal(value), locale, left.internal_currency_name, t) : '';
  const { amount, reason } = getValues();
  const typedCents = Math.round(Number(amount.replace(',', '.')) * 100);

  const review = handleSubmit((checked) => {
    setBody(checked);
    setKey((current) => current || newIdempotencyKey());
    setStep('confirm');
  });

  async function confirm() {
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      const { payload } = await createRefund(api, body, key);
      setOpen(false);
      onDone?.(
        t(payload.status === 'pending' ? 'admin.refunds.pending' : 'admin.refunds.done', {
          number: payload.number,
        }),
      );
      revalidator.revalidate();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors) {
        applyServerErrors(caught, setError, refundFields);
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
                {error('subject') ? (
                  <div className="mt-4">
                    <FormAlert kind="error">{error('subject')}</FormAlert>
                  </div>
                ) : null}
                <TextField
                  id={`${fieldId}-amount`}
                  label={t('admin.refunds.amountLabel', { currency: left.internal_currency_name })}
                  hint={t('admin.refunds.amountHint', { amount: credits(left.refundable) })}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  error={error('amount')}
                  className="mt-4 max-w-xs"
                  {...register('amount')}
                />
                <TextAreaField
                  id={`${fieldId}-reason`}
                  label={t('admin.refunds.reasonLabel')}
                  required
                  maxLength={500}
                  rows={3}
                  error={error('reason')}
                  className="mt-4"
                  {...register('reason')}
                />
                <DialogFormActions cancel={t('admin.cancel')} submit={t('admin.refunds.review')} />
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
              <DialogFormActions cancel={t('admin.cancel')} />
            ) : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

/** The request's body: the subject's own field names what is refunded; an empty amount is all that is left. */
function subjectBody(subject: RefundSubject, id: number, values: RefundValues): AdminRefundInput {
  const amount = values.amount.replace(',', '.').trim();
  const field = {
    order: 'order_id',
    order_item: 'item_id',
    generation: 'generation_id',
    deposit: 'deposit_id',
  }[subject];
  return {
    [field]: id,
    amount: amount === '' ? undefined : amount,
    reason: values.reason.trim(),
  } as AdminRefundInput;
}
