import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';

/**
 * Checks a form of the site content with the contract's schema of the body it sends, the schema
 * the API checks that body with. A form's fields are not always the body's own (the sizes are
 * typed as one text, a language's text left empty is not sent), so the values are made into the
 * body first, by the same function that makes the body sent: an error's path is the body's, which
 * is also the field's name, as in the API's 422.
 *
 * The values reach the submit handler as typed (`raw`): a money field goes out as its text and
 * the API reads it by the same rule, rather than as the minor units the schema turns it into.
 */
export function bodyResolver<Values extends FieldValues, Body>(
  toBody: (values: Values) => Body,
  contract: z.ZodType<unknown, Awaited<Body>>,
) {
  return zodResolver(z.custom<Values>().transform(toBody).pipe(contract), undefined, { raw: true });
}

/**
 * Sends a form's body; a refusal of the API is put on the form's fields (every field error whose
 * path starts at one of the form's values: `sizes.1` on the sizes, `texts.copyright.de` on the
 * German copyright line), then passed on for the form's notice (`useAdminSave`).
 */
export async function sendForm<Values extends FieldValues>(
  send: () => Promise<unknown>,
  values: Values,
  setError: UseFormSetError<Values>,
): Promise<void> {
  try {
    await send();
  } catch (caught) {
    if (caught instanceof ApiError) {
      const names = Object.keys(caught.errors ?? {}).filter((path) =>
        Object.hasOwn(values, path.split('.')[0] ?? ''),
      );
      applyServerErrors(caught, setError, names);
    }
    throw caught;
  }
}

/**
 * The first message of a field's error, or of the errors below it: a list typed as one text
 * (the sizes) is refused item by item (`sizes.1`).
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref') continue;
    const message = firstMessage(inner);
    if (message) return message;
  }
  return undefined;
}
