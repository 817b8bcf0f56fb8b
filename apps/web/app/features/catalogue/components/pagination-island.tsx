import { deferredIsland } from '../../../components/layout/page-extras';

/**
 * The product list's pager, or what a page past the end says instead of the list: rendered on the
 * server, its code after the first load (decision 0014).
 */
export const PaginationIsland = deferredIsland(() =>
  import('./pagination').then((module) => module.Pagination),
);
