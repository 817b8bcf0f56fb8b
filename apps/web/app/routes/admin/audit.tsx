import { adminMeta } from '../../features/admin/admin-meta';
import { ListTable } from '../../features/admin/admin-table';
import { getAudit } from '../../features/admin/api';
import { CustomerLink } from '../../features/admin/customer-link';
import { ExportCsvLink } from '../../features/admin/export-link';
import { listQuery, Pager, SearchBox } from '../../features/admin/list-controls';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/audit';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.audit');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getAudit(serverApi(request, context, params.locale, true), listQuery(request));
    return { list: payload };
  } catch {
    return { list: null };
  }
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** Every back-office action: who, what, on which record, before and after. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { list } = loaderData;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section aria-labelledby="admin-audit-title" className="space-y-4">
      <h2 id="admin-audit-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.audit')}
      </h2>
      <SearchBox label={t('admin.find.audit')} submitLabel={t('admin.users.find')} />
      <ExportCsvLink kind="audit" />
      <ListTable
        list={list}
        head={[
          t('admin.audit.when'),
          t('admin.audit.who'),
          t('admin.audit.action'),
          t('admin.audit.subject'),
          t('admin.audit.change'),
        ]}
        row={(entry) => (
          <tr key={entry.id}>
            <td className="whitespace-nowrap px-4 py-3 text-xs text-slate-600">
              {when.format(new Date(entry.created_at))}
            </td>
            <td className="px-4 py-3 text-xs">
              <CustomerLink userId={entry.admin_id}>{entry.admin_email}</CustomerLink>
            </td>
            <td className="px-4 py-3 font-mono text-xs">{entry.action}</td>
            <td className="px-4 py-3 text-xs">
              {entry.subject_type === 'user' ? (
                <CustomerLink userId={entry.subject_id}>
                  {entry.subject_type} #{entry.subject_id}
                </CustomerLink>
              ) : (
                <>
                  {entry.subject_type} #{entry.subject_id}
                </>
              )}
            </td>
            <td className="px-4 py-3 font-mono text-xs text-slate-600">
              {shown(entry.before)} → {shown(entry.after)}
            </td>
          </tr>
        )}
      />
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
