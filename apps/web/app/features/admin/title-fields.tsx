import { TextField } from '../../components/ui/form-fields';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';

/** The shop's languages, English first, with their names; and titles in each read back from a form. */
export function useTitleLanguages() {
  const { languages } = useSite();
  const codes = languages.length > 0 ? languages.map((language) => language.code) : ['en'];
  const ordered = ['en', ...codes.filter((code) => code !== 'en')];
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.name ?? code;
  const read = (form: FormData, current: Record<string, { title: string }> = {}) => {
    const titles: Record<string, { title: string } | null> = {};
    for (const code of ordered) {
      const title = String(form.get(`title_${code}`) ?? '').trim();
      if (title) titles[code] = { title };
      else if (code !== 'en' && current[code]) titles[code] = null;
    }
    return titles;
  };
  return { ordered, nameOf, read };
}

export function TitleFields({
  current,
  errors,
  idPrefix,
}: {
  current?: Record<string, { title: string }>;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const { ordered, nameOf } = useTitleLanguages();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {ordered.map((code) => (
        <TextField
          key={code}
          id={`${idPrefix}-title-${code}`}
          label={t('admin.catalogue.titleIn', { language: nameOf(code) })}
          name={`title_${code}`}
          defaultValue={current?.[code]?.title ?? ''}
          maxLength={200}
          required={code === 'en'}
          error={errors[`translations.${code}.title`]}
        />
      ))}
    </div>
  );
}
