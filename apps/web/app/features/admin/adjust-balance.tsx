import { adminAdjustBalanceRequest } from '@promptmarket/contracts/admin';
import { useId, useMemo, useState } from 'react';
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
import { adjustBalance } from './api';

type AdjustForm = z.input<typeof adminAdjustBalanceRequest>;
const fields = ['amount', 'reason'] as const;
const resolver = contractResolver(adminAdjustBalanceRequest);

/**
 * A balance correction with its reason, from the users list and the customer page: checked with
 * the contract of `POST /admin/users/:id/adjust` before it is sent, and the API's refusal shown at
 * its field.
 */
export function AdjustButton({
  userId,
  email,
  run,
}: {
  userId: string;
  email: string;
  run: ReturnType<typeof useAdminAction>['run'];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<AdjustForm>({
    resolver,
    defaultValues: { amount: '', reason: '' },
  });
  const error = (name: (typeof fields)[number]) => fieldError(formState.errors[name]?.message, t);
  const [amount, reason] = watch(['amount', 'reason']);
  // One key per adjustment typed: sending it again (a double click, a retry after a lost answer)
  // adjusts once; another amount or reason is another adjustment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for every amount and reason typed
  const key = useMemo(() => newIdempotencyKey(), [amount, reason, open]);

  const submit = handleSubmit(async (values) => {
    const done = await run(
      withFieldErrors((api) => adjustBalance(api, userId, values, key), setError, fields),
      t('admin.users.adjustDone'),
    );
    if (done) {
      setOpen(false);
      reset();
    }
  });

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t('admin.users.adjust')}
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={submit} noValidate>
              <DialogTitle>{t('admin.users.adjust')}</DialogTitle>
              <DialogDescription>{t('admin.users.adjustText', { email })}</DialogDescription>
              <TextField
                id={`${id}-amount`}
                label={t('admin.users.amount')}
                required
                inputMode="decimal"
                autoComplete="off"
                error={error('amount')}
                className="mt-4 max-w-xs"
                {...register('amount')}
              />
              <TextAreaField
                id={`${id}-reason`}
                label={t('admin.reason')}
                required
                maxLength={500}
                rows={2}
                error={error('reason')}
                className="mt-4"
                {...register('reason')}
              />
              <DialogFormActions
                cancel={t('admin.cancel')}
                submit={t('admin.users.adjust')}
                busy={formState.isSubmitting}
              />
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
