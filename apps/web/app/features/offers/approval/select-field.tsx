import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

/** A labelled select of the approval's forms, its error wired for screen readers. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  ComponentProps<'select'> & { label: string; error?: string | undefined; children: ReactNode }
>(function SelectField({ label, error, children, ...props }, ref) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${selectClass} ${error ? 'border-red-500' : ''}`}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});
