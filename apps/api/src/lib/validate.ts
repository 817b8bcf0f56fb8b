import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors';

/** Laravel names nested fields with dots and list items with their index: `style_ids.0`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '_' : path.map(String).join('.');
}

/** Field errors from a zod error; messages are validation keys, translated when the error is rendered. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path);
    const list = fields[name] ?? [];
    list.push(issue.message);
    fields[name] = list;
  }
  return fields;
}

/** Parses input from outside. Throws VALIDATION_FAILED (422) with the Laravel `errors` map. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw AppError.validation(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * Validates a route's declared params, querystring and body with their zod schemas. A failure is
 * the same VALIDATION_FAILED error `parseInput` throws, so the error handler renders the Laravel
 * 422 body in the caller's language. A missing body counts as an empty object, as it does in Laravel.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    const result = schema.safeParse(data ?? {});
    if (!result.success) return { error: AppError.validation(fieldErrorsOf(result.error)) };
    return { value: result.data };
  };
