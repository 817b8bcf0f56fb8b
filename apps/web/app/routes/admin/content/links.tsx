import { useForm } from 'react-hook-form';
import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { addSocialLink, deleteSocialLink, getSocialLinks } from '../../../features/admin/api';
import { ConfirmButton } from '../../../features/admin/confirm-button';
import { sendForm } from '../../../features/admin/content/form-body';
import { type LinkFormValues, linkBody, linkResolver } from '../../../features/admin/content/link-form';
import { ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/links';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.links');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const links = await getSocialLinks(serverApi(request, context, params.locale, true)).catch(() => null);
  return { links: links?.payload ?? null };
}

function Links({ links }: { links: { id: number; url: string }[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, busy, save } = useAdminSave();
  const { register, handleSubmit, setError, formState, reset } = useForm<LinkFormValues>({
    resolver: linkResolver,
    defaultValues: { url: '' },
  });
  const submit = handleSubmit(async (values) => {
    const added = await save(() =>
      sendForm(() => addSocialLink(api, linkBody(values).url), values, setError),
    );
    if (added) reset({ url: '' });
  });
  return (
    <div className="space-y-3">
      <NoticeBar notice={notice} />
      <ul className="divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="break-all">{link.url}</span>
            <ConfirmButton
              label={t('admin.catalogue.delete')}
              question={t('admin.content.confirmLink', { url: link.url })}
              disabled={busy}
              onConfirm={() => save(() => deleteSocialLink(api, link.id))}
            />
          </li>
        ))}
      </ul>
      <form noValidate className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <TextField
          label={t('admin.content.linkUrl')}
          type="url"
          placeholder="https://"
          error={fieldError(formState.errors.url?.message, t)}
          className="min-w-64 flex-1"
          {...register('url')}
        />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.create')}
        </SubmitButton>
      </form>
    </div>
  );
}

/** The social links of the footer. */
export default function ContentLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { links } = loaderData;
  return (
    <ContentPanel id="content-links" title={t('admin.content.links')}>
      {links ? <Links links={links} /> : null}
    </ContentPanel>
  );
}
