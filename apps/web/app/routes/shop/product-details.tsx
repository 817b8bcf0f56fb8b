import type { ProductDetail, ProductSummary } from '@promptmarket/contracts/catalogue';
import { Suspense, useMemo, useRef, useState } from 'react';
import { data, useLocation } from 'react-router';
import { Link } from '../../components/ui/link';
import { getProduct } from '../../features/catalogue/api';
import { Heart, ProductCard } from '../../features/catalogue/components/product-card';
import { ProductImage, productImagePreload } from '../../features/catalogue/components/product-image';
import { LIKE_RETURN_NOTE_ID, likeLoginPath, useLikeReturn } from '../../features/favourites/like-return';
import { BoughtPrompt } from '../../features/orders/bought-prompt';
import { PurchaseActions } from '../../features/orders/purchase-actions';
import { TileActionsIsland } from '../../features/orders/tile-actions-island';
import { getReviews, getSimilarPictures } from '../../features/reviews/api';
import { type ReviewsPage, ReviewsSection } from '../../features/reviews/components/reviews-section';
import { reviewsJsonLd } from '../../features/reviews/rules';
import { serverApi } from '../../lib/api.server';
import { ApiError } from '../../lib/api-client';
import { creditsParts } from '../../lib/credits-parts';
import { EURO } from '../../lib/currency';
import { useDisplayCurrency } from '../../lib/currency-context';
import { useTranslation } from '../../lib/i18n';
import { centsFromDecimal, formatFromEur } from '../../lib/money';
import { pack, unpack } from '../../lib/packed';
import { paths } from '../../lib/paths';
import { messageAt, pageMeta, siteDataOf } from '../../lib/seo';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { messagesOf, useSite } from '../../lib/site-data';
import { useApi } from '../../lib/use-api';
import type { Route } from './+types/product-details';

/** How many products "looks like this" shows. */
const LOOKALIKES = 8;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const api = serverApi(request, context, params.locale);
    const { data: product } = await getProduct(api, params.slug);
    // The reviews' first page as everyone sees it (the visitor's own parts come from the browser,
    // decision 0022) and the pictures alike; either may fail without the page.
    const [reviews, lookalikes] = await Promise.all([
      getReviews(api, product.id, 1).then(
        ({ data, meta, summary }): ReviewsPage => ({ data, meta, summary }),
        () => null,
      ),
      getSimilarPictures(api, product.id, LOOKALIKES).then(
        ({ data }) => data,
        () => [],
      ),
    ]);
    // Written by the server: a browser's first date format loads ICU's data while the page starts,
    // 240 ms on a slow phone (decision 0059).
    const added = new Intl.DateTimeFormat(params.locale, { dateStyle: 'long' }).format(
      new Date(product.created_at),
    );
    return {
      packedProduct: pack(product),
      added,
      packedReviews: pack(reviews),
      packedLookalikes: pack(lookalikes),
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

/** The picture's widths; it is preloaded with the same. */
const IMAGE_SIZES = '(min-width: 768px) 50vw, 100vw';

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const site = siteDataOf(matches);
  const product = loaderData ? unpack(loaderData.packedProduct) : undefined;
  if (!site || !product) return pageMeta(matches, location.pathname, {});
  const reviews = unpack(loaderData.packedReviews);
  const brand = messageAt(messagesOf(site), 'brand.name');
  const url = `${site.origin}${location.pathname}`;
  const image = `${site.origin}${product.images.webp['640'] ?? product.image_url}`;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      image,
      sku: String(product.id),
      category: product.category.title,
      offers: {
        '@type': 'Offer',
        price: product.price_eur.toFixed(2),
        priceCurrency: EURO.code,
        availability: 'https://schema.org/InStock',
        url,
      },
      ...reviewsJsonLd(reviews?.summary ?? product.rating, reviews?.data ?? []),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: messageAt(messagesOf(site), 'product.breadcrumbHome'),
          item: `${site.origin}/${site.locale}`,
        },
        {
          '@type': 'ListItem',
          position: 2,
          name: messageAt(messagesOf(site), 'product.breadcrumbProducts'),
          item: `${site.origin}/${site.locale}/products`,
        },
        { '@type': 'ListItem', position: 3, name: product.title, item: url },
      ],
    },
  ];
  return [
    ...pageMeta(matches, location.pathname, {})
      .map((tag) => ('title' in tag ? { title: `${product.title} | ${brand}` } : tag))
      .filter(
        (tag) =>
          !('name' in tag && tag.name === 'description') &&
          !('property' in tag && (tag.property === 'og:title' || tag.property === 'og:type')),
      ),
    { name: 'description', content: product.description },
    { property: 'og:title', content: product.title },
    { property: 'og:type', content: 'product' },
    { property: 'og:image', content: image },
    productImagePreload(product, IMAGE_SIZES),
    { 'script:ld+json': jsonLd },
  ];
};

