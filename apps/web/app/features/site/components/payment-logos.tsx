/** Card schemes and wallets the payment provider accepts, drawn as small badges (no external images). */
const badges = [
  { name: 'Visa', className: 'bg-white text-[#1a1f71] italic font-black' },
  { name: 'Mastercard', className: 'bg-white text-[#eb001b] font-bold' },
  { name: 'Maestro', className: 'bg-white text-[#00629b] font-bold' },
  { name: 'Apple Pay', className: 'bg-black text-white font-semibold border border-white/30' },
  { name: 'Google Pay', className: 'bg-white text-slate-800 font-semibold' },
  { name: 'PayPal', className: 'bg-white text-[#003087] font-bold italic' },
];

export function PaymentLogos({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {badges.map((badge) => (
        <li key={badge.name} className={`rounded px-2 py-1 text-[11px] leading-none ${badge.className}`}>
          {badge.name}
        </li>
      ))}
    </ul>
  );
}
