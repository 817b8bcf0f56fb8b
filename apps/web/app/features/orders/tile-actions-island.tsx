import { deferredIsland } from '../../components/layout/page-extras';

/**
 * A tile's Buy now and Add to cart buttons (or Download once owned). Tiles are on every list
 * page: the buttons' code comes after the first load (decision 0014).
 */
export const TileActionsIsland = deferredIsland(
  () => import('./tile-actions').then((module) => module.TileActions),
  'mt-3',
);
