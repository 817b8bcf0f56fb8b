import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, forwardRef } from 'react';
import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { FieldFrame } from '../../components/ui/form-fields';
import type { ApiClient } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';

/**
 * What the back office's forms share: the contract's schema as the form's check, a refusal's
 * field errors on the form's fields, and a labelled text area.
 */

/**
 * Checks a form with the schema the API reads the same body with. The form keeps and sends the
 * values as typed (`raw`): an amount goes out as "12,50", and the API reads it by the same rule.
 */
export function contractResolver<T extends z.ZodType<unknown, FieldValues>>(schema: T) {
  return zodResolver(schema, undefined, { raw: true });
}

/**
 * `register` that also writes each field's starting value into the element, so the server's page
 * shows a record's values before the form's script takes the fields over (`register` alone sets them
 * only once the page runs). The values are the form's `defaultValues`.
 */
export function withStartingValues<T extends FieldValues>(
  register: UseFormRegister<T>,
  values: Partial<T>,
): UseFormRegister<T> {
  return ((name: Path<T>, options?: Parameters<UseFormRegister<T>>[1]) => {
    const value = name
      .split('.')
      .reduce<unknown>(
        (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
        values,
      );
    const starting =
      typeof value === 'boolean'
        ? { defaultChecked: value }
        : typeof value === 'string' || typeof value === 'number'
          ? { defaultValue: value }
          : {};
    return { ...starting, ...register(name, options) };
  }) as UseFormRegister<T>;
}

/**
 * An action for `useAdminAction`'s `run` whose refusal also puts its field errors on the form's
 * fields; `run` still reports the outcome as the page's notice.
 */
export function withFieldErrors<T extends FieldValues>(
  action: (api: ApiClient) => Promise<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  return async (api: ApiClient) => {
    try {
      return await action(api);
    } catch (caught) {
      applyServerErrors(caught, setError, fields);
      throw caught;
    }
  };
}

const areaClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 sm:text-sm';

type TextAreaProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled text area with its hint and error wired for screen readers, as `TextField` is. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, id, className, ...area },
  ref,
) {
  return (
    <FieldFrame {...{ id, label, hint, error, className }}>
      {(wiring) => (
        <textarea
          ref={ref}
          {...wiring}
          className={`${areaClass} ${error ? 'border-red-500' : 'border-slate-300'}`}
          {...area}
        />
      )}
    </FieldFrame>
  );
});
