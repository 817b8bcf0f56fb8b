import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { getPages, updatePage } from '../../../features/admin/api';
import { boxClass, ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import { useSite } from '../../../lib/site-data';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/pages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.pages');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pages = await getPages(serverApi(request, context, params.locale, true)).catch(() => null);
  return { pages: pages?.payload ?? null };
}

function Pages({
  pages,
}: {
  pages: {
    id: number;
    slug: string;
    published: boolean;
    translations: Record<string, { title: string; body: string }>;
  }[];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { languages } = useSite();
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
          <form
            className="mt-3 space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const translations = Object.fromEntries(
                languages
                  .map(
                    (language) =>
                      [
                        language.code,
                        {
                          title: String(form.get(`title_${language.code}`) ?? '').trim(),
                          body: String(form.get(`body_${language.code}`) ?? ''),
                        },
                      ] as const,
                  )
                  .filter(([, text]) => text.title),
              );
              void save(() =>
                updatePage(api, page.id, {
                  published: form.get('published') === 'on',
                  translations,
                }),
              );
            }}
          >
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="published" defaultChecked={page.published} />
              {t('admin.content.published')}
            </label>
            {languages.map((language) => (
              <div key={language.code} className="space-y-2">
                <TextField
                  label={t('admin.catalogue.titleIn', { language: language.name })}
                  name={`title_${language.code}`}
                  defaultValue={page.translations[language.code]?.title ?? ''}
                />
                <label
                  htmlFor={`page-${page.id}-body-${language.code}`}
                  className="block text-sm font-medium text-slate-800"
                >
                  {t('admin.content.bodyIn', { language: language.name })}
                </label>
                <textarea
                  id={`page-${page.id}-body-${language.code}`}
                  name={`body_${language.code}`}
                  rows={5}
                  defaultValue={page.translations[language.code]?.body ?? ''}
                  className={boxClass}
                />
              </div>
            ))}
            <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
              {t('admin.catalogue.save')}
            </SubmitButton>
          </form>
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
