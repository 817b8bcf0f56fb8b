import { type FormEvent, useId, useMemo, useState } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { newIdempotencyKey } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import type { useAdminAction } from './admin-ui';
import { adjustBalance } from './api';

/** A balance correction with its reason, from the users list and the customer page. */
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
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  // One key per adjustment typed: sending it again (a double click, a retry after a lost answer)
  // adjusts once; another amount or reason is another adjustment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for every amount and reason typed
  const key = useMemo(() => newIdempotencyKey(), [amount, reason, open]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (
      await run(
        (api) => adjustBalance(api, userId, { amount: amount.replace(',', '.'), reason }, key),
        t('admin.users.adjustDone'),
      )
    ) {
      setOpen(false);
      setAmount('');
      setReason('');
    }
  }
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
            <form onSubmit={submit}>
              <DialogTitle>{t('admin.users.adjust')}</DialogTitle>
              <DialogDescription>{t('admin.users.adjustText', { email })}</DialogDescription>
              <label
                htmlFor={`${id}-amount`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.users.amount')}
              </label>
              <input
                id={`${id}-amount`}
                required
                inputMode="decimal"
                pattern="-?\d{1,9}([.,]\d{1,2})?"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                className="block w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <label
                htmlFor={`${id}-reason`}
                className="mt-4 mb-1.5 block text-sm font-medium text-slate-800"
              >
                {t('admin.reason')}
              </label>
              <textarea
                id={`${id}-reason`}
                required
                minLength={3}
                maxLength={500}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <DialogActions>
                <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)}>
                  {t('admin.cancel')}
                </button>
                <button type="submit" className={buttonStyles.primary}>
                  {t('admin.users.adjust')}
                </button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
