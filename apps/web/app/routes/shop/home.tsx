import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { Suspense, useMemo } from 'react';
import { buttonStyles } from '../../components/ui/button-styles';
import { Link } from '../../components/ui/link';
import {
  getFeaturedProducts,
  getHeroProducts,
  getNewProducts,
  getTopSellers,
} from '../../features/catalogue/api';
import { Carousel } from '../../features/catalogue/components/carousel';
import { ProductCard } from '../../features/catalogue/components/product-card';
import {
  ProductImage,
  previewSrc,
  productImagePreload,
} from '../../features/catalogue/components/product-image';
import { HERO_AUTOPLAY_MS } from '../../features/catalogue/rules';
import { topSellerTitle } from '../../features/catalogue/top-seller-title';
import { TileActionsIsland } from '../../features/orders/tile-actions-island';
import { logFailures, serverApi } from '../../lib/api.server';
import { formatCredits } from '../../lib/credits';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal } from '../../lib/money';
import { pack, unpack } from '../../lib/packed';
import { paths } from '../../lib/paths';
import { pageMeta } from '../../lib/seo';
import { useSite } from '../../lib/site-data';
import type { Route } from './+types/home';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context, params.locale);
  // The New Prompts carousel shows the new products, or the featured ones when asked (spec section 2).
  const featured = new URL(request.url).searchParams.get('prompts') === 'featured';
  // Each section stands alone: one that fails to load is left out (spec section 8).
  const [hero, fresh, topSellers] = await Promise.allSettled([
    getHeroProducts(api),
    featured ? getFeaturedProducts(api) : getNewProducts(api),
    getTopSellers(api),
  ]);
  logFailures(context, {
    'The hero products': hero,
    [featured ? 'The featured products' : 'The new products']: fresh,
    'The top sellers': topSellers,
  });
  const list = (result: PromiseSettledResult<{ data: ProductSummary[] }>) =>
    result.status === 'fulfilled' ? result.value.data : [];
  // The Top sellers' cut titles are written here: cutting by letters needs `Intl.Segmenter` for some
  // text, whose first use would hold a phone's page while it starts (decision 0059).
  const cutTitles = Object.fromEntries(
    list(topSellers).map((product) => [product.id, topSellerTitle(product.title)]),
  );
  return {
    featured,
    lists: pack({ hero: list(hero), fresh: list(fresh), topSellers: list(topSellers) }),
    cutTitles,
  };
}

/** The hero pictures' widths; its first picture is preloaded with the same. */
const HERO_IMAGE_SIZES = '(min-width: 769px) 25vw, 50vw';

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const first = loaderData ? unpack(loaderData.lists).hero[0] : undefined;
  return [
    ...pageMeta(matches, location.pathname, {}),
    ...(first ? [productImagePreload(first, HERO_IMAGE_SIZES)] : []),
  ];
};

