import {
  DEFAULT_LOCALE,
  errorMessages,
  isValidationKey,
  type MessageParams,
  validationText,
} from '@promptmarket/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError, type FieldErrors, laravelValidationMessage, statusOf } from '../errors';
import { recordDatabaseUnavailable } from '../lib/metrics';
import { StorageUnavailableError } from '../lib/storage-s3';

/**
 * A schema validation failure from a validator other than ours (the type provider's own, or a JSON
 * schema): the same Laravel 422, fields named from the JSON pointer (`/style_ids/0` -> `style_ids.0`).
 */
function fromValidation(error: FastifyError): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[name] = [...(fields[name] ?? []), issue.message ?? 'field.invalid'];
  }
  return AppError.validation(fields);
}

/** Errors Fastify itself raises before our code runs, mapped onto our codes. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_VALIDATION':
      return fromValidation(error);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', errorMessages.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'Malformed JSON body.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', 'Malformed request body.');
    // @fastify/compress decodes request bodies: a Content-Encoding it does not know, and a body
    // that does not decode by the one it names, are the client's.
    case 'FST_CP_ERR_INVALID_CONTENT_ENCODING':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding.');
    case 'FST_CP_ERR_INVALID_CONTENT':
      return new AppError('BAD_REQUEST', 'The request body does not decode by its Content-Encoding.');
    default:
      break;
  }
  if (error.statusCode === 429) {
    return new AppError('TOO_MANY_REQUESTS', errorMessages.tooManyRequests);
  }
  return null;
}

/** The seconds a 503 asks a client to wait before trying again (the database or the storage away). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An error without field errors, as `{message, code}` with the status of its code. */
function sendError(reply: FastifyReply, error: AppError) {
  return reply.code(statusOf(error.code)).send({ message: error.message, code: error.code });
}

/**
 * Failures of the router, before any route or hook runs (Fastify's `frameworkErrors`), in the
 * same shapes and without echoing the address: a path segment longer than any route takes
 * matches nothing (404), a broken percent escape is a 400.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, AppError.notFound());
  }
  return sendError(reply, new AppError('BAD_REQUEST', 'Bad Request'));
}

/**
 * Renders every failure in the Laravel shapes the clients parse, with the error's code added:
 * 422 `{message, errors, code}`, others `{message, code}`, each with the error's `details` beside
 * them; a 5xx never shows its internals.
 * This is the one place an error's message is translated: services throw keys.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    /** Field messages are validation keys: each is shown in the caller's language. */
    function translated(fields: FieldErrors, locale: string, params: MessageParams | undefined) {
      const texts = Object.fromEntries(
        Object.entries(fields).map(([field, messages]) => [
          field,
          messages.map((m) => validationText(m, locale, params)),
        ]),
      );
      const message =
        locale === DEFAULT_LOCALE ? laravelValidationMessage(texts) : (Object.values(texts)[0]?.[0] ?? '');
      return { message, errors: texts };
    }

    const localeOf = (request: FastifyRequest) => request.locale().catch(() => DEFAULT_LOCALE);

    app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        // Out of reach or too slow: a moment's wait may be enough. Logged without the query's values.
        recordDatabaseUnavailable();
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(reply, new AppError('DATABASE_UNAVAILABLE', errorMessages.serviceUnavailable));
      }
      if (error instanceof StorageUnavailableError) {
        // Only what needs a file fails while the storage server is away; its name stays in the log.
        request.log.warn({ err: error }, 'storage unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return sendError(reply, new AppError('SERVICE_UNAVAILABLE', errorMessages.serviceUnavailable));
      }
      const known = error instanceof AppError ? error : fromFastifyError(error as FastifyError);
      if (!known) {
        request.log.error({ err: error }, 'unhandled error');
        return sendError(reply, new AppError('INTERNAL', errorMessages.serverError));
      }
      const status = statusOf(known.code);
      if (status >= 500) request.log.error({ err: error }, known.message);
      if (known.headers) reply.headers(known.headers);
      if (known.code === 'TOO_MANY_REQUESTS' && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', '60');
      }
      if (status === 503 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
      if (!known.fields) {
        // Only a key has other languages: a fixed text (`Unauthenticated.`) needs no language.
        if (!isValidationKey(known.message) && !known.details) return sendError(reply, known);
        const message = isValidationKey(known.message)
          ? validationText(known.message, await localeOf(request), known.params)
          : known.message;
        return reply.code(status).send({ ...known.details, message, code: known.code });
      }
      const locale = await localeOf(request);
      return reply
        .code(status)
        .send({ ...known.details, ...translated(known.fields, locale, known.params), code: known.code });
    });

    app.setNotFoundHandler((_request, reply) => sendError(reply, AppError.notFound()));
  },
  { name: 'errors', dependencies: ['language'] },
);
