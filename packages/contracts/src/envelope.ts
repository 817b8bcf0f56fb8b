import { z } from 'zod';

/** The `{status: "OK", payload}` envelope that every non-catalogue endpoint answers with. */
export function okEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.literal('OK'), payload });
}

/** Laravel-shaped error bodies, as the original clients parse them. */
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const errorBody = z.object({ message: z.string() });

export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/**
 * The error answers any route may give, declared with each route's own answers: 422 with the
 * field errors, every other 4xx and 5xx as `{message}`.
 */
export const errorResponses = { 422: validationErrorBody, '4xx': errorBody, '5xx': errorBody } as const;

/** A bodiless answer (204). */
export const noContent = z.null().describe('No content');
