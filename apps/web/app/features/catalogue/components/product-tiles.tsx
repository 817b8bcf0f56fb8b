import type { ProductSummary } from '@promptmarket/contracts/catalogue';
import { TileActionsIsland } from '../../orders/tile-actions-island';
import { tileListWriter } from '../tile-list-writer';
import { ProductCard } from './product-card';

/** The list page's tiles: their image sizes, and how many of the first are on the first screen. */
export const TILE_SIZES = '(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 100vw';
export const FIRST_SCREEN_TILES = 3;
const LIST_CLASS = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/**
 * The list page's grid of tiles. On the server its markup is written by `tileListWriter` when it
 * can write it (decision 0041): the same HTML React renders below, which the browser hydrates as
 * React's own.
 */
export function ProductTiles({ products }: { products: ProductSummary[] }) {
  // Only the server writes them: the browser's build leaves this out (`import.meta.env.SSR` is false there).
  const written = import.meta.env.SSR ? tileListWriter.write?.(products) : null;
  if (written != null) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the tiles' markup, every text escaped as React escapes it
    return <ul className={LIST_CLASS} dangerouslySetInnerHTML={{ __html: written }} />;
  }
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
