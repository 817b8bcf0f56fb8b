import { type FormEvent, useId, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogTitle,
} from '../../components/ui/dialog';
import { newIdempotencyKey } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';

/** A button that asks first; with `askReason` the dialog also takes the reason the action needs. */
export function ConfirmButton({
  label,
  question,
  askReason = false,
  disabled,
  onConfirm,
  tone = 'danger',
}: {
  label: string;
  question: string;
  askReason?: boolean;
  disabled?: boolean;
  /** Gets the reason, and the Idempotency-Key made when the dialog opened (the same on a retry). */
  onConfirm: (reason: string, idempotencyKey: string) => Promise<boolean>;
  tone?: 'danger' | 'primary';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    // The dialog is drawn elsewhere in the page, but its submit still bubbles through the React
    // tree: a form around the button must not take it for its own.
    event.stopPropagation();
    if (askReason && reason.trim().length < 3) return;
    setBusy(true);
    const ok = await onConfirm(reason.trim(), key);
    setBusy(false);
    if (ok) {
      setOpen(false);
      setReason('');
    }
  }
  const look =
    tone === 'danger'
      ? 'rounded-lg border border-red-300 px-3 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50'
      : 'rounded-lg bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-700';
  return (
    <>
      <button
        type="button"
        className={look}
        disabled={disabled}
        onClick={() => {
          setKey(newIdempotencyKey());
          setOpen(true);
        }}
      >
        {label}
      </button>
      {open ? (
        <Dialog open onOpenChange={(next) => (busy ? null : setOpen(next))}>
          <DialogContent closeLabel={t('admin.cancel')}>
            <form onSubmit={confirm}>
              <DialogTitle>{label}</DialogTitle>
              <DialogDescription>{question}</DialogDescription>
              {askReason ? (
                <div className="mt-4">
                  <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('admin.reason')}
                  </label>
                  <textarea
                    id={id}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    rows={3}
                    minLength={3}
                    maxLength={500}
                    required
                    className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
              ) : null}
              <DialogFormActions cancel={t('admin.cancel')} submit={label} busy={busy} />
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
