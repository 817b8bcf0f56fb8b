import { type ComponentProps, forwardRef, type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { buttonStyles } from './button-styles';
import { useHydrated } from './use-hydrated';

const inputClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-50 sm:text-sm';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  optionalLabel?: string;
  /** Room kept free at the input's end, for a button drawn over it. */
  endPadding?: boolean;
};

/** What a field's control carries to be tied to its label, hint and error. */
type FieldWiring = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type FrameProps = {
  id?: string | undefined;
  label: string;
  optionalLabel?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: (wiring: FieldWiring) => ReactNode;
};

/** A field's label, hint and error around its control (an input, a text area), wired for screen readers. */
export function FieldFrame({ id, label, optionalLabel, hint, error, className, children }: FrameProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {optionalLabel ? <span className="ml-1 font-normal text-slate-500">({optionalLabel})</span> : null}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and error wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, optionalLabel, id, className, endPadding = false, ...input },
  ref,
) {
  return (
    <FieldFrame {...{ id, label, optionalLabel, hint, error, className }}>
      {(wiring) => (
        <input
          ref={ref}
          {...wiring}
          className={`${inputClass} ${endPadding ? 'pr-32' : ''} ${error ? 'border-red-500' : 'border-slate-300'}`}
          {...input}
        />
      )}
    </FieldFrame>
  );
});

/** A password input with a show/hide switch. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={`relative ${props.className ?? ''}`}>
      <TextField {...props} className={undefined} endPadding ref={ref} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="absolute right-2 top-[1.85rem] rounded-md px-2 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
        aria-pressed={visible}
      >
        {visible ? t('form.hidePassword') : t('form.showPassword')}
      </button>
    </div>
  );
});

export const CheckboxField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label'> & { label: ReactNode }>(
  function CheckboxField({ label, error, id, className, ...input }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const errorId = error ? `${inputId}-error` : undefined;
    return (
      <div className={className}>
        <div className="flex items-start gap-3">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
            {...input}
          />
          <label htmlFor={inputId} className="text-sm text-slate-700">
            {label}
          </label>
        </div>
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);

export function SubmitButton({
  busy,
  children,
  busyLabel,
  variant = 'primary',
  className = '',
  disabled = false,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  className?: string;
}) {
  const hydrated = useHydrated();
  const look =
    variant === 'danger'
      ? 'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60'
      : buttonStyles.primary;
  return (
    <button
      type="submit"
      disabled={busy || disabled || !hydrated}
      aria-busy={busy}
      className={`${look} ${className}`}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      ) : null}
      {busy ? busyLabel : children}
    </button>
  );
}

/** A message about the whole form: read out by screen readers when it appears. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-brand-100 bg-brand-50 text-brand-700',
  } as const;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${styles[kind]}`}
    >
      {children}
    </div>
  );
}
