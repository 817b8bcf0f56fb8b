import { useTranslation } from '../../lib/i18n';

/**
 * A back-office action's name in the page's language where it has one, with the code the audit
 * log keeps below it (what a search of the log matches); an action without a name shows its code.
 */
export function AuditAction({ action }: { action: string }) {
  const { t } = useTranslation();
  // Flat keys: one code is the start of another (`payout.export`, `payout.export.download`).
  const key = `admin.audit.actions.${action.replaceAll('.', '_')}`;
  const name = t(key);
  if (name === key) return <span className="font-mono">{action}</span>;
  return (
    <>
      {name}
      <span className="block font-mono text-slate-500">{action}</span>
    </>
  );
}
