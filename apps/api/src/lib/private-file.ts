import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';
import type { Storage } from './storage';

/**
 * A Content-Disposition that makes browsers download: a plain-ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').replace(/[/]/g, '_') || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a file from the private area as a download. Call it only after the caller has been
 * authorised for this file: the key alone grants nothing. The content type is the one stored
 * with the file (decided from its content at upload), never one derived from a name.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: { filename: string },
) {
  const file = await storage.createReadStream('private', key);
  if (!file) throw AppError.notFound();
  return reply
    .header('content-type', file.contentType ?? 'application/octet-stream')
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(options.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
