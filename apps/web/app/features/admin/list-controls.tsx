import { useId } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { useTranslation } from '../../lib/i18n';

/**
 * How a back-office list is narrowed and paged: the search, the status filter and the pager, all
 * in the address, so that a list can be linked to and reloaded; and the loader's reading of them.
 */

/** A search of the list, kept in the address (its other filters stay). */
export function SearchBox({ label, submitLabel }: { label: string; submitLabel: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = useId();
  // The list's other filters stay; a new search starts at its first page.
  const kept = [...params].filter(([name]) => name !== 'search' && name !== 'page');
  return (
    // Named, so it is told apart from the header's search of the shop; its field keeps the name
    // of what it finds.
    <Form method="get" role="search" aria-label={t('admin.searchList')} className="flex max-w-md gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        defaultValue={params.get('search') ?? ''}
        placeholder={label}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonStyles.secondary}>
        {submitLabel}
      </button>
    </Form>
  );
}

/**
 * A filter's link. The chosen one is filled in the brand's colour, or dark where it stands beside
 * another filter in that colour.
 */
export const pillClass = (current: boolean, dark = false) =>
  `rounded-full px-3 py-1.5 text-sm font-medium ${
    current
      ? `${dark ? 'bg-slate-800' : 'bg-brand-600'} text-white`
      : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
  }`;

export type StatusFilterProps = {
  statuses: readonly string[];
  label: (status: string) => string;
  /** The address's name for the filter. */
  param?: string;
  /** The filter's name as a landmark. */
  name?: string;
  /** The link that clears it. */
  all?: string;
  dark?: boolean;
};

/** Links to the same list with another status (`all` clears it); its search and other filters stay. */
export function StatusFilter({ statuses, label, param = 'status', name, all, dark }: StatusFilterProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const current = params.get(param) ?? 'all';
  return (
    <nav aria-label={name ?? t('admin.filter')} className="flex flex-wrap gap-2">
      {['all', ...statuses].map((status) => {
        const next = new URLSearchParams(params);
        next.delete('page');
        if (status === 'all') next.delete(param);
        else next.set(param, status);
        return (
          <Link
            key={status}
            to={`${pathname}?${next}`}
            aria-current={current === status ? 'page' : undefined}
            className={pillClass(current === status, dark)}
          >
            {status === 'all' ? (all ?? t('admin.all')) : label(status)}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * Links to the previous and next page. `param` names the page in the address: a screen with
 * several paged parts gives each its own.
 */
export function Pager({
  page,
  lastPage,
  param = 'page',
}: {
  page: number;
  lastPage: number;
  param?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (lastPage <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(params);
    next.set(param, String(target));
    return `${pathname}?${next}`;
  };
  return (
    <nav aria-label={t('admin.pages')} className="flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonStyles.secondary}>
          {t('admin.prev')}
        </Link>
      ) : null}
      <span>{t('admin.page', { page, pages: lastPage })}</span>
      {page < lastPage ? (
        <Link to={to(page + 1)} className={buttonStyles.secondary}>
          {t('admin.next')}
        </Link>
      ) : null}
    </nav>
  );
}

/** A status in the address: letters and underscores (the API says whether its list has it). */
export const STATUS = /^[a-z_]{1,30}$/;

/**
 * The list's page, search and filters from the address, for a loader: each filter (by default
 * the status) kept when it matches its pattern or is one of its values.
 */
export function listQuery(
  request: Request,
  filters: Record<string, RegExp | readonly string[]> = { status: STATUS },
): URLSearchParams {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const page = Number(url.searchParams.get('page'));
  if (Number.isInteger(page) && page > 1) params.set('page', String(page));
  for (const [name, allowed] of Object.entries(filters)) {
    const value = url.searchParams.get(name);
    if (value && (allowed instanceof RegExp ? allowed.test(value) : allowed.includes(value))) {
      params.set(name, value);
    }
  }
  const search = url.searchParams.get('search')?.trim().slice(0, 120);
  if (search) params.set('search', search);
  params.set('per_page', '25');
  return params;
}
