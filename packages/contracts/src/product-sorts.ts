/** The product list's sort orders. Without zod, so the shop's list page can read them without shipping it. */
export const productSorts = ['newest', 'price_asc', 'price_desc', 'popular', 'rating', 'relevance'] as const;
export type ProductSort = (typeof productSorts)[number];
