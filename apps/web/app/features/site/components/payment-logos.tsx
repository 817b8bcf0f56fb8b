/**
 * Card schemes and wallets the payment provider accepts, and SEPA for payouts: their logos as
 * static SVG files (apps/web/public/payments), each named by its brand for screen readers. As
 * images they add nothing to the page's code, and below the fold they load only when near.
 */
const brands = ['Visa', 'Mastercard', 'Maestro', 'Apple Pay', 'Google Pay', 'PayPal', 'SEPA'];

export function PaymentLogos({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {brands.map((brand) => (
        <li key={brand}>
          <img
            src={`/payments/${brand.toLowerCase().replace(' ', '-')}.svg`}
            alt={brand}
            width={48}
            height={30}
            loading="lazy"
            className="block"
          />
        </li>
      ))}
    </ul>
  );
}
