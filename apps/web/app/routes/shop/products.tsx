import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { getProductsJson } from '../../features/catalogue/api';
import { PaginationIsland } from '../../features/catalogue/components/pagination-island';
import { ProductCard } from '../../features/catalogue/components/product-card';
import { ProductFilters } from '../../features/catalogue/components/product-filters';
import {
  changeListState,
  clearedListState,
  type ListState,
  readListState,
  writeListState,
} from '../../features/catalogue/list-query';
import { SEARCH_DEBOUNCE_MS } from '../../features/catalogue/rules';
import { FIRST_SCREEN_TILES, TILE_SIZES } from '../../features/catalogue/tile-sizes';
import { TileActionsIsland } from '../../features/orders/tile-actions-island';
import { logFailures, serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { unpack } from '../../lib/packed';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import type { Route } from './+types/products';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale);
  const state = readListState(new URL(request.url).searchParams);
  // The filters' categories and styles are the site data's (the locale layout reads them for the
  // menus): asked for and written into the page once rather than twice.
  // The API's JSON as it is, read once by the page (`unpack`); null for a failed list, shown as
  // the spec's failure text with the list emptied.
  const [list] = await Promise.allSettled([getProductsJson(api, state)]);
  logFailures(context, { 'The product list': list });
  return { list: list.status === 'fulfilled' ? list.value : null };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, {
    titleKey: 'products.title',
    descriptionKey: 'products.description',
  });

