import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import { FormAlert } from '../../components/ui/form-fields';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { bulkReport, type Selection } from './bulk-selection';
import { PageCheckbox } from './page-checkbox';

/** What a bulk action reports on the page: how many were done, and each failure. */
export type BulkReport = ReturnType<typeof bulkReport>;

type Outcome<Id> = { done: readonly unknown[]; failed: readonly { id: Id; message: string }[] };

/**
 * A list's bulk action: the rows chosen, the last action's report, and `run`, which sends the
 * action, reports what was done and what failed (those stay chosen, to be looked at or tried
 * again) and reloads the list. `run` answers whether the request itself went through.
 */
export function useBulkAction<Id extends number | string>(texts: {
  done: (count: number) => string;
  failed: (count: number) => string;
  item: (id: Id, message: string) => string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [selection, setSelection] = useState<Selection<Id>>(new Set());
  const [report, setReport] = useState<BulkReport | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(send: () => Promise<{ payload: Outcome<Id> }>): Promise<boolean> {
    setBusy(true);
    setReport(null);
    try {
      const { payload } = await send();
      setReport(bulkReport(payload, { ...texts, item: (id, message) => texts.item(id as Id, message) }));
      setSelection(new Set(payload.failed.map((failure) => failure.id)));
      revalidator.revalidate();
      return true;
    } catch (caught) {
      const message =
        caught instanceof ApiError ? (caught.firstFieldError() ?? caught.message) : String(caught);
      setReport({ kind: 'error', summary: t('admin.actionFailed', { message }), failures: [] });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { selection, setSelection, report, busy, run };
}

/** A bulk action's report: its summary, and each failure named with why. */
export function BulkReportAlert({ report }: { report: BulkReport | null }) {
  if (!report) return null;
  return (
    <FormAlert kind={report.kind}>
      <p>{report.summary}</p>
      {report.failures.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {report.failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      ) : null}
    </FormAlert>
  );
}

/** The bar above a list for its bulk actions: the page's all-box, how many are chosen, the actions. */
export function BulkBar({
  label,
  state,
  allLabel,
  onToggleAll,
  chosenText,
  children,
}: {
  label: string;
  state: 'all' | 'some' | 'none';
  allLabel: string;
  onToggleAll: () => void;
  chosenText: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-label={label}
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <PageCheckbox state={state} label={allLabel} onToggle={onToggleAll} />
      <span className="text-sm text-slate-600" aria-live="polite">
        {chosenText}
      </span>
      {children}
    </fieldset>
  );
}