function LikeButton({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { locale } = useSite();
  const user = useCurrentUser();
  const api = useApi();
  const location = useLocation();
  const [state, setState] = useState({ liked: product.liked, count: product.likes_count, busy: false });
  const pending = usePersonalPartsPending();
  const button = useRef<HTMLButtonElement>(null);
  const returnNote = useLikeReturn(button, user !== null, state.liked);
  if (!user && pending) {
    // Whose page this is comes in a moment: the count is shown, the button comes with it.
    return (
      <span className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700">
        <Heart className="h-5 w-5 text-rose-500" />
        {t('product.likes', { count: state.count })}
      </span>
    );
  }
  if (!user) {
    return (
      <Link
        to={likeLoginPath(locale, location)}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        title={t('product.loginToLike')}
      >
        <Heart className="h-5 w-5 text-rose-500" />
        {t('product.likes', { count: state.count })}
      </Link>
    );
  }
  const toggle = async () => {
    setState((current) => ({ ...current, busy: true }));
    try {
      // The call's contract (zod) comes with the first press, not with the page (decision 0059).
      const { setLike } = await import('../../features/catalogue/api');
      const { payload } = await setLike(api, product.id, !state.liked);
      setState({ liked: payload.liked, count: payload.likes_count, busy: false });
    } catch {
      setState((current) => ({ ...current, busy: false }));
    }
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={toggle}
        disabled={state.busy}
        aria-pressed={state.liked}
        aria-describedby={returnNote ? LIKE_RETURN_NOTE_ID : undefined}
        // Pressed or not tells whether it is liked; the name ends with the count the button shows.
        aria-label={`${t('product.like')}, ${t('product.likes', { count: state.count })}`}
        className={`inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-medium transition ${
          state.liked
            ? 'border-rose-300 bg-rose-50 text-rose-700'
            : 'border-slate-300 text-slate-700 hover:bg-slate-50'
        }`}
      >
        <Heart className={`h-5 w-5 ${state.liked ? 'text-rose-500' : 'text-slate-400'}`} />
        {t('product.likes', { count: state.count })}
      </button>
      {returnNote}
    </>
  );
}

export default function ProductDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const { currency } = useDisplayCurrency();
  const product = useMemo(() => unpack(loaderData.packedProduct), [loaderData.packedProduct]);
  const internal = creditsParts(centsFromDecimal(product.price), locale, settings.internal_currency_name, t);
  const { added } = loaderData;
  const reviews = useMemo(() => unpack(loaderData.packedReviews), [loaderData.packedReviews]);
  const lookalikes = useMemo(() => unpack(loaderData.packedLookalikes), [loaderData.packedLookalikes]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-500">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={paths.home(locale)} className="hover:underline">
              {t('product.breadcrumbHome')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={paths.products({ locale })} className="hover:underline">
              {t('product.breadcrumbProducts')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-700">
            {product.title}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        {/* As tall as the picture, not as the column beside it (no empty strip below). */}
        <div className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
          <ProductImage product={product} sizes={IMAGE_SIZES} priority className="block" />
        </div>
        <div>
          <Link
            to={paths.products({ locale, category: product.category.slug })}
            className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
          >
            {product.category.title}
          </Link>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {product.title}
          </h1>
          <p className="mt-4 text-slate-700">{product.description}</p>
          <div className="mt-6 flex flex-wrap items-end gap-x-4 gap-y-1">
            <p className="text-3xl font-bold text-slate-900">
              {internal.before}
              {internal.amount}
              <span className="text-lg font-semibold text-slate-600">{internal.after}</span>
            </p>
            {currency.code !== EURO.code || settings.internal_currency_rate_eur !== '1.00' ? (
              <p className="pb-1 text-sm text-slate-500">
                {t('product.approx', {
                  amount: formatFromEur(centsFromDecimal(product.price_eur), currency, locale),
                })}
              </p>
            ) : null}
          </div>
          {product.styles.length > 0 ? (
            <div className="mt-6">
              <h2 className="text-sm font-semibold text-slate-900">{t('product.styles')}</h2>
              <ul className="mt-2 flex flex-wrap gap-2">
                {product.styles.map((style) => (
                  <li key={style.id}>
                    <Link
                      to={paths.products({ locale, style: style.slug })}
                      className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
                    >
                      {style.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {/* Only its buyer's data holds the whole prompt; a page from the page cache never does (decision 0022). */}
          {product.prompt ? (
            <BoughtPrompt prompt={product.prompt} className="mt-6" />
          ) : (
            <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
              <h2 className="text-sm font-semibold text-slate-900">{t('product.promptPreview')}</h2>
              <p className="mt-2 font-mono text-sm text-slate-700">{product.prompt_preview}</p>
              <p className="mt-2 text-xs text-slate-500">{t('product.promptHidden')}</p>
            </div>
          )}
          <div className="mt-6">
            <PurchaseActions product={product} />
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <LikeButton key={String(product.liked)} product={product} />
          </div>
          <p className="mt-6 text-xs text-slate-500">{t('product.added', { date: added })}</p>
        </div>
      </div>
      {/* Hydrates on its own (a Suspense boundary), after the product itself. */}
      <Suspense fallback={null}>
        <ReviewsSection
          key={product.id}
          productId={product.id}
          initial={reviews}
          owned={Boolean(product.owned)}
        />
      </Suspense>
      <Suspense fallback={null}>
        <ProductRow id="similar-title" title={t('product.similar')} products={product.similar} />
      </Suspense>
      <Suspense fallback={null}>
        <ProductRow id="lookalikes-title" title={t('reviews.looksLike')} products={lookalikes} />
      </Suspense>
    </div>
  );
}

/** A row of tiles below the product (the same category's, the pictures that look alike); nothing when empty. */
function ProductRow({ id, title, products }: { id: string; title: string; products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section className="mt-16" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((item) => (
          <li key={item.id} className="below-fold-tile">
            <ProductCard
              product={item}
              sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              actions={<TileActionsIsland product={item} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
