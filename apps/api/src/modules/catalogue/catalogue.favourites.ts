import { PRODUCT_PAGE_SIZE } from '@promptmarket/contracts';
import type { Favourites, FavouritesQuery } from '@promptmarket/contracts/favourites';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ownedOf, type SummaryRow, summarySelect, toSummary, type Viewer } from './catalogue.summaries';

/**
 * The products the user liked (`catalogue.likes.ts`), newest like first, one page of them as tiles
 * with the list's paging meta. Only products on sale are listed and counted: one taken off sale
 * comes back with its like once it is on sale again. Every read is scoped by the user.
 */
export async function listFavourites(
  db: Db,
  viewer: Viewer & { userId: string },
  query: FavouritesQuery,
): Promise<Favourites> {
  const perPage = query.per_page ?? PRODUCT_PAGE_SIZE;
  const page = query.page ?? 1;
  const [[counted], rows] = await Promise.all([
    rowsOf<{ total: number | string }>(
      db,
      sql`select count(*) as total from product_likes f
        join products p on p.id = f.product_id
        where f.user_id = ${viewer.userId} and p.is_active`,
    ),
    rowsOf<SummaryRow>(
      db,
      sql`${summarySelect(viewer)}
        join product_likes f on f.product_id = p.id and f.user_id = ${viewer.userId}
        where p.is_active
        order by f.created_at desc, p.id desc
        limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
  ]);
  const total = Number(counted?.total ?? 0);
  const owned = await ownedOf(
    viewer,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toSummary(row, viewer, owned)),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}
