import { useLocation } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { Link } from '../../components/ui/link';
import { depositReturningTo } from '../../lib/deposit-return';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import type { PurchaseFailure } from './rules';

/** A refusal's text, with a link to deposit (and back here after it) when money was short. */
export function PurchaseFailureAlert({ failure }: { failure: PurchaseFailure }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const location = useLocation();
  return (
    <FormAlert kind="error">
      {failure.message}
      {failure.short ? (
        <>
          {' '}
          <Link
            to={depositReturningTo(locale, location.pathname + location.search)}
            className="font-semibold underline"
          >
            {t('purchase.topUp')}
          </Link>
        </>
      ) : null}
    </FormAlert>
  );
}
