import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { type Favourites, favouritesQuery } from '@promptmarket/contracts/favourites';
import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import { useHydrated } from '../../components/ui/use-hydrated';
import { PaginationIsland } from '../../features/catalogue/components/pagination-island';
import { Heart, ProductCard } from '../../features/catalogue/components/product-card';
import { FIRST_SCREEN_TILES, TILE_SIZES } from '../../features/catalogue/tile-sizes';
import { getFavourites } from '../../features/favourites/api';
import { TileActionsIsland } from '../../features/orders/tile-actions-island';
import { serverApi } from '../../lib/api.server';
import { useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/favourites';

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location.pathname, { titleKey: 'favourites.title' }),
  { name: 'robots', content: 'noindex' },
];

/** `?page=` read by the API's own rule; anything it would refuse shows the first page. */
function pageOf(url: URL): number {
  const parsed = favouritesQuery.safeParse({ page: url.searchParams.get('page') ?? undefined });
  return parsed.success ? (parsed.data.page ?? 1) : 1;
}

/** The dashboard layout has checked the user; a failed call shows its own message. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url));
  try {
    const favourites = await getFavourites(serverApi(request, context, params.locale, true), page);
    return { page, favourites: favourites as Favourites | null };
  } catch {
    return { page, favourites: null };
  }
}

/** What the last Unlike came to: said in the page's status line, or at the tile it put back. */
type Outcome = { kind: 'removed' | 'failed'; product: ProductSummary } | null;

function UnlikeButton({
  product,
  onUnlike,
  failed,
}: {
  product: ProductSummary;
  onUnlike: (product: ProductSummary) => void;
  failed: boolean;
}) {
  const { t } = useTranslation();
  // A press before the page's code runs would be lost: off until then.
  const live = useHydrated();
  return (
    <>
      <button
        type="button"
        onClick={() => onUnlike(product)}
        disabled={!live}
        className={`${buttonStyles.secondary} mt-2 w-full px-3 py-2`}
      >
        <Heart className="h-4 w-4 text-rose-500" />
        {t('favourites.unlike')}
        {/* The name says which prompt, after the text the button shows. */}
        <span className="sr-only">: {product.title}</span>
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {t('favourites.unlikeFailed', { title: product.title })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The dashboard's Favourites (spec section 2): the prompts the user liked, newest like first, a
 * page of the API's at a time, each a tile of the product list with its Buy now and Add to cart,
 * and an Unlike that takes the tile away at once and puts it back, saying so, if the API refuses.
 */
export default function DashboardFavourites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const api = useApi();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const pagedByLink = useRef(false);
  const { page, favourites } = loaderData;
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname === paths.favourites(locale)) ||
    revalidator.state === 'loading';

  // A page link leads to the top of the list, not of the whole page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the shown page changes
  useEffect(() => {
    if (!pagedByLink.current) return;
    pagedByLink.current = false;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    listRef.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  }, [page]);

  async function unlike(product: ProductSummary) {
    setRemoved((current) => new Set(current).add(product.id));
    setOutcome(null);
    // The tile and its button leave the page: the focus goes to the list's heading, not to the body.
    headingRef.current?.focus();
    try {
      // The call's contract (zod) comes with the press, not with the page (decision 0059).
      const { setLike } = await import('../../features/catalogue/api');
      await setLike(api, product.id, false);
      setOutcome({ kind: 'removed', product });
      // The page fills up from the next one, and its count and pages follow.
      revalidator.revalidate();
    } catch {
      setRemoved((current) => {
        const next = new Set(current);
        next.delete(product.id);
        return next;
      });
      setOutcome({ kind: 'failed', product });
    }
  }

  const shown = favourites?.data.filter((product) => !removed.has(product.id)) ?? [];
  const total = favourites ? favourites.meta.total - (favourites.data.length - shown.length) : 0;
  const pastEnd =
    favourites && favourites.meta.total > 0 && page > favourites.meta.last_page
      ? favourites.meta.last_page
      : 0;
  const pageHref = (target: number) => `${paths.favourites(locale)}${target > 1 ? `?page=${target}` : ''}`;

  return (
    <section aria-labelledby="favourites-title">
      <h2
        id="favourites-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {t('favourites.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('favourites.intro')}
        {favourites && total > 0 ? ` ${t('favourites.count', { count: total })}` : null}
      </p>
      <p role="status" className="mt-2 min-h-5 text-sm text-emerald-800">
        {outcome?.kind === 'removed' ? t('favourites.removed', { title: outcome.product.title }) : null}
      </p>
      <div
        ref={listRef}
        aria-busy={loading}
        className={`mt-4 scroll-mt-24 ${loading ? 'opacity-60 transition-opacity' : ''}`}
      >
        {favourites === null ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
            <p>{t('favourites.failed')}</p>
            <button
              type="button"
              onClick={() => revalidator.revalidate()}
              className={`${buttonStyles.secondary} mt-4`}
            >
              {t('favourites.retry')}
            </button>
          </div>
        ) : pastEnd ? (
          <PaginationIsland page={page} last={pastEnd} href={pageHref} />
        ) : total <= 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
            <p className="font-medium text-slate-900">{t('favourites.empty')}</p>
            <p className="mt-1">{t('favourites.emptyHint')}</p>
            <Link to={paths.products({ locale })} className={`${buttonStyles.primary} mt-6`}>
              {t('favourites.browse')}
            </Link>
          </div>
        ) : (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((product, index) => (
                <li key={product.id} className={index < FIRST_SCREEN_TILES ? undefined : 'below-fold-tile'}>
                  <ProductCard
                    product={product}
                    priority={index < FIRST_SCREEN_TILES}
                    sizes={TILE_SIZES}
                    actions={
                      <>
                        <TileActionsIsland product={product} />
                        <UnlikeButton
                          product={product}
                          onUnlike={unlike}
                          failed={outcome?.kind === 'failed' && outcome.product.id === product.id}
                        />
                      </>
                    }
                  />
                </li>
              ))}
            </ul>
            {favourites.meta.last_page > 1 ? (
              <PaginationIsland
                page={favourites.meta.current_page}
                last={favourites.meta.last_page}
                href={pageHref}
                onPage={() => {
                  pagedByLink.current = true;
                }}
              />
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
