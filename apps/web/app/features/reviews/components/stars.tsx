import { filledPercent } from '../rules';

/**
 * Five stars filled as far as `value` reaches (to the nearest half star): a picture only, made of
 * text. Whoever shows it says the number in words beside it.
 */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`relative inline-block whitespace-nowrap leading-none ${className}`}>
      <span className="text-slate-300">★★★★★</span>
      <span
        className="absolute inset-y-0 left-0 overflow-hidden text-amber-500"
        style={{ width: `${filledPercent(value)}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}
