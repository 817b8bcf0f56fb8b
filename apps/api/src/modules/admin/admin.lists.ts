/** What every back-office list shares: the Laravel-shaped page of rows. */

export function listAnswer<T>(data: T[], total: number, query: { page: number; per_page: number }) {
  return {
    status: 'OK' as const,
    payload: {
      data,
      meta: {
        current_page: query.page,
        per_page: query.per_page,
        total,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
      },
    },
  };
}
