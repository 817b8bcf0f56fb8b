import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/ui/form-fields';
import { useTranslation } from '../../lib/i18n';
import { useSite } from '../../lib/site-data';
import { errorAt } from './admin-ui';

/** A form's titles, one per language, as the contract names them: `translations.<code>.title`. */
export type Titles = Record<string, { title: string }>;
export type TitledValues = { translations: Titles };

/** The field name of a language's title, as the contract's errors name it too. */
export const titleField = (code: string) => `translations.${code}.title` as const;

/** The shop's languages, English first, with their names. */
export function useTitleLanguages() {
  const { languages } = useSite();
  const codes = languages.length > 0 ? languages.map((language) => language.code) : ['en'];
  const ordered = ['en', ...codes.filter((code) => code !== 'en')];
  const nameOf = (code: string) => languages.find((language) => language.code === code)?.name ?? code;
  return { ordered, nameOf };
}

/** The form's starting titles: each language's current title, or nothing typed yet. */
export function titlesToEdit(ordered: string[], current: Titles = {}): Titles {
  return Object.fromEntries(ordered.map((code) => [code, { title: current[code]?.title ?? '' }]));
}

/**
 * A new record's titles as the contract takes them: English always (left empty, the schema refuses
 * it at its field), another language when one was typed.
 */
export function newTitles(typed: Titles): Titles {
  return Object.fromEntries(
    Object.entries(typed).filter(([code, { title }]) => code === 'en' || title.trim() !== ''),
  );
}

/**
 * A record's changed titles: those of `newTitles`, and `null` for a language whose title was
 * emptied (the shop then shows English there).
 */
export function changedTitles(typed: Titles, current: Titles): Record<string, { title: string } | null> {
  const emptied = Object.keys(typed).filter(
    (code) => code !== 'en' && current[code] && !typed[code]?.title.trim(),
  );
  return { ...newTitles(typed), ...Object.fromEntries(emptied.map((code) => [code, null])) };
}

export function TitleFields<T extends TitledValues>({
  register,
  errors,
  idPrefix,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const { ordered, nameOf } = useTitleLanguages();
  // The form's values are typed by each editor; the titles sit at the same names in all of them.
  const field = register as unknown as UseFormRegister<TitledValues>;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {ordered.map((code) => (
        <TextField
          key={code}
          id={`${idPrefix}-title-${code}`}
          label={t('admin.catalogue.titleIn', { language: nameOf(code) })}
          maxLength={200}
          required={code === 'en'}
          error={errorAt(errors, titleField(code), t)}
          {...field(titleField(code))}
        />
      ))}
    </div>
  );
}
