import { type AdminOffersBulkRequest, adminOffersBulkRequest } from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormAlert, TextField } from '../../components/ui/form-fields';
import { newIdempotencyKey } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { bodyResolver, errorAt } from './admin-ui';
import type { useBulkAction } from './bulk-action';
import { bulkOffers } from './work-api';

/** What the admin types: one shop price for every chosen offer. */
type BulkPublishValues = { price: string };
type BulkPublishBody = Extract<AdminOffersBulkRequest, { action: 'publish' }>;
/** The chosen offers' error (none, or too many) shows above the price. */
const bulkPublishFields = ['price', 'ids'] as const;

/**
 * Publish for the chosen offers: one shop price, each with its seller's prompt. The price is
 * checked as the body it becomes, by the contract of `POST /admin/offers/bulk`, and goes out as
 * typed (the API reads it by the same amount rule); the API's refusal shows at the price. The
 * Idempotency-Key is made when the dialog opens and kept for every send from it.
 */
export function BulkPublishButton({
  ids,
  disabled,
  run,
}: {
  ids: readonly number[];
  disabled: boolean;
  run: ReturnType<typeof useBulkAction<number>>['run'];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  // Built again with each render: the chosen offers are part of the body the contract checks.
  const resolver = bodyResolver(
    adminOffersBulkRequest,
    (values: BulkPublishValues): BulkPublishBody => ({
      action: 'publish',
      ids: [...ids],
      price: values.price,
    }),
  );
  const { register, handleSubmit, setError, clearErrors, formState, reset } = useForm<
    BulkPublishValues,
    unknown,
    BulkPublishBody
  >({ resolver, defaultValues: { price: '' } });
  const busy = formState.isSubmitting;
  const chosenError = errorAt(formState.errors, 'ids', t);

  const submit = handleSubmit(async (body) => {
    const done = await run(async () => {
      try {
        return await bulkOffers(api, body, key);
      } catch (caught) {
        applyServerErrors(caught, setError, bulkPublishFields);
        throw caught;
      }
    });
    if (done) {
      setOpen(false);
      reset();
    }
  });

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          setKey(newIdempotencyKey());
          clearErrors();
          setOpen(true);
        }}
        className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {t('adminWork.offers.bulkPublish')}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (busy ? null : setOpen(next))}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit} noValidate>
              <DialogTitle>{t('adminWork.offers.bulkPublish')}</DialogTitle>
              <DialogDescription>
                {t('adminWork.offers.bulkPublishQuestion', { count: ids.length })}
              </DialogDescription>
              {chosenError ? (
                <div className="mt-4">
                  <FormAlert kind="error">{chosenError}</FormAlert>
                </div>
              ) : null}
              <TextField
                label={t('adminWork.offers.bulkPrice')}
                type="number"
                min={0.01}
                step={0.01}
                required
                error={errorAt(formState.errors, 'price', t)}
                className="mt-4 max-w-xs"
                {...register('price')}
              />
              <DialogFormActions
                cancel={t('admin.cancel')}
                submit={t('adminWork.offers.bulkPublish')}
                busy={busy}
              />
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
