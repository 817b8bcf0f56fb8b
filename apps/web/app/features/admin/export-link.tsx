import type { ExportKind } from '@promptmarket/contracts/admin-reports';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { exportUrl } from './reports-api';

/**
 * A list's CSV download: this month's records (or the `from`/`to` of the list's address) in the
 * page's language, with that language's separator and decimal sign.
 */
export function ExportCsvLink({ kind }: { kind: ExportKind }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [params] = useSearchParams();
  const href = exportUrl(kind, {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    lang: locale,
  });
  return (
    <a
      href={href}
      download
      className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      {t('admin.reports.exportList')}
    </a>
  );
}
