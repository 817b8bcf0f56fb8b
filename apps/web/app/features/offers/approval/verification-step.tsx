import type { VerificationStatus } from '@promptmarket/contracts/accounts';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';

/**
 * An offer of 150 EUR or more before the identity is verified: says so and links to verification.
 * A verification under review is named as such (nothing to send again), and a declined one asks
 * for the details again.
 */
export function VerificationStep({
  status,
  onClose,
}: {
  status: VerificationStatus | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const pending = status === 'pending';
  const text = pending
    ? t('offers.verification.pendingText')
    : status === 'declined'
      ? t('offers.verification.declinedText')
      : t('offers.verification.text');
  const link = pending
    ? t('offers.verification.pendingLink')
    : status === 'declined'
      ? t('offers.verification.declinedLink')
      : t('offers.verification.link');
  return (
    <>
      <DialogTitle>
        {pending ? t('offers.verification.pendingTitle') : t('offers.verification.title')}
      </DialogTitle>
      <DialogDescription>{text}</DialogDescription>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {t('offers.close')}
        </button>
        <Link to={paths.verification(locale)} className={buttonStyles.primary}>
          {link}
        </Link>
      </DialogActions>
    </>
  );
}
