import { verificationStatus } from '@promptmarket/contracts/accounts';
import { adminMeta } from '../../features/admin/admin-meta';
import {
  ConfirmButton,
  ListTable,
  listQuery,
  NoticeBar,
  Pager,
  StatusFilter,
  useAdminAction,
} from '../../features/admin/admin-ui';
import { approveVerification, declineVerification, getVerifications } from '../../features/admin/api';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import type { Route } from './+types/verifications';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.verifications');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { payload } = await getVerifications(
      serverApi(request, context, params.locale, true),
      listQuery(request),
    );
    return { list: payload };
  } catch {
    return { list: null };
  }
}

const documentLabels = {
  document_front: 'verification.front',
  document_back: 'verification.back',
  address_document: 'verification.addressDocument',
} as const;

/** The identity review queue: the details, the documents (opened by admins only), approve or decline. */
export default function AdminVerifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { notice, busy, run } = useAdminAction();
  const { list } = loaderData;
  return (
    <section aria-labelledby="admin-verifications-title" className="space-y-4">
      <h2 id="admin-verifications-title" className="text-lg font-semibold text-slate-900">
        {t('admin.nav.verifications')}
      </h2>
      <StatusFilter
        statuses={verificationStatus.options}
        label={(status) => t(`admin.verifications.${status}`)}
      />
      <NoticeBar notice={notice} />
      <ListTable
        list={list}
        head={[
          t('admin.verifications.user'),
          t('admin.verifications.details'),
          t('admin.verifications.documents'),
          t('admin.offers.status'),
          t('admin.offers.actions'),
        ]}
        row={(item) => (
          <tr key={item.id}>
            <td className="px-4 py-3">
              <p className="font-medium text-slate-900">{item.full_name ?? '—'}</p>
              <p className="text-xs text-slate-500">{item.email}</p>
            </td>
            <td className="px-4 py-3 text-xs text-slate-600">
              {[
                item.phone,
                item.date_of_birth,
                item.nationality,
                `${item.city}, ${item.country}`,
                item.document_type,
              ]
                .filter(Boolean)
                .join(' · ')}
            </td>
            <td className="px-4 py-3">
              <ul className="space-y-1 text-xs">
                {item.documents.map((document) => (
                  <li key={document.field}>
                    <a href={document.url} className="text-brand-700 underline">
                      {t(
                        documentLabels[document.field as keyof typeof documentLabels] ??
                          'admin.verifications.documents',
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </td>
            <td className="px-4 py-3">
              {t(`admin.verifications.${item.status}`)}
              {item.reason ? <p className="text-xs text-slate-500">{item.reason}</p> : null}
            </td>
            <td className="space-x-2 whitespace-nowrap px-4 py-3">
              {item.status === 'pending' ? (
                <>
                  <ConfirmButton
                    tone="primary"
                    label={t('admin.verifications.approve')}
                    question={t('admin.verifications.confirmApprove', { email: item.email })}
                    disabled={busy}
                    onConfirm={(_, key) =>
                      run(
                        (api) => approveVerification(api, item.id, key),
                        t('admin.verifications.approvedDone'),
                      )
                    }
                  />
                  <ConfirmButton
                    label={t('admin.verifications.decline')}
                    question={t('admin.verifications.confirmDecline', { email: item.email })}
                    askReason
                    disabled={busy}
                    onConfirm={(reason, key) =>
                      run(
                        (api) => declineVerification(api, item.id, reason, key),
                        t('admin.verifications.declinedDone'),
                      )
                    }
                  />
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
    </section>
  );
}
