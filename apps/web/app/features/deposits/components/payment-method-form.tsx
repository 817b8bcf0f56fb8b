import type { PaymentMethod } from '@promptmarket/contracts/deposits';
import type { FormEvent } from 'react';
import { SubmitButton } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../lib/i18n';
import { paymentMethodName } from '../../../lib/payment-methods';

/**
 * The second step of a deposit: the payment methods the checked form may use, the amount to pay,
 * and the way back to change the form.
 */
export function PaymentMethodForm({
  methods,
  method,
  onChoose,
  amount,
  paying,
  onPay,
  onEdit,
}: {
  methods: PaymentMethod[];
  /** The chosen method's id, or '' before one is chosen. */
  method: string;
  onChoose: (method: string) => void;
  /** The amount with its currency, as the summary and the button say it. */
  amount: string;
  paying: boolean;
  onPay: (event: FormEvent) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onPay} className="mt-8 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{t('deposit.method')}</legend>
        <p className="mt-1 text-sm text-slate-600">{t('deposit.methodHint')}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {methods.map((item) => (
            <label
              key={item.id}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm font-medium ${method === String(item.id) ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800'}`}
            >
              <input
                type="radio"
                name="payment_method_id"
                value={item.id}
                checked={method === String(item.id)}
                onChange={() => onChoose(String(item.id))}
                className="h-4 w-4 accent-brand-600"
              />
              {paymentMethodName(t, item)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-5 text-sm text-slate-700">{t('deposit.summary', { amount })}</p>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={onEdit}
          disabled={paying}
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('deposit.edit')}
        </button>
        <SubmitButton busy={paying} busyLabel={t('deposit.paying')} disabled={!method}>
          {t('deposit.pay', { amount })}
        </SubmitButton>
      </div>
    </form>
  );
}
