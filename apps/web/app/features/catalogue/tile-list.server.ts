/**
 * The list page's tiles written as text, byte for byte the HTML React renders for them
 * (the list page's `ProductTiles` with `ProductCard`, `ProductImage` and the guest's or the waiting visitor's
 * `TileActions`; `tile-list.server.test.tsx` holds the two to the same output). The tiles are most of a list page's elements, and a list nobody asked for before is
 * rendered whole each time: written as text they cost far less than through React (decision 0041,
 * which has the figures). A tile of a prompt the visitor owns
 * is left to React.
 */

import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { useLocation } from 'react-router';
import { centsFromDecimal } from '../../lib/amount';
import { formatCredits } from '../../lib/credits';
import { type Translate, useTranslation } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { loginPath } from '../../lib/safe-redirect';
import { useCurrentUser, usePersonalPartsPending } from '../../lib/session-data';
import { useSite } from '../../lib/site-data';
import { previewSrc, srcset } from './components/product-image';
import { FIRST_SCREEN_TILES, TILE_SIZES, tileListWriter } from './tile-list-writer';

/** What the tiles' markup depends on besides the products. */
export type TileListContext = {
  t: Translate;
  locale: string;
  currencyName: string;
  signedIn: boolean;
  /** A signed-in visitor's page cached for all of them, whose personal parts come later. */
  pending: boolean;
  /** The page's path and query, where signing in leads back to. */
  here: string;
};

/** Escapes text and attribute values as React's server renderer does. */
function escaped(text: string): string {
  if (!/["&'<>]/.test(text)) return text;
  return text.replace(/["&'<>]/g, (found) => ESCAPES[found as keyof typeof ESCAPES]);
}
const ESCAPES = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

const ACTION =
  'inline-flex min-h-10 flex-1 items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-semibold';
const PRIMARY = `${ACTION} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${ACTION} border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-60`;
const HEART =
  '<svg viewBox="0 0 24 24" class="h-4 w-4 text-rose-500" fill="currentColor" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.1 0 3.4 1.2 4 2.3.6-1.1 1.9-2.3 4-2.3 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z"></path></svg>';

/** A `src` attribute as React writes it: left out when empty. */
const source = (url: string) => (url ? ` src="${escaped(url)}"` : '');

const SIZES = escaped(TILE_SIZES);

function picture(product: ProductSummary, priority: boolean): string {
  const avif = priority
    ? ''
    : `<source type="image/avif" srcSet="${escaped(srcset(product.images.avif))}" sizes="${SIZES}"/>`;
  const img =
    // No text of its own: the tile's title is its link's text (as ProductCard writes it).
    `<img${source(previewSrc(product))} alt="" width="640" height="640"` +
    (priority
      ? ' loading="eager" fetchPriority="high"'
      : ' loading="lazy" fetchPriority="auto" decoding="async"') +
    ' class="aspect-square h-auto w-full object-cover transition duration-300 group-hover:scale-[1.03]"/>';
  return `<picture>${avif}<source type="image/webp" srcSet="${escaped(srcset(product.images.webp))}" sizes="${SIZES}"/>${img}</picture>`;
}

/** What every tile of a list shares: the buttons' texts, and where signing in leads back to. */
type Shared = { buy: string; add: string; login: string | null };

function shared(context: TileListContext): Shared {
  const { t } = context;
  return {
    buy: escaped(t('product.buyNow')),
    add: escaped(t('product.addToCart')),
    login: !context.signedIn && !context.pending ? escaped(loginPath(context.locale, context.here)) : null,
  };
}

/** The Buy now and Add to cart buttons as the server renders them (`TileActions`). */
function actions(product: ProductSummary, href: string, { buy, add, login }: Shared): string {
  const buyLink = `<a href="${href}" data-discover="true" class="${PRIMARY}">${buy}</a>`;
  const adding =
    login !== null
      ? `<a href="${login}" data-discover="true" class="${SECONDARY}">${add}</a>`
      : // Before the page's code runs the button waits, as React renders it on the server.
        `<button type="button" disabled="" class="${SECONDARY}">${add}<span class="sr-only">: <!-- -->${escaped(product.title)}</span></button>`;
  return `<div class="mt-3"><div class="flex gap-2">${buyLink}${adding}</div></div>`;
}

function tile(product: ProductSummary, index: number, context: TileListContext, common: Shared): string {
  const { t, locale } = context;
  const priority = index < FIRST_SCREEN_TILES;
  const href = escaped(paths.product(locale, product.slug));
  const price = formatCredits(centsFromDecimal(product.price), locale, context.currencyName, t);
  const likes = product.likes_count ?? 0;
  return (
    (priority ? '<li>' : '<li class="below-fold-tile">') +
    '<article class="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">' +
    `<a href="${href}" data-discover="true" class="block overflow-hidden" tabindex="-1" aria-hidden="true">${picture(product, priority)}</a>` +
    '<div class="flex flex-1 flex-col gap-1 p-4">' +
    `<p class="text-xs font-medium uppercase tracking-wide text-brand-700">${escaped(product.category.title)}</p>` +
    `<h3 class="line-clamp-2 font-semibold text-slate-900"><a href="${href}" data-discover="true" class="hover:underline">${escaped(product.title)}</a></h3>` +
    '<div class="mt-auto flex items-center justify-between pt-2 text-sm">' +
    `<span class="font-semibold text-slate-900">${escaped(price)}</span>` +
    `<span class="inline-flex items-center gap-1 text-slate-500" title="${escaped(t('product.likes', { count: likes }))}">${HEART}<span>${likes}</span></span>` +
    `</div>${actions(product, href, common)}</div></article></li>`
  );
}

/** The tiles' markup; null when a tile is of a prompt the visitor owns (its Download link is React's). */
export function writeTileList(products: ProductSummary[], context: TileListContext): string | null {
  if (products.some((product) => product.owned)) return null;
  const common = shared(context);
  return products.map((product, index) => tile(product, index, context, common)).join('');
}

/** The tiles' markup for the page being rendered: reads its language, texts and visitor as a hook. */
function useWrittenTiles(products: ProductSummary[]): string | null {
  const { t } = useTranslation();
  const { locale, settings } = useSite();
  const user = useCurrentUser();
  const pending = usePersonalPartsPending();
  const location = useLocation();
  return writeTileList(products, {
    t,
    locale,
    currencyName: settings.internal_currency_name,
    signedIn: user !== null,
    pending,
    here: location.pathname + location.search,
  });
}

/** Called once by the server's entry. */
export function writeTilesOnServer(): void {
  tileListWriter.write = useWrittenTiles;
}
