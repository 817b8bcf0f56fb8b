import { useForm } from 'react-hook-form';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogTitle } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import type { PayoutMethod } from './payout-summary';

const methods = ['sepa', 'card'] as const satisfies readonly PayoutMethod[];

/** The choice of payout: a SEPA transfer or a card. Going back keeps the choice. */
export function MethodStep({
  method,
  onBack,
  onChoose,
}: {
  method: PayoutMethod;
  onBack: (method: PayoutMethod) => void;
  onChoose: (method: PayoutMethod) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, getValues } = useForm<{ method: PayoutMethod }>({
    defaultValues: { method },
  });
  return (
    <form onSubmit={handleSubmit((values) => onChoose(values.method))}>
      <DialogTitle>{t('offers.method.title')}</DialogTitle>
      <fieldset className="mt-4 space-y-3">
        <legend className="sr-only">{t('offers.method.title')}</legend>
        {methods.map((choice) => (
          <label
            key={choice}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={choice} className="h-4 w-4 accent-brand-600" {...register('method')} />
            <span>
              <span className="block font-semibold text-slate-900">{t(`offers.method.${choice}`)}</span>
              <span className="block text-sm text-slate-600">{t(`offers.method.${choice}Time`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={() => onBack(getValues('method'))}>
          {t('offers.back')}
        </button>
        <button type="submit" className={buttonStyles.primary}>
          {t('offers.continue')}
        </button>
      </DialogActions>
    </form>
  );
}
