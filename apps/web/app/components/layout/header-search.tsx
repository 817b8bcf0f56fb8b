import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';

/**
 * Enter searches the product list; the clear button empties the box and the search. Before the
 * page's code has started, the form submits natively to the same address; what was typed by then
 * is taken over when it starts.
 */
export function HeaderSearch({ id }: { id: string }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // The box shows the product list's search, not another page's parameter of the same name.
  const listSearch = pathname === paths.products({ locale }) ? (params.get('search') ?? '') : '';
  const [value, setValue] = useState(listSearch);
  useEffect(() => setValue(listSearch), [listSearch]);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) setValue(typed);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The box as the visitor sees it, whatever the state caught of it.
    const search = (input.current?.value ?? value).trim();
    navigate(paths.products({ locale, search }));
  };
  const clear = () => {
    setValue('');
    if (listSearch) navigate(paths.products({ locale }));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search works in every browser, the <search> element not yet
    <form role="search" action={paths.products({ locale })} onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        {t('nav.search')}
      </label>
      <input
        id={id}
        ref={input}
        name="search"
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('nav.searchPlaceholder')}
        enterKeyHint="search"
        className="w-full rounded-full border border-white/15 bg-white/10 py-2 pl-4 pr-10 text-sm text-white placeholder:text-slate-400 focus:border-brand-300 focus:bg-white/15 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={clear}
          aria-label={t('nav.clearSearch')}
          className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-full px-2 py-1 text-slate-300 hover:text-white"
        >
          ×
        </button>
      ) : null}
    </form>
  );
}
