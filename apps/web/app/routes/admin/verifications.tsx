import { verificationStatus } from '@promptmarket/contracts/accounts';
import type { AdminVerification } from '@promptmarket/contracts/admin';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminAction } from '../../features/admin/admin-ui';
import { approveVerification, declineVerification, getVerifications } from '../../features/admin/api';
import { ConfirmButton } from '../../features/admin/confirm-button';
import { CustomerLink } from '../../features/admin/customer-link';
import { loadList } from '../../features/admin/list-loader.server';
import { AdminListPage } from '../../features/admin/list-page';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/verifications';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.nav.verifications');

export const loader = (args: Route.LoaderArgs) => loadList(args, getVerifications);

const documentLabels = {
  document_front: 'verification.front',
  document_back: 'verification.back',
  address_document: 'verification.addressDocument',
} as const;

/** A country's name in the page's language for its ISO code; the code itself where the browser has no name. */
function countryName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The person's details with their labels; a document type as its name, not its code. */
function VerificationDetails({ item, locale }: { item: AdminVerification; locale: string }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('verification.phone'), item.phone],
    [t('verification.dateOfBirth'), item.date_of_birth],
    [t('verification.nationality'), item.nationality],
    [t('verification.street'), item.street],
    [t('verification.zip'), item.zip],
    [t('verification.city'), item.city],
    [t('verification.country'), countryName(item.country, locale)],
    [
      t('verification.documentType'),
      item.document_type ? t(`verification.types.${item.document_type}`) : null,
    ],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-800">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * A document as the reviewer looks at it, in the page: a picture shown (a press opens it whole in
 * a new tab), a PDF in a frame of its own, anything else by its link to download. Only admins are
 * answered the file, and no cache keeps it.
 */
function DocumentPreview({
  document,
  label,
}: {
  document: AdminVerification['documents'][number];
  label: string;
}) {
  const { t } = useTranslation();
  if (document.kind === 'image') {
    return (
      <figure className="w-40 shrink-0 sm:w-56">
        <a
          href={document.view_url}
          target="_blank"
          rel="noreferrer"
          className="block"
          aria-label={t('adminWork.verifications.view', { name: label })}
        >
          <img
            src={document.view_url}
            alt={label}
            loading="lazy"
            width={224}
            height={160}
            className="h-40 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
          />
        </a>
        <figcaption className="mt-1 text-slate-600">{label}</figcaption>
      </figure>
    );
  }
  if (document.kind === 'pdf') {
    return (
      <figure className="w-56 shrink-0 sm:w-72">
        <iframe
          src={document.view_url}
          title={t('adminWork.verifications.pdf', { name: label })}
          loading="lazy"
          className="h-72 w-full rounded-lg border border-slate-200 bg-slate-50"
        />
        <figcaption className="mt-1 flex flex-wrap gap-x-3 text-slate-600">
          <span>{label}</span>
          <a href={document.view_url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            {t('adminWork.verifications.view', { name: label })}
          </a>
          <a href={document.url} className="text-brand-700 underline">
            {t('adminWork.verifications.download')}
          </a>
        </figcaption>
      </figure>
    );
  }
  return (
    <a
      href={document.url}
      className="flex h-28 w-40 flex-col items-center justify-center gap-1 rounded-lg border border-slate-200 bg-slate-50 p-2 text-center text-brand-700 underline"
    >
      <span className="rounded bg-red-100 px-1.5 py-0.5 text-[10px] font-bold uppercase text-red-800 no-underline">
        {t('admin.verifications.file')}
      </span>
      {t('admin.verifications.openDocument', { name: label })}
    </a>
  );
}

/** The identity review queue: the details, the documents (opened by admins only), approve or decline. */
export default function AdminVerifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const { notice, busy, run } = useAdminAction();
  return (
    <AdminListPage
      name="verifications"
      title={t('admin.nav.verifications')}
      search={t('admin.find.verifications')}
      status={{
        statuses: verificationStatus.options,
        label: (status) => t(`admin.verifications.${status}`),
      }}
      notice={notice}
      actions
      list={loaderData.list}
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
            <CustomerLink userId={item.user_id} className="text-xs">
              {item.email}
            </CustomerLink>
          </td>
          <td className="px-4 py-3">
            <VerificationDetails item={item} locale={locale} />
          </td>
          <td className="px-4 py-3">
            <ul className="flex flex-wrap gap-3 text-xs">
              {item.documents.map((document) => (
                <li key={document.field}>
                  <DocumentPreview
                    document={document}
                    label={t(
                      documentLabels[document.field as keyof typeof documentLabels] ??
                        'admin.verifications.documents',
                    )}
                  />
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
  );
}
