import { useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  type ResolverResult,
  type UseFormSetError,
} from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../components/ui/form-fields';
import { type ApiClient, ApiError } from '../../lib/api-client';
import { applyServerErrors, fieldError } from '../../lib/form-errors';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';
import { contractResolver } from './admin-form';

/**
 * The result of an action of the back office: the hooks that send it, reload what the page shows
 * and report the outcome, and the bar that shows that report. The other pieces every screen shares
 * live beside this file: `list-controls` (search, status filter, pager), `admin-table` (tables)
 * and `confirm-button` (the dialog that confirms a destructive action).
 */

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** Sends an action (a call of `./api`), reloads the list, and reports the outcome in the page's language. */
export function useAdminAction() {
  const { t } = useTranslation();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: (client: ApiClient) => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      await action(api);
      setNotice({ kind: 'success', text: done });
      revalidator.revalidate();
      return true;
    } catch (caught) {
      const message =
        caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
      setNotice({ kind: 'error', text: t('admin.actionFailed', { message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { notice, busy, run };
}

/** Where a form's refusal goes: the form's `setError`, for the fields it shows. */
export type FormFields<T extends FieldValues> = { setError: UseFormSetError<T>; fields: readonly string[] };

/**
 * Sends a change from a form of the back office: reports it in the page's language (a refusal by
 * its first field's message), puts the refusal on the form's own fields when `form` is given, and
 * reloads what the page shows.
 */
export function useAdminSave() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  async function save<T extends FieldValues>(
    work: () => Promise<unknown>,
    done = t('admin.catalogue.saved'),
    form?: FormFields<T>,
  ): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'success', text: done });
      revalidator.revalidate();
      return true;
    } catch (caught) {
      if (form) applyServerErrors(caught, form.setError, form.fields);
      const fieldMessage = caught instanceof ApiError ? caught.firstFieldError() : null;
      const message = caught instanceof ApiError ? caught.message : String(caught);
      setNotice({ kind: 'error', text: fieldMessage ?? t('admin.actionFailed', { message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { notice, busy, save };
}

export function NoticeBar({ notice }: { notice: Notice }) {
  return notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null;
}

/** A form's error for a field (a nested name such as `translations.de.title`), in the page's language. */
export function errorAt(errors: FieldErrors, name: string, t: Translate): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return fieldError(typeof message === 'string' ? message : undefined, t);
}

/**
 * Checks a form with the contract's schema of the body it sends: `toBody` makes the body from
 * what was typed, with the field names the schema's errors use, so each error lands on its field.
 * The form sends the body as built; the API reads it with the same schema.
 */
export function bodyResolver<Values extends FieldValues, Body extends FieldValues>(
  schema: z.ZodType<unknown, FieldValues>,
  toBody: (values: Values) => Body,
): Resolver<Values, unknown, Body> {
  const check = contractResolver(schema);
  return async (values, context, options) =>
    (await check(
      toBody(values),
      context,
      options as unknown as Parameters<typeof check>[2],
    )) as unknown as ResolverResult<Values, Body>;
}