function IntroIcon({ path }: { path: string }) {
  return (
    <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, styles, settings } = useSite();
  const { hero, fresh, topSellers } = useMemo(() => unpack(loaderData.lists), [loaderData.lists]);
  const styledOnly = styles.filter((style) => style.image_url);
  const intro = [
    {
      title: t('home.introTopUpTitle'),
      text: t('home.introTopUpText'),
      icon: 'M3 7h18v12H3zM3 7l2-3h14l2 3M16 13h2',
    },
    {
      title: t('home.introBrowseTitle'),
      text: t('home.introBrowseText'),
      icon: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
    },
    {
      title: t('home.introAccessTitle'),
      text: t('home.introAccessText'),
      icon: 'M12 3v12M7 10l5 5 5-5M4 21h16',
    },
  ];

  return (
    <>
      <section className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgba(139,92,246,0.45),transparent),radial-gradient(40rem_25rem_at_0%_100%,rgba(56,189,248,0.25),transparent)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pb-12 pt-16 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-3xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t('home.heroTitle')}
            </h1>
            <p className="mt-6 text-lg text-slate-300 sm:text-xl">{t('home.heroDescription')}</p>
            <div className="mt-8">
              <Link to={paths.products({ locale })} className={`${buttonStyles.primary} px-6 py-3 text-base`}>
                {t('home.explore')}
              </Link>
            </div>
          </div>
          {hero.length > 0 ? (
            <div className="mt-12 [&_button]:border-white/20 [&_button]:bg-white/10 [&_button]:text-white">
              <Carousel
                kind="hero"
                label={t('home.carouselLabel')}
                autoplayMs={HERO_AUTOPLAY_MS}
                items={hero.map((product, index) => ({
                  key: product.id,
                  node: (
                    <Link
                      to={paths.product(locale, product.slug)}
                      className="block overflow-hidden rounded-2xl ring-1 ring-white/10"
                    >
                      <ProductImage product={product} sizes={HERO_IMAGE_SIZES} priority={index < 2} alt="" />
                      <span className="sr-only">{product.title}</span>
                    </Link>
                  ),
                }))}
              />
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="intro-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="intro-title" className="sr-only">
          {t('home.introTitle')}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {intro.map((box) => (
            <li key={box.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IntroIcon path={box.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{box.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{box.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Each part below the first screen hydrates on its own (a Suspense boundary): no single
          task of the page's start holds the main thread for long. */}
      <Suspense fallback={null}>
        {fresh.length > 0 || loaderData.featured ? (
          <section
            id="new-prompts"
            aria-labelledby="new-title"
            className="below-fold mx-auto max-w-7xl scroll-mt-24 px-4 pb-14 sm:px-6"
          >
            <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
              <h2 id="new-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {t('home.newPrompts')}
              </h2>
              <div className="flex items-center gap-4 text-sm font-semibold">
                {/* Which prompts it shows: links, so that the choice is an address of its own. */}
                <ul aria-labelledby="new-title" className="flex rounded-lg bg-slate-100 p-1">
                  {[t('home.showNew'), t('home.showFeatured')].map((label, index) => {
                    const shown = index === Number(loaderData.featured);
                    return (
                      <li key={label}>
                        <Link
                          to={`${paths.home(locale)}${index ? '?prompts=featured' : ''}#new-prompts`}
                          aria-current={shown ? 'true' : undefined}
                          className={`block rounded-md px-3 py-1.5 ${shown ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
                        >
                          {label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                <Link
                  to={paths.products({ locale, sort: loaderData.featured ? undefined : 'newest' })}
                  className="text-brand-700 hover:underline"
                >
                  {t('home.viewAll')}
                </Link>
              </div>
            </div>
            <Carousel
              kind="grid"
              label={t('home.newPrompts')}
              items={fresh.map((product) => ({
                key: product.id,
                node: (
                  <ProductCard
                    product={product}
                    actions={<TileActionsIsland product={product} buyLabel={t('home.buyNow')} />}
                  />
                ),
              }))}
            />
          </section>
        ) : null}
      </Suspense>

      <Suspense fallback={null}>
        {topSellers.length > 0 ? (
          <section
            aria-labelledby="top-title"
            className="below-fold bg-slate-50 [--below-fold-height:70rem] sm:[--below-fold-height:40rem] lg:[--below-fold-height:24rem]"
          >
            <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
              <h2 id="top-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {t('home.topSellers')}
              </h2>
              <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                {topSellers.map((product, index) => (
                  <li key={product.id}>
                    <Link
                      to={paths.product(locale, product.slug)}
                      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:shadow-md"
                      title={product.title}
                    >
                      <span className="w-6 text-center text-lg font-bold text-brand-600">{index + 1}</span>
                      <img
                        src={previewSrc(product)}
                        alt=""
                        width={56}
                        height={56}
                        loading="lazy"
                        className="h-14 w-14 rounded-lg object-cover"
                      />
                      {/* Five in a row leave no room beside the picture: the title takes a line of its own there. */}
                      <span className="min-w-0 flex-1 lg:basis-full">
                        {/* The cut title is what the eye reads; the link's name is the whole title. */}
                        <span className="sr-only">{product.title}</span>
                        <span aria-hidden="true" className="block truncate font-semibold text-slate-900">
                          {loaderData.cutTitles[product.id] ?? product.title}
                        </span>
                        <span className="block text-sm text-slate-600">
                          {formatCredits(
                            centsFromDecimal(product.price),
                            locale,
                            settings.internal_currency_name,
                            t,
                          )}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </div>
          </section>
        ) : null}
      </Suspense>

      <Suspense fallback={null}>
        {styledOnly.length > 0 ? (
          <section
            aria-labelledby="styles-title"
            className="below-fold [--below-fold-height:64rem] sm:[--below-fold-height:70rem] lg:[--below-fold-height:42rem] mx-auto max-w-7xl px-4 py-14 sm:px-6"
          >
            <h2 id="styles-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('home.browseByStyle')}
            </h2>
            <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
              {styledOnly.map((style) => (
                <li key={style.id}>
                  <Link
                    to={paths.products({ locale, query: style.query })}
                    className="group relative block overflow-hidden rounded-2xl"
                  >
                    <img
                      src={style.image_url ?? ''}
                      alt=""
                      width={640}
                      height={640}
                      loading="lazy"
                      className="aspect-square w-full object-cover transition duration-300 group-hover:scale-105"
                    />
                    <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-3 text-sm font-semibold text-white">
                      {style.title}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Suspense>
    </>
  );
}
