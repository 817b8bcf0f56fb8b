import { z } from 'zod';
import { errorCodes } from './errors';

/** The `{status: "OK", payload}` envelope that every non-catalogue endpoint answers with. */
export function okEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.literal('OK'), payload });
}

/** What a client branches on: the message is for people and is translated, the code is not. */
export const errorCode = z
  .enum(errorCodes)
  .describe('What went wrong, for clients to act on; the message is only for display');

/** Laravel-shaped error bodies, as the original clients parse them, with the error's code added. */
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  code: errorCode,
});
export const errorBody = z.object({ message: z.string(), code: errorCode });

export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/**
 * The error answers any route may give, declared with each route's own answers: 422 with the
 * field errors, every other 4xx and 5xx as `{message}`; each with its `code`.
 */
export const errorResponses = { 422: validationErrorBody, '4xx': errorBody, '5xx': errorBody } as const;

/** A bodiless answer (204). */
export const noContent = z.null().describe('No content');
