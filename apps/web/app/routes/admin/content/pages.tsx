import { useForm } from 'react-hook-form';
import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { TextAreaField } from '../../../features/admin/admin-form';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { getPages, updatePage } from '../../../features/admin/api';
import { sendForm } from '../../../features/admin/content/form-body';
import { type PageFormValues, pageBody, pageResolver } from '../../../features/admin/content/page-form';
import { ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/pages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.pages');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pages = await getPages(serverApi(request, context, params.locale, true)).catch(() => null);
  return { pages: pages?.payload ?? null };
}

type AdminSave = ReturnType<typeof useAdminSave>;

type StaticPage = {
  id: number;
  slug: string;
  published: boolean;
  translations: Record<string, { title: string; body: string }>;
};

/** One static page's form: published or not, its title and text in each language. */
function PageForm({ page, save, busy }: { page: StaticPage } & Pick<AdminSave, 'save' | 'busy'>) {
  const { t } = useTranslation();
  const api = useApi();
  const { languages } = useSite();
  // The texts are in the page's HTML and the form takes them from there when it starts.
  const { register, handleSubmit, setError, formState } = useForm<PageFormValues>({ resolver: pageResolver });
  const errors = formState.errors.translations;
  const error = (message: string | undefined) => fieldError(message, t);
  const submit = handleSubmit((values) =>
    save(() => sendForm(() => updatePage(api, page.id, pageBody(values)), values, setError)),
  );
  return (
    <form noValidate className="mt-3 space-y-4" onSubmit={submit}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" defaultChecked={page.published} {...register('published')} />
        {t('admin.content.published')}
      </label>
      {languages.map((language) => (
        <div key={language.code} className="space-y-2">
          <TextField
            label={t('admin.catalogue.titleIn', { language: language.name })}
            defaultValue={page.translations[language.code]?.title ?? ''}
            error={error(errors?.[language.code]?.title?.message)}
            {...register(`translations.${language.code}.title`)}
          />
          <TextAreaField
            id={`page-${page.id}-body-${language.code}`}
            label={t('admin.content.bodyIn', { language: language.name })}
            rows={5}
            defaultValue={page.translations[language.code]?.body ?? ''}
            error={error(errors?.[language.code]?.body?.message)}
            {...register(`translations.${language.code}.body`)}
          />
        </div>
      ))}
      <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
        {t('admin.catalogue.save')}
      </SubmitButton>
    </form>
  );
}

function Pages({ pages }: { pages: StaticPage[] }) {
  const { notice, busy, save } = useAdminSave();
  return (
    <div className="space-y-3">
      <NoticeBar notice={notice} />
      {pages.map((page) => (
        <details key={page.id} className="rounded-xl border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold">
            {page.translations.en?.title ?? page.slug}{' '}
            <span className="font-normal text-slate-500">/{page.slug}</span>
          </summary>
          <PageForm page={page} save={save} busy={busy} />
        </details>
      ))}
    </div>
  );
}

/** The static pages: their texts in each language, and whether they are published. */
export default function ContentPages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pages } = loaderData;
  return (
    <ContentPanel id="content-pages" title={t('admin.content.pages')}>
      {pages ? <Pages pages={pages} /> : null}
    </ContentPanel>
  );
}
