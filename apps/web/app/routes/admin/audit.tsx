import { adminMeta } from '../../features/admin/admin-meta';
import { getAudit } from '../../features/admin/api';
import { AuditAction } from '../../features/admin/audit-action';
import { CustomerLink } from '../../features/admin/customer-link';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/audit';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.audit');

export const loader = (args: Route.LoaderArgs) => loadList(args, getAudit);

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** Every back-office action: who, what, on which record, before and after. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <AdminListPage
      name="audit"
      title={t('admin.nav.audit')}
      search={t('admin.find.audit')}
      exportKind="audit"
      list={loaderData.list}
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
          <td className="px-4 py-3 text-xs">
            <AuditAction action={entry.action} />
          </td>
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
  );
}
