import { adminLanguageCreate, adminLanguageUpdate } from '@promptmarket/contracts/admin-content';
import { adminMeta } from '../../../features/admin/admin-meta';
import { createLanguage, getLanguages, updateLanguage } from '../../../features/admin/api';
import { CodeRows } from '../../../features/admin/code-rows';
import { ContentPanel } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { useTranslation } from '../../../lib/i18n';
import type { Route } from './+types/languages';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.languages');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const languages = await getLanguages(serverApi(request, context, params.locale, true)).catch(() => null);
  return { languages: languages?.payload ?? null };
}

function Languages({ languages }: { languages: { code: string; name: string; active: boolean }[] }) {
  const { t } = useTranslation();
  return (
    <CodeRows
      records={languages}
      fields={[
        {
          name: 'name',
          label: t('admin.content.languageName'),
          rowWidth: 'w-40',
          addWidth: 'w-48',
          maxLength: 40,
        },
      ]}
      codeClass="uppercase"
      updateSchema={adminLanguageUpdate}
      update={updateLanguage}
      add={{
        id: 'add-language',
        title: t('admin.languages.add'),
        hint: t('admin.languages.hint'),
        codeLabel: t('admin.languages.code'),
        codeMaxLength: 2,
        codeAutoCapitalize: 'none',
        schema: adminLanguageCreate,
        create: createLanguage,
      }}
    />
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
