import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { errorMessages, type ValidationKey } from '@promptmarket/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, type FieldErrors } from '../errors';
import { type FileKind, fileKinds, isSvg, mightBeXml, SNIFF_BYTES, sniffBinary } from './file-kinds';
import type { Bucket, Storage } from './storage';

export type FileRule = {
  /** The kinds accepted, decided from the content; names and declared types are ignored. */
  kinds: FileKind[];
  maxBytes: number;
  /** How many files this field may carry (default 1). */
  maxCount?: number;
  required?: boolean;
};

export type UploadRules = {
  /** The file fields this request may carry; any other file field is refused. */
  files: Record<string, FileRule>;
  bucket: Bucket;
  /** Files are stored under `<prefix>/<random id>.<extension>`. */
  prefix: string;
  maxFields?: number;
  maxFieldBytes?: number;
  /**
   * The field error key for a file of a refused type (default `file.type`), and for a file over
   * its size: without one a too large file is refused with 413, with one it is a 422 on its field.
   */
  typeErrorKey?: string;
  sizeErrorKey?: string;
  /** The text of a 413 (a file or the whole body too large), as a key in the caller's language. */
  tooLargeKey?: ValidationKey;
};

export type UploadedFile = {
  field: string;
  bucket: Bucket;
  key: string;
  kind: FileKind;
  contentType: string;
  size: number;
  /** The name the client gave, for display and downloads only. */
  filename: string;
};

/** Text fields by name; a name ending in `[]` (`style_ids[]`) may repeat and gathers a list. */
export type Upload = {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
  files: UploadedFile[];
};

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', errorMessages.payloadTooLarge);

/**
 * An error while reading the request's parts is the client's body (truncated, a broken header, no
 * boundary), never the server's: a 400, unless the parser already gave it a status or it is ours.
 */
function fromReading(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status !== 400) return error;
  return new AppError('BAD_REQUEST', 'Malformed multipart body.');
}

/** The next item of a stream of the request's body, its failures read as `fromReading`. */
async function nextOf<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
  try {
    return await iterator.next();
  } catch (error) {
    throw fromReading(error);
  }
}

/** The request's parts, a failure to parse them read as `fromReading`. */
async function* partsOf<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await nextOf(iterator);
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await iterator.return?.().catch(() => undefined);
  }
}

/** Reads up to `bytes` from the front of a stream, handing back the rest as a stream of its own. */
async function splitHead(stream: Readable, bytes: number, maxBytes: number) {
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < bytes) {
    const next = await nextOf(iterator);
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(next.value as Buffer);
    head.push(chunk);
    headLength += chunk.length;
  }
  const first = Buffer.concat(head);
  // Counts every byte on its way to storage and fails the write past the limit, so an
  // oversized file never becomes a stored file.
  async function* whole() {
    let total = first.length;
    if (total > maxBytes) throw tooLarge();
    yield first;
    if (ended) return;
    for (;;) {
      const next = await nextOf(iterator);
      if (next.done) return;
      const chunk = Buffer.from(next.value as Buffer);
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      yield chunk;
    }
  }
  async function drainRest() {
    if (ended) return;
    for (;;) {
      if ((await nextOf(iterator)).done) return;
    }
  }
  return { head: first, body: Readable.from(whole()), drainRest };
}

/**
 * Reads a part's file to its end, unstored. A part of a broken body may have failed before it
 * was handed over: `finished` settles for a stream that already ended or failed too.
 */
async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream).catch(() => undefined);
}

function fromMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof AppError) return error;
  if (status === 413) return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Media Type');
  return error;
}

/** A 413 told in the request's own words ("File size must not exceed 10MB"), when it has them. */
function withTooLargeText(error: unknown, rules: UploadRules): unknown {
  if (!(error instanceof AppError) || error.code !== 'PAYLOAD_TOO_LARGE' || !rules.tooLargeKey) return error;
  return new AppError('PAYLOAD_TOO_LARGE', rules.tooLargeKey);
}

