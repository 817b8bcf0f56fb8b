import type { Db } from '../../db/client';
import { foldedContains } from '../../lib/folded-search';
import { productTranslations } from './catalogue.tables';

/**
 * The ids of the products whose title in any language contains `term`, case and accents folded, as
 * a subquery: the orders list finds the orders of a product by its title in the same query.
 */
export function productIdsTitled(db: Db, term: string) {
  return db
    .selectDistinct({ id: productTranslations.productId })
    .from(productTranslations)
    .where(foldedContains(term, productTranslations.title));
}
