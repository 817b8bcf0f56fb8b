import { paymentMethodBrands } from '@promptmarket/contracts/payment-brands';
import { useTranslation } from '../../../lib/i18n';
import { listText } from '../../../lib/list-text';
import { paymentMethodName } from '../../../lib/payment-methods';

/**
 * What the shop takes, from the ways to pay a deposit offers (`settings.payment_methods`): the card
 * schemes of a card payment, named in the visitor's language ("We accept: Visa and Mastercard")
 * beside their logos, and the SEPA logo by the payouts to sellers, which go to a card or by SEPA
 * transfer. The logos are static SVG files (apps/web/public/payments); the text names them, so
 * they are decoration for screen readers. Below the fold they load only when near.
 */

const logos: Record<string, string> = { Visa: 'visa', Mastercard: 'mastercard', SEPA: 'sepa' };

function Logo({ brand }: { brand: string }) {
  const file = logos[brand];
  if (!file) return null;
  return <img src={`/payments/${file}.svg`} alt="" width={48} height={30} loading="lazy" className="block" />;
}

export function PaymentLogos({ methods }: { methods: readonly string[] }) {
  const { t, language } = useTranslation();
  const brands = [
    ...new Set(methods.flatMap((type) => paymentMethodBrands[type] ?? [paymentMethodName(t, { type })])),
  ];
  const list = listText(brands, language);
  return (
    <div className="flex flex-col gap-3 text-xs text-slate-400 sm:items-end">
      {brands.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <p>
            {t('footer.payments')}: {list}
          </p>
          <div className="flex gap-2">
            {brands.map((brand) => (
              <Logo key={brand} brand={brand} />
            ))}
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <p>{t('footer.payouts')}</p>
        <Logo brand="SEPA" />
      </div>
    </div>
  );
}
