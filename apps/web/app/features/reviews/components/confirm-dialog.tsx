import { useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-fields';
import { useTranslation } from '../../../lib/i18n';

/**
 * A question before deleting one's review or reporting another's. Its code (the dialog's) comes
 * when its button is reached for, not with the product page. `onConfirm` answers the failure's
 * text, or null when done (the dialog is then closed by its owner).
 */
export default function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  tone = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  tone?: 'primary' | 'danger';
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setFailure(null);
    const failed = await onConfirm();
    setBusy(false);
    setFailure(failed);
  }
  const look =
    tone === 'danger'
      ? 'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60'
      : buttonStyles.primary;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent closeLabel={t('reviews.close')}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {failure ? (
          <div className="mt-4">
            <FormAlert kind="error">{failure}</FormAlert>
          </div>
        ) : null}
        <DialogActions>
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
            {t('reviews.cancel')}
          </button>
          <button type="button" className={look} onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
