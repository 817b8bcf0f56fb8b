import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { type ApiClient, ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { useApi } from '../../lib/use-api';

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

type FieldMessages = Record<string, string>;

/**
 * Sends a change from a form of the back office: reports it in the page's language, keeps the
 * refusal's first message per field, and reloads what the page shows.
 */
export function useAdminSave() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  async function save(work: () => Promise<unknown>, done = t('admin.catalogue.saved')): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      await work();
      setNotice({ kind: 'success', text: done });
      revalidator.revalidate();
      return true;
    } catch (caught) {
      const fields =
        caught instanceof ApiError && caught.errors
          ? Object.fromEntries(
              Object.entries(caught.errors).map(([name, messages]) => [name, messages[0] ?? '']),
            )
          : {};
      setErrors(fields);
      const message = caught instanceof ApiError ? caught.message : String(caught);
      setNotice({ kind: 'error', text: Object.values(fields)[0] ?? t('admin.actionFailed', { message }) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { notice, errors, busy, save };
}

export function NoticeBar({ notice }: { notice: Notice }) {
  return notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null;
}
