import type { ProductSummary } from '@promptmarket/contracts/catalogue';

/** The list page's tiles: their image sizes, and how many of the first are on the first screen. */
export const TILE_SIZES = '(min-width: 1280px) 22vw, (min-width: 640px) 45vw, 100vw';
export const FIRST_SCREEN_TILES = 3;

/**
 * Set by the server's entry only (`tile-list.server.ts`): in the browser the tiles are always
 * React's. Called while the list renders, it reads the page's language, texts and visitor as a
 * hook does, and gives the tiles' markup, or null for React to render them.
 */
export const tileListWriter: { write: ((products: ProductSummary[]) => string | null) | null } = {
  write: null,
};
