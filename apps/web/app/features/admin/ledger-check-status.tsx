import type { AdminStats } from '@promptmarket/contracts/admin';
import { useTranslation } from '../../lib/i18n';

/**
 * The last periodic ledger check on the dashboard (decision 0020): healthy with its time, not run
 * yet, or its problems as an alert, since money may then be wrong.
 */
export function LedgerCheckStatus({ check, locale }: { check: AdminStats['ledger_check']; locale: string }) {
  const { t } = useTranslation();
  const title = t('admin.dashboard.ledgerTitle');
  if (!check) {
    return (
      <section aria-label={title} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <p className="text-sm text-slate-700">{t('admin.dashboard.ledgerNotRun')}</p>
      </section>
    );
  }
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(check.checked_at),
  );
  if (check.problems.length === 0) {
    return (
      <section aria-label={title} className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
        <p className="text-sm text-emerald-900">{t('admin.dashboard.ledgerOk', { time })}</p>
      </section>
    );
  }
  return (
    <section
      aria-label={title}
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-semibold">{t('admin.dashboard.ledgerProblems', { time })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 font-mono text-xs break-all">
        {check.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p className="mt-2">{t('admin.dashboard.ledgerProblemsHint')}</p>
    </section>
  );
}
