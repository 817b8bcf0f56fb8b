import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';
import type { Storage } from './storage';

/**
 * A Content-Disposition that makes browsers download: a plain-ASCII `filename` for old
 * clients and, when that is not the exact name, the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').replace(/[/]/g, '_') || 'download';
  if (fallback === filename) return `attachment; filename="${fallback}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

type Disposition =
  | { inline?: false /** The name the download is saved under. */; filename: string }
  | {
      /**
       * Shown in the page rather than downloaded. Only for pictures the server encoded: anything
       * else a user uploaded (SVG included) only downloads.
       */
      inline: true;
      filename?: string;
    };

export type PrivateAnswer = Disposition & {
  body: Readable | Buffer | string;
  contentType: string;
  size?: number;
  /** A file a user uploaded: the sandbox policy keeps even a mistaken inline rendering from running anything. */
  sandbox?: boolean;
  /** How long the user's browser may keep it; by default it keeps nothing. */
  maxAgeSeconds?: number;
};

/**
 * Answers a file only the caller may see (a bought zip, an offer's file, an export): never
 * sniffed, never kept by a shared cache. Call it only after the caller has been authorised for
 * this file.
 */
export function sendPrivate(reply: FastifyReply, answer: PrivateAnswer) {
  reply
    .header('content-type', answer.contentType)
    .header('content-disposition', answer.inline ? 'inline' : attachmentDisposition(answer.filename))
    .header('x-content-type-options', 'nosniff')
    .header(
      'cache-control',
      answer.maxAgeSeconds ? `private, max-age=${answer.maxAgeSeconds}` : 'private, no-store',
    );
  if (answer.size !== undefined) reply.header('content-length', answer.size);
  if (answer.sandbox) reply.header('content-security-policy', "default-src 'none'; sandbox");
  return reply.send(answer.body);
}

/**
 * Streams a file from the private area as a download. Call it only after the caller has been
 * authorised for this file: the key alone grants nothing. The content type is the one stored
 * with the file (decided from its content at upload), never one derived from a name.
 * Throws NOT_FOUND when the file is gone.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: Disposition & Pick<PrivateAnswer, 'sandbox' | 'maxAgeSeconds'> & { contentType?: string },
) {
  const file = await storage.createReadStream('private', key);
  if (!file) throw AppError.notFound();
  return sendPrivate(reply, {
    ...options,
    body: file.body,
    size: file.size,
    contentType: options.contentType ?? file.contentType ?? 'application/octet-stream',
  });
}
