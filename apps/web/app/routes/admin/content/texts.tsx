import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/form-fields';
import { adminMeta } from '../../../features/admin/admin-meta';
import { NoticeBar, useAdminSave } from '../../../features/admin/admin-ui';
import { deleteWord, getLanguages, getWords, updateWord } from '../../../features/admin/api';
import { ConfirmButton } from '../../../features/admin/confirm-button';
import { firstMessage, sendForm } from '../../../features/admin/content/form-body';
import { type WordFormValues, wordForm } from '../../../features/admin/content/word-form';
import { boxClass, ContentPanel, inlineBox } from '../../../features/admin/content-panel';
import { serverApi } from '../../../lib/api.server';
import { fieldError } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n';
import { type FoundText, findTexts } from '../../../lib/text-search.server';
import { useApi } from '../../../lib/use-api';
import type { Route } from './+types/texts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'admin.content.words');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const wordsLocale = /^[a-z]{2}$/.test(url.searchParams.get('words') ?? '')
    ? (url.searchParams.get('words') as string)
    : params.locale;
  // A text to change is found by its wording (or its key), never typed as a key by hand.
  const find = (url.searchParams.get('find') ?? '').trim().slice(0, 100);
  const api = serverApi(request, context, params.locale, true);
  const [words, languages] = await Promise.all([
    getWords(api, wordsLocale).catch(() => null),
    getLanguages(api).catch(() => null),
  ]);
  const changed = words?.payload ?? null;
  return {
    words: changed,
    languages: languages?.payload ?? [],
    wordsLocale,
    find,
    found:
      find && changed
        ? findTexts(wordsLocale, find, Object.fromEntries(changed.map((word) => [word.key, word.value])))
        : null,
  };
}

/** One text found: its key, its wording now (and the built-in one when changed), changed here. */
function TextEditor({ text, locale, changed }: { text: FoundText; locale: string; changed: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, busy, save } = useAdminSave();
  const form = useMemo(() => wordForm(text.key), [text.key]);
  // The wording is in the page's HTML and the form takes it from there when it starts.
  const { register, handleSubmit, setError, formState } = useForm<WordFormValues>({
    resolver: form.resolver,
  });
  const id = `text-${text.key.replaceAll('.', '-')}`;
  // The key comes from the texts found, not from a field: a refusal of it is said under the wording.
  const error = fieldError(formState.errors.value?.message ?? firstMessage(formState.errors), t);
  const submit = handleSubmit((values) =>
    save(() => sendForm(() => updateWord(api, locale, form.body(values)), values, setError)),
  );
  return (
    <li className="space-y-2 py-3">
      <form noValidate className="space-y-2" onSubmit={submit}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          <code className="break-all text-xs font-normal text-slate-500">{text.key}</code>
          {changed ? (
            <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
              {t('admin.words.changed')}
            </span>
          ) : null}
        </label>
        <input
          id={id}
          defaultValue={text.current}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={boxClass(Boolean(error))}
          {...register('value')}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        {changed ? (
          <p className="text-xs text-slate-600">{t('admin.words.builtIn', { text: text.builtIn })}</p>
        ) : null}
        <NoticeBar notice={notice} />
        <SubmitButton busy={busy} busyLabel={t('admin.security.working')}>
          {t('admin.catalogue.save')}
        </SubmitButton>
      </form>
      {changed ? (
        <ConfirmButton
          label={t('admin.content.restore')}
          question={t('admin.content.confirmRestore', { key: text.key })}
          disabled={busy}
          onConfirm={() => save(() => deleteWord(api, locale, text.key))}
        />
      ) : null}
    </li>
  );
}

function Words({
  words,
  locale,
  find,
  found,
  languages,
}: {
  words: { key: string; value: string }[];
  locale: string;
  find: string;
  found: { total: number; found: FoundText[] } | null;
  /** Every language of the shop, those switched off too: a language is translated before it is offered. */
  languages: { code: string; name: string }[];
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { notice, busy, save } = useAdminSave();
  const changed = new Set(words.map((word) => word.key));
  return (
    <div className="space-y-4">
      <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1.5 font-medium text-slate-800">
          {t('admin.content.language')}
          <select name="words" defaultValue={locale} className={inlineBox}>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-56 flex-1 flex-col gap-1.5 font-medium text-slate-800">
          {t('admin.words.find')}
          <input name="find" type="search" defaultValue={find} maxLength={100} className={inlineBox} />
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-xs font-semibold">
          {t('admin.content.show')}
        </button>
      </form>
      <p className="text-xs text-slate-600">{t('admin.words.hint')}</p>
      {found ? (
        <div aria-live="polite">
          <p className="text-sm font-medium text-slate-800">
            {found.total === 0
              ? t('admin.words.none')
              : found.total > found.found.length
                ? t('admin.words.more', { count: found.total, shown: found.found.length })
                : t('admin.words.count', { count: found.total })}
          </p>
          <ul className="divide-y divide-slate-100">
            {found.found.map((text) => (
              <TextEditor
                key={`${locale}:${text.key}:${text.current}`}
                text={text}
                locale={locale}
                changed={changed.has(text.key)}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <h3 className="text-sm font-semibold text-slate-900">{t('admin.words.changedTitle')}</h3>
      <NoticeBar notice={notice} />
      {words.length === 0 ? <p className="text-sm text-slate-600">{t('admin.content.noWords')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {words.map((word) => (
          <li key={word.key} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <code className="break-all text-xs text-slate-500">{word.key}</code> — {word.value}
            </span>
            <ConfirmButton
              label={t('admin.content.restore')}
              question={t('admin.content.confirmRestore', { key: word.key })}
              disabled={busy}
              onConfirm={() => save(() => deleteWord(api, locale, word.key))}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shop's texts in each language: found by their wording, changed, restored. */
export default function ContentTexts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { words, wordsLocale, find, found, languages } = loaderData;
  return (
    <ContentPanel id="content-words" title={t('admin.content.words')}>
      {words ? (
        <Words words={words} locale={wordsLocale} find={find} found={found} languages={languages} />
      ) : null}
    </ContentPanel>
  );
}
