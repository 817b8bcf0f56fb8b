import { adminOrderKinds, adminOrderStatuses } from '@promptmarket/contracts/admin-orders';

/**
 * The orders list's filters as the address holds them (`?search=…&kind=checkout&from=2026-11-01`):
 * what the loader passes on to the API, and what the filter form shows again. A value the list
 * does not know is dropped rather than sent, except a day typed wrong, which the API refuses so
 * the screen can say so.
 */

export type OrdersFilters = {
  search: string;
  kind: (typeof adminOrderKinds)[number] | '';
  status: (typeof adminOrderStatuses)[number] | '';
  from: string;
  to: string;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

export function ordersFilters(params: URLSearchParams): OrdersFilters {
  return {
    search: params.get('search')?.trim().slice(0, 120) ?? '',
    kind: oneOf(adminOrderKinds, params.get('kind')),
    status: oneOf(adminOrderStatuses, params.get('status')),
    from: params.get('from')?.trim().slice(0, 10) ?? '',
    to: params.get('to')?.trim().slice(0, 10) ?? '',
  };
}

/** The API's query for a page of the list: the filters set, the page, and `perPage` rows. */
export function ordersApiQuery(
  params: URLSearchParams,
  options: { perPage?: number; userId?: string; pageParam?: string } = {},
): URLSearchParams {
  const filters = ordersFilters(params);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const page = Number(params.get(options.pageParam ?? 'page'));
  if (Number.isInteger(page) && page > 1 && page <= 100_000) query.set('page', String(page));
  query.set('per_page', String(options.perPage ?? 25));
  if (options.userId) query.set('user_id', options.userId);
  return query;
}

/** Whether any filter is set (the empty list then says that nothing matched, not that there is nothing). */
export const filtered = (filters: OrdersFilters): boolean =>
  Object.values(filters).some((value) => value !== '');
