import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { type FileKind, fileKinds, isSvg, mightBeXml, SNIFF_BYTES, sniffBinary } from './file-kinds';
import { readAll, type Storage } from './storage';

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
  /**
   * May be shown in a frame of the shop's own pages (a PDF in the back office's review): this
   * answer alone says `frame-ancestors 'self'` and `X-Frame-Options: SAMEORIGIN`; every other
   * answer keeps `'none'` and `DENY`.
   */
  framedBySelf?: boolean;
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
  if (answer.framedBySelf) {
    reply.header(
      'content-security-policy',
      `default-src 'none'; frame-ancestors 'self'${answer.sandbox ? '; sandbox' : ''}`,
    );
    reply.header('x-frame-options', 'SAMEORIGIN');
  } else if (answer.sandbox) reply.header('content-security-policy', "default-src 'none'; sandbox");
  return reply.send(answer.body);
}

/**
 * Streams a file from the private area as a download. Call it only after the caller has been
 * authorised for this file: the key alone grants nothing. The content type is the one stored
 * with the file (decided from its content at upload), never one derived from a name. The
 * filename is the shop's own: a file a user uploaded goes through `sendUploadedFile`, which
 * names it from its content. Throws NOT_FOUND when the file is gone.
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

/** Pictures a browser may show in the page; anything else a user uploaded (SVG included) only downloads. */
const pictureKinds: readonly FileKind[] = ['jpeg', 'png', 'gif', 'webp'];

/** What a stored file whose content is none of the kinds expected is sent as: bytes to keep, never to open. */
const unknownContent = { contentType: 'application/octet-stream', extension: 'bin' };

/**
 * Reads the front of a stream, up to `bytes`, and hands back a stream of the whole: the front
 * again, then the rest. However that stream ends (read to its end, failed, or destroyed when the
 * client hangs up, read or not), the file under it is closed.
 */
async function readFront(body: Readable, bytes: number): Promise<{ front: Buffer; whole: Readable }> {
  const chunks = body[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  let ended = false;
  try {
    while (length < bytes) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value as Buffer);
      taken.push(chunk);
      length += chunk.length;
    }
  } catch (error) {
    body.destroy();
    throw error;
  }
  const front = Buffer.concat(taken);
  async function* all() {
    yield front;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const whole = Readable.from(all(), { objectMode: false });
  whole.once('close', () => body.destroy());
  return { front, whole };
}

/**
 * Sends a file a user uploaded, as what its content is: its kind is read again from its bytes
 * (as at upload, by file-kinds), its content type is that kind's, and it is saved as `name`
 * with that kind's extension (`offer-12.pdf`). The name the uploader gave and the type stored
 * with the file count for nothing, so a PDF uploaded as `contract.msi` downloads as a PDF and a
 * GIF that is also an HTML page as a GIF. A file whose content is none of `kinds` (changed in
 * storage since it was checked) is sent as `application/octet-stream` named `.bin`, to be kept,
 * never opened, and the mismatch is logged. Pictures are shown in the page with `inline`; the
 * sandbox policy is always on. Call it only after the caller has been authorised for this file.
 * Throws NOT_FOUND when the file is gone.
 */
export async function sendUploadedFile(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: {
    /** The kinds this file was accepted as. */
    kinds: readonly FileKind[];
    /** The shop's name for the file, without an extension: `offer-12`, `verification-7-document_back`. */
    name: string;
    /** Show a picture in the page rather than download it. */
    inline?: boolean;
    /**
     * With `inline`, a PDF too is shown in the page, in a frame of the shop's own pages: without
     * the sandbox policy, which browsers' PDF viewers refuse to run under. Only for files the
     * back office opens.
     */
    documentsInline?: boolean;
    maxAgeSeconds?: number;
  },
) {
  const file = await storage.createReadStream('private', key);
  if (!file) throw AppError.notFound();
  const { front, whole } = await readFront(file.body, SNIFF_BYTES);
  let body: Readable | Buffer = whole;
  let kind: FileKind | null = await sniffBinary(front);
  if (!kind && options.kinds.includes('svg') && mightBeXml(front)) {
    // An SVG is judged as a whole document, as at upload; it was at most the upload's size.
    body = await readAll(whole);
    if (await isSvg(body)) kind = 'svg';
  }
  if (kind && !options.kinds.includes(kind)) kind = null;
  if (!kind) reply.log.warn({ key }, 'a stored upload is none of the kinds it was accepted as');
  const { contentType, extension } = kind ? fileKinds[kind] : unknownContent;
  const filename = `${options.name}.${extension}`;
  const framedPdf = Boolean(options.inline && options.documentsInline && kind === 'pdf');
  return sendPrivate(reply, {
    ...((options.inline && kind && pictureKinds.includes(kind)) || framedPdf
      ? { inline: true as const, filename }
      : { filename }),
    body,
    size: file.size,
    contentType,
    sandbox: !framedPdf,
    framedBySelf: framedPdf,
    ...(options.maxAgeSeconds === undefined ? {} : { maxAgeSeconds: options.maxAgeSeconds }),
  });
}
