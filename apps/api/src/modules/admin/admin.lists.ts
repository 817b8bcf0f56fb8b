import { isValidationKey, validationText } from '@promptmarket/contracts';
import { AppError } from '../../errors';

/** What every back-office list shares: the Laravel-shaped page of rows, and a bulk action's failures. */

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

/**
 * A failure of one record in a bulk action, in the admin's language: the field's text or the
 * error's. An error that is not the shop's own (a bug, the database gone) is thrown on.
 */
export function bulkFailure(id: number, error: unknown, locale: string) {
  if (!(error instanceof AppError)) throw error;
  const key = Object.values(error.fields ?? {})[0]?.[0] ?? error.message;
  const message = isValidationKey(key) ? validationText(key, locale, error.params) : key;
  return { id, code: error.code, message };
}
