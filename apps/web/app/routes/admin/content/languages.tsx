import { SubmitButton, TextField } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { Table } from '../../../features/admin/admin-table';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { createLanguage, getLanguages, updateLanguage } from '../../../features/admin/api';
import { ContentPanel, inlineBox } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/languages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.languages');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const languages = await getLanguages(serverApi(request, context, params.locale, true)).catch(() => null);
  return { languages: languages?.payload ?? null };
}

function Languages({ languages }: { languages: { code: string; name: string; active: boolean }[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, errors, busy, save } = useAdminSave();
  return (
    <>
      <NoticeBar notice={notice} />
      <Table
        head={[
          t('admin.content.code'),
          t('admin.content.languageName'),
          t('admin.content.active'),
          { hidden: t('admin.offers.actions') },
        ]}
      >
        {languages.map((language) => (
          <tr key={language.code}>
            <td className="px-4 py-3 font-medium uppercase">{language.code}</td>
            <td colSpan={3} className="px-4 py-2">
              <form
                className="flex flex-wrap items-center gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  const form = new FormData(event.currentTarget);
                  void save(() =>
                    updateLanguage(api, language.code, {
                      name: String(form.get('name') ?? '').trim(),
                      active: form.get('active') === 'on',
                    }),
                  );
                }}
              >
                <input
                  aria-label={`${t('admin.content.languageName')} ${language.code}`}
                  name="name"
                  defaultValue={language.name}
                  className={`${inlineBox} w-40`}
                />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="active" defaultChecked={language.active} />
                  {t('admin.content.active')}
                </label>
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold hover:bg-slate-50"
                >
                  {t('admin.catalogue.save')}
                </button>
              </form>
            </td>
          </tr>
        ))}
      </Table>
      <form
        noValidate
        aria-labelledby="add-language-title"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          void save(() =>
            createLanguage(api, {
              code: String(data.get('code') ?? '').trim(),
              name: String(data.get('name') ?? '').trim(),
            }),
          ).then((ok) => ok && form.reset());
        }}
      >
        <h3 id="add-language-title" className="w-full text-sm font-semibold text-slate-900">
          {t('admin.languages.add')}
        </h3>
        <p className="w-full text-xs text-slate-600">{t('admin.languages.hint')}</p>
        <TextField
          label={t('admin.languages.code')}
          name="code"
          maxLength={2}
          autoCapitalize="none"
          className="w-32"
          error={errors.code}
        />
        <TextField
          label={t('admin.content.languageName')}
          name="name"
          maxLength={40}
          className="w-48"
          error={errors.name}
        />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.currencies.addButton')}
        </SubmitButton>
      </form>
    </>
  );
}

/** The shop's languages: their names, and which are offered. */
export default function ContentLanguages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { languages } = loaderData;
  return (
    <ContentPanel id="content-languages" title={t('admin.content.languages')}>
      {languages ? <Languages languages={languages} /> : null}
    </ContentPanel>
  );
}
