import type { ProductSummary } from '@promptmarket/contracts/catalogue';

/**
 * Set by the server's entry only (`tile-list.server.ts`): in the browser the tiles are always
 * React's. Called while the list renders, it reads the page's language, texts and visitor as a
 * hook does, and gives the tiles' markup, or null for React to render them.
 */
export const tileListWriter: { write: ((products: ProductSummary[]) => string | null) | null } = {
  write: null,
};
