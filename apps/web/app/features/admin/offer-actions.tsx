import {
  type AdminOffer,
  adminOfferCounterRequest,
  adminOfferPublishRequest,
} from '@promptmarket/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-fields';
import { newIdempotencyKey } from '../../lib/api-client';
import { fieldError } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n';
import { contractResolver, TextAreaField, withFieldErrors } from './admin-form';
import type { useAdminAction } from './admin-ui';
import { counterOffer, publishOffer } from './api';

/**
 * The back office's actions on one offer, on the offers list and on the offer's own page: the
 * service's counter-price for a pending offer, and Publish for an accepted picture, filled in
 * with the prompt its seller gave. Both are checked with their contracts before they are sent, and
 * the API's refusal shows at its field.
 */

type CounterValues = z.input<typeof adminOfferCounterRequest>;
const counterResolver = contractResolver(adminOfferCounterRequest);
type PublishValues = z.input<typeof adminOfferPublishRequest>;
const publishResolver = contractResolver(adminOfferPublishRequest);

export function CounterForm({
  offer,
  run,
  busy,
}: {
  offer: Pick<AdminOffer, 'id' | 'title'>;
  run: ReturnType<typeof useAdminAction>['run'];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState, reset } = useForm<CounterValues>({
    resolver: counterResolver,
    defaultValues: { service_price: '' },
  });
  const error = fieldError(formState.errors.service_price?.message, t);
  const fieldId = `counter-${offer.id}`;
  // One key until the price is sent: a double click or a retry after a lost answer prices once.
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = handleSubmit(async (values) => {
    if (
      await run(
        withFieldErrors((api) => counterOffer(api, offer.id, values, key), setError, ['service_price']),
        t('admin.offers.sent'),
      )
    ) {
      reset();
      setKey(newIdempotencyKey());
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={fieldId}>
          {t('admin.offers.counterLabel', { title: offer.title })}
        </label>
        <input
          id={fieldId}
          type="number"
          min={0.01}
          step={0.01}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`w-24 rounded-lg border px-2 py-1.5 text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
          {...register('service_price')}
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
        >
          {t('admin.offers.counter')}
        </button>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1 max-w-56 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function PublishButton({
  offer,
  run,
}: {
  offer: Pick<AdminOffer, 'id' | 'title' | 'prompt'>;
  run: ReturnType<typeof useAdminAction>['run'];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The buyer gets the prompt the seller gave, unless the back office writes another here.
  const { register, handleSubmit, setError, formState } = useForm<PublishValues>({
    resolver: publishResolver,
    defaultValues: { price: '', prompt: offer.prompt ?? '' },
  });
  const error = (name: 'price' | 'prompt') => fieldError(formState.errors[name]?.message, t);
  // Made when the dialog opens, the same for every send from it.
  const [key, setKey] = useState('');
  const submit = handleSubmit(async (values) => {
    const done = await run(
      withFieldErrors((api) => publishOffer(api, offer.id, values, key), setError, ['price', 'prompt']),
      t('admin.offers.published'),
    );
    if (done) setOpen(false);
  });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setKey(newIdempotencyKey());
          setOpen(true);
        }}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700"
      >
        {t('admin.offers.publish')}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit} noValidate>
              <DialogTitle>{t('admin.offers.publish')}</DialogTitle>
              <DialogDescription>{t('admin.offers.publishText', { title: offer.title })}</DialogDescription>
              <TextField
                id={`publish-price-${offer.id}`}
                label={t('admin.offers.shopPrice')}
                type="number"
                min={0.01}
                step={0.01}
                required
                error={error('price')}
                className="mt-4 max-w-xs"
                {...register('price')}
              />
              <TextAreaField
                id={`publish-prompt-${offer.id}`}
                label={t('admin.offers.prompt')}
                hint={t('adminWork.offers.publishHint')}
                required
                maxLength={4000}
                rows={4}
                lang="en"
                error={error('prompt')}
                className="mt-4"
                {...register('prompt')}
              />
              <DialogFormActions
                cancel={t('admin.cancel')}
                submit={t('admin.offers.publish')}
                busy={formState.isSubmitting}
              />
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
