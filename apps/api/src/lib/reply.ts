import type { z } from 'zod';

/**
 * Shapes a response through its contract: keys the schema does not list are dropped,
 * so nothing internal leaks, and a mismatch fails loudly in tests.
 */
export function shape<T extends z.ZodType>(schema: T, body: z.input<T>): z.output<T> {
  return schema.parse(body);
}
