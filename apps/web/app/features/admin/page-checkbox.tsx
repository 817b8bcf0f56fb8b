import { useEffect, useRef } from 'react';

/**
 * The "all" box of a list's page for a bulk action: checked, unchecked or mixed (indeterminate),
 * as a native checkbox the keyboard reaches.
 */
export function PageCheckbox({
  state,
  label,
  onToggle,
}: {
  state: 'all' | 'some' | 'none';
  label: string;
  onToggle: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input
        ref={box}
        type="checkbox"
        checked={state === 'all'}
        onChange={onToggle}
        className="h-5 w-5 accent-brand-600"
      />
      {label}
    </label>
  );
}
