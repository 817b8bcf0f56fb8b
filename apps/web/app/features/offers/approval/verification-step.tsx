import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Link } from '../../../components/ui/link';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';

/** An offer of 150 EUR or more before the identity is verified: says so and links to verification. */
export function VerificationStep({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  return (
    <>
      <DialogTitle>{t('offers.verification.title')}</DialogTitle>
      <DialogDescription>{t('offers.verification.text')}</DialogDescription>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {t('offers.close')}
        </button>
        <Link to={paths.verification(locale)} className={buttonStyles.primary}>
          {t('offers.verification.link')}
        </Link>
      </DialogActions>
    </>
  );
}
