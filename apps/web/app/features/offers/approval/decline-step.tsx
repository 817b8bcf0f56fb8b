import type { Offer } from '@promptmarket/contracts/offers';
import { useEffect, useRef } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { DialogActions, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { euroText } from '../rules';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Declining cannot be undone, so it is asked again. The step opens with the focus on its
 * question, never on the button that declines: Enter or Space pressed out of habit does nothing.
 */
export function DeclineStep({
  offer,
  busy,
  onKeep,
  onDecline,
}: {
  offer: Offer;
  busy: boolean;
  onKeep: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <>
      <DialogTitle ref={title} tabIndex={-1} className="outline-none">
        {t('offers.decline.title')}
      </DialogTitle>
      <DialogDescription>
        {t('offers.decline.text', { title: offer.title, price: euroText(offer.service_price ?? 0, locale) })}
      </DialogDescription>
      <DialogActions>
        <button type="button" className={buttonStyles.secondary} onClick={onKeep} disabled={busy}>
          {t('offers.decline.keep')}
        </button>
        <button type="button" className={dangerButton} onClick={onDecline} disabled={busy}>
          {busy ? t('offers.details.declining') : t('offers.decline.confirm')}
        </button>
      </DialogActions>
    </>
  );
}
