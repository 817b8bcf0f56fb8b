import type { AdminPayoutBatch } from '@promptmarket/contracts/admin';
import type { AdminPayoutBatches } from '@promptmarket/contracts/admin-sepa';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-fields';
import { ApiError, newIdempotencyKey } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatInCurrency } from '../../lib/money';
import { useApi } from '../../lib/use-api';
import { exportSepaPayouts } from './api';

/**
 * The SEPA export: a dialog that either says what the server needs before a file can be made
 * (the shop's own account, from the environment), or asks to export every requested bank payout
 * as one file. What goes wrong is shown in the dialog itself, where the admin is looking; the
 * new file is listed with the earlier ones and can be downloaded from there again. The export
 * sends no fields (the server takes every requested bank payout), so the form has none to check:
 * it only carries the sending and its refusal.
 */
export function SepaExportButton({
  debtor,
  locale,
}: {
  debtor: AdminPayoutBatches['sepa_debtor'] | undefined;
  locale: string;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [made, setMade] = useState<AdminPayoutBatch | null>(null);
  const { handleSubmit, setError, clearErrors, formState } = useForm();
  const busy = formState.isSubmitting;
  const error = formState.errors.root?.server?.message;
  const exportFile = handleSubmit(async () => {
    clearErrors();
    try {
      setMade((await exportSepaPayouts(api, key)).payload);
      revalidator.revalidate();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : String(caught);
      setError('root.server', { type: 'server', message: t('admin.actionFailed', { message }) });
    }
  });
  const amount = (batch: AdminPayoutBatch) =>
    formatInCurrency(centsFromDecimal(batch.total), { symbol: '€' }, locale);
  return (
    <>
      <button
        type="button"
        className={buttonStyles.primary}
        onClick={() => {
          setKey(newIdempotencyKey());
          clearErrors();
          setMade(null);
          setOpen(true);
        }}
      >
        {t('admin.payouts.exportSepa')}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (busy ? null : setOpen(next))}>
          <DialogContent closeLabel={t('admin.sepa.close')}>
            <form onSubmit={exportFile} noValidate>
              <DialogTitle>{t('admin.payouts.exportSepa')}</DialogTitle>
              {debtor === null ? (
                <div className="mt-3">
                  <FormAlert kind="error">{t('admin.sepa.notConfigured')}</FormAlert>
                </div>
              ) : made ? (
                <div className="mt-3 space-y-3">
                  <FormAlert kind="success">
                    {t('admin.sepa.done', {
                      id: made.message_id,
                      count: made.transfers,
                      amount: amount(made),
                    })}
                  </FormAlert>
                  <a
                    href={made.file_url}
                    download
                    className="text-sm font-semibold text-brand-700 hover:underline"
                  >
                    {t('admin.sepa.download', { id: made.message_id })}
                  </a>
                </div>
              ) : (
                <>
                  <DialogDescription>{t('admin.payouts.confirmExport')}</DialogDescription>
                  {debtor ? (
                    <p className="mt-2 text-sm text-slate-600">
                      {t('admin.sepa.debtor', { name: debtor.name, iban: debtor.iban_masked })}
                    </p>
                  ) : null}
                  {error ? (
                    <div className="mt-3">
                      <FormAlert kind="error">{error}</FormAlert>
                    </div>
                  ) : null}
                </>
              )}
              <DialogFormActions
                cancel={debtor !== null && !made ? t('admin.cancel') : t('admin.sepa.close')}
                submit={debtor !== null && !made ? t('admin.payouts.exportSepa') : undefined}
                busy={busy}
              />
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