const LIST_CLASS = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** The list page's grid of tiles, the first screen's pictures loaded first. */
export function ProductTiles({ products }: { products: ProductSummary[] }) {
  return (
    <ul className={LIST_CLASS}>
      {products.map((product, index) => (
        <li key={product.id} className={index < FIRST_SCREEN_TILES ? undefined : 'below-fold-tile'}>
          <ProductCard
            product={product}
            priority={index < FIRST_SCREEN_TILES}
            sizes={TILE_SIZES}
            actions={<TileActionsIsland product={product} />}
          />
        </li>
      ))}
    </ul>
  );
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const state = readListState(searchParams);
  const [search, setSearch] = useState(state.search);
  const [priceMin, setPriceMin] = useState(state.priceMin);
  const [priceMax, setPriceMax] = useState(state.priceMax);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const listRef = useRef<HTMLElement>(null);
  const pagedByLink = useRef(false);
  const loading =
    navigation.state === 'loading' && navigation.location.pathname === paths.products({ locale });

  // A page link leads to the top of the list, not of the whole page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown page changes
  useEffect(() => {
    if (!pagedByLink.current) return;
    pagedByLink.current = false;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    listRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [state.page]);

  // Keep the inputs in step when the URL changes from elsewhere (header search, back button).
  useEffect(() => {
    setSearch(state.search);
    setPriceMin(state.priceMin);
    setPriceMax(state.priceMax);
  }, [state.search, state.priceMin, state.priceMax]);

  const go = (next: ListState) => {
    const query = writeListState(next).toString();
    const target = query ? `?${query}` : '';
    // The same list is not asked for again while it is showing or still loading.
    if (target === (searchParams.toString() ? `?${searchParams.toString()}` : '')) return;
    if (navigation.state === 'loading' && navigation.location.search === target) return;
    navigate({ search: target }, { preventScrollReset: next.page === state.page });
  };
  const update = (change: Partial<ListState>) => go(changeListState(state, change));
  const searchLater = useDebouncedCallback(
    (value: string) => update({ search: value.trim() }),
    SEARCH_DEBOUNCE_MS,
  );

  const { products, meta, failed } = useMemo(() => {
    if (loaderData.list === null) return { products: [], meta: null, failed: true };
    const { data, meta } = unpack(loaderData.list);
    return { products: data, meta, failed: false };
  }, [loaderData.list]);
  const filtered =
    state.search ||
    state.categories.length ||
    state.styles.length ||
    state.sort ||
    state.priceMin ||
    state.priceMax;
  // Without a search the list's own order is the newest first: it is listed once, as Newest.
  const sorts = [
    ['newest', t('products.sortNewest')],
    ['price_asc', t('products.sortPriceAsc')],
    ['price_desc', t('products.sortPriceDesc')],
    ['popular', t('products.sortPopular')],
    ['rating', t('reviews.sortRating')],
  ];
  if (state.search) sorts.unshift(['', t('products.sortRelevance')]);
  const pastEnd = meta && meta.total > 0 && meta.current_page > meta.last_page ? meta.last_page : 0;
  const pageHref = (page: number) => {
    const query = writeListState({ ...state, page }).toString();
    return query ? `?${query}` : '?';
  };
  // A search that found nothing as typed shows what its nearest words find, and offers them.
  const suggestion = state.search && meta?.suggestion ? meta.suggestion : null;
  const suggestionHref = suggestion
    ? `?${writeListState(changeListState(state, { search: suggestion })).toString()}`
    : '';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('products.title')}</h1>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="product-search" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('products.searchLabel')}
          </label>
          <input
            id="product-search"
            type="search"
            value={search}
            placeholder={t('nav.searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              searchLater(event.target.value);
            }}
            className="block w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base sm:text-sm"
          />
        </div>
        <div>
          <label htmlFor="product-sort" className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('products.sort')}
          </label>
          <select
            id="product-sort"
            value={state.sort ?? (state.search ? '' : 'newest')}
            onChange={({ target: { value } }) =>
              update({ sort: (value === (state.search ? '' : 'newest') ? null : value) as ListState['sort'] })
            }
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm sm:w-56"
          >
            {sorts.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {filtered ? (
          <button type="button" onClick={() => go(clearedListState())} className={buttonStyles.secondary}>
            {t('products.clear')}
          </button>
        ) : null}
        <button
          type="button"
          className={`${buttonStyles.secondary} lg:hidden`}
          aria-expanded={filtersOpen}
          aria-controls="product-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? t('products.hideFilters') : t('products.showFilters')}
        </button>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside
          id="product-filters"
          aria-label={t('products.filters')}
          className={`${filtersOpen ? 'block' : 'hidden'} lg:block`}
        >
          <ProductFilters
            state={state}
            update={update}
            priceMin={priceMin}
            priceMax={priceMax}
            onPriceMin={setPriceMin}
            onPriceMax={setPriceMax}
          />
        </aside>
        <section
          ref={listRef}
          id="product-list"
          aria-live="polite"
          aria-busy={loading}
          className={`scroll-mt-24 ${loading ? 'opacity-60 transition-opacity' : ''}`}
        >
          {failed ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
              <p>{t('products.failed')}</p>
              <button
                type="button"
                onClick={() => navigate('.', { replace: true })}
                className={`${buttonStyles.secondary} mt-4`}
              >
                {t('products.retry')}
              </button>
            </div>
          ) : pastEnd ? (
            <PaginationIsland page={state.page} last={pastEnd} href={pageHref} />
          ) : products.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
              {t('products.empty')}
            </p>
          ) : (
            <>
              {suggestion ? (
                <p className="mb-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-slate-800">
                  {t('products.noExactMatch', { search: state.search })} {t('products.didYouMean')}{' '}
                  <a
                    href={suggestionHref}
                    onClick={(event) => {
                      event.preventDefault();
                      update({ search: suggestion });
                    }}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {suggestion}
                  </a>
                </p>
              ) : null}
              {/* The results' heading: the tiles' titles (h3) come under it, after the page's h1. */}
              <h2 className="mb-4 text-sm font-normal text-slate-600">
                {t('products.results', { count: meta?.total ?? products.length })}
              </h2>
              <ProductTiles products={products} />
              {meta && meta.last_page > 1 ? (
                <PaginationIsland
                  page={meta.current_page}
                  last={meta.last_page}
                  href={pageHref}
                  onPage={() => {
                    pagedByLink.current = true;
                  }}
                />
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
