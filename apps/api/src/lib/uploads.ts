import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { errorMessages } from '@promptmarket/contracts';
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

/** Reads up to `bytes` from the front of a stream, handing back the rest as a stream of its own. */
async function splitHead(stream: Readable, bytes: number, maxBytes: number) {
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < bytes) {
    const next = await iterator.next();
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
      const next = await iterator.next();
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
      if ((await iterator.next()).done) return;
    }
  }
  return { head: first, body: Readable.from(whole()), drainRest };
}

function drain(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    stream
      .on('end', resolve)
      .on('close', resolve)
      .on('error', () => resolve());
    stream.resume();
  });
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
  // A declared length that cannot fit is refused before anything is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > largest * maxFiles + maxFields * maxFieldBytes + 64 * 1024) throw tooLarge();

  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: UploadedFile[] = [];
  const errors: FieldErrors = {};
  const counts: Record<string, number> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: largest + 1, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLarge();
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
    throw fromMultipartError(error);
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
    if (isSvg(data)) kind = 'svg';
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
    filename: part.filename.slice(0, 255),
  };
}