/**
 * Reads a multipart request into its text fields and its files, storing each file into
 * `storage` as it arrives. A file's kind is decided from its bytes; one of a kind the rules do
 * not allow is refused with 422, and one over its size with 413. Whatever happens, a request
 * that is refused leaves none of its files in storage.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  rules: UploadRules,
): Promise<Upload> {
  const largest = Math.max(0, ...Object.values(rules.files).map((rule) => rule.maxBytes));
  const maxFiles = Object.values(rules.files).reduce((sum, rule) => sum + (rule.maxCount ?? 1), 0);
  const maxFields = rules.maxFields ?? 20;
  const maxFieldBytes = rules.maxFieldBytes ?? 64 * 1024;
  // The parts are read from the body as it arrived (@fastify/multipart reads the request itself),
  // never decoded: a compressed body would be taken for its compressed bytes.
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding.');
  }
  // A declared length that cannot fit is refused before anything is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > largest * maxFiles + maxFields * maxFieldBytes + 64 * 1024) {
    throw withTooLargeText(tooLarge(), rules);
  }

  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: UploadedFile[] = [];
  const errors: FieldErrors = {};
  const counts: Record<string, number> = {};
  try {
    let parts: ReturnType<FastifyRequest['parts']>;
    try {
      parts = request.parts({
        limits: { fileSize: largest + 1, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes },
      });
    } catch (error) {
      throw fromReading(error);
    }
    for await (const part of partsOf(parts)) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLarge();
        // PostgreSQL cannot store U+0000 in text: it is a mistake in the form, not a crash.
        if (String(part.value).includes('\u0000') || part.fieldname.includes('\u0000')) {
          throw AppError.validation({ [part.fieldname.replaceAll('\u0000', '')]: ['field.nul'] });
        }
        if (part.fieldname.endsWith('[]')) {
          lists[part.fieldname] = [...(lists[part.fieldname] ?? []), String(part.value)];
        } else fields[part.fieldname] = String(part.value);
        continue;
      }
      const rule = rules.files[part.fieldname];
      counts[part.fieldname] = (counts[part.fieldname] ?? 0) + 1;
      if (!rule || counts[part.fieldname]! > (rule.maxCount ?? 1)) {
        await drain(part.file);
        errors[part.fieldname] = ['field.invalid'];
        continue;
      }
      let stored: UploadedFile | null;
      try {
        stored = await storeFile(storage, rules, part, rule);
      } catch (error) {
        // The rest of the body is not read: the answer names this file and stops here.
        const tooBig =
          (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') ||
          (error as { statusCode?: number }).statusCode === 413;
        if (rules.sizeErrorKey && tooBig) {
          throw AppError.validation({ ...errors, [part.fieldname]: [rules.sizeErrorKey] });
        }
        throw error;
      }
      if (stored) files.push(stored);
      else errors[part.fieldname] = [rules.typeErrorKey ?? 'file.type'];
    }
    for (const [field, rule] of Object.entries(rules.files)) {
      if (rule.required && !counts[field]) errors[field] = ['file.required'];
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
    return { fields, lists, files };
  } catch (error) {
    await Promise.all(files.map((file) => storage.delete(file.bucket, file.key).catch(() => undefined)));
    throw withTooLargeText(fromMultipartError(error), rules);
  }
}

async function storeFile(
  storage: Storage,
  rules: UploadRules,
  part: MultipartFile,
  rule: FileRule,
): Promise<UploadedFile | null> {
  const { head, body, drainRest } = await splitHead(part.file, SNIFF_BYTES, rule.maxBytes);
  let kind: FileKind | null = await sniffBinary(head);
  let data: Buffer | Readable = body;
  if (!kind && rule.kinds.includes('svg') && mightBeXml(head)) {
    // An SVG is judged as a whole document; it is read into memory within its size limit.
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    data = Buffer.concat(chunks);
    if (await isSvg(data)) kind = 'svg';
  }
  if (!kind || !rule.kinds.includes(kind)) {
    if (!Buffer.isBuffer(data)) await drainRest();
    return null;
  }
  const { contentType, extension } = fileKinds[kind];
  const key = `${rules.prefix}/${randomUUID()}.${extension}`;
  const info = await storage.put(rules.bucket, key, data, { contentType });
  return {
    field: part.fieldname,
    bucket: rules.bucket,
    key,
    kind,
    contentType,
    size: info.size,
    // Kept for display only; a NUL could not be stored.
    filename: part.filename.replaceAll('\u0000', '').slice(0, 255),
  };
}
