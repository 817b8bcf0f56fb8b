import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedEncoding, compressedOnce, oneOffEncoding, preferredEncoding } from './accept-encoding';
import type { CachedPage } from './page-cache';
import { createTtlCache } from './ttl-cache';

/**
 * Public catalogue answers for visitors who are not signed in: the same address in the same
 * language is the same answer for everyone, so once it is asked for a second time it is cached,
 * serialized, for `PUBLIC_ANSWER_MS` (`askedBefore`). Browsers and CDNs may cache it as long (`Cache-Control: public`), and
 * revalidate it with its ETag (a 304 without a body). A signed-in user's answer carries their
 * likes and purchases: it is made afresh and marked private. Services that change the catalogue
 * or the site clear these with `forgetPublicAnswers` once their change is committed.
 */
export const PUBLIC_ANSWER_MS = 2_000;

/**
 * A cached answer: its JSON as UTF-8 bytes, and each compressed form once a visitor has asked for
 * it, so that a list is compressed once for all its visitors rather than for every response,
 * where compressing would be most of the work of answering it.
 */
type CachedAnswer = { body: Buffer; etag: string; compressed: Partial<Record<CachedEncoding, Buffer>> };

// For up to another PUBLIC_ANSWER_MS an answer past its time is still sent while one fresh read
// replaces it: visitors of a busy list never all wait for its new reading at once.
/** Answers and pages are cached per database: any handle on it (a transaction's too). */
type Database = object;

const answers = createTtlCache<Database, CachedAnswer>(PUBLIC_ANSWER_MS, {
  maxEntries: 2_000,
  name: 'public-answers',
  staleMs: PUBLIC_ANSWER_MS,
});

const compressors: Record<CachedEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body),
};

/** Answers this small go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already in its JSON, every part of it checked against the route's schema when it was
 * made (a list of cached tiles): sent as it is rather than checked and serialized again.
 */
export class SerializedAnswer {
  /** The answer's JSON as UTF-8. */
  readonly body: Buffer;
  constructor(json: string | Buffer) {
    this.body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  }
}

function cachedAnswerOf(json: string | Buffer): CachedAnswer {
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  // The one-shot hash: no Hash object to create and feed for a body that is whole already.
  const digest = hash('sha1', body, 'base64url').slice(0, 22);
  return { body, etag: `"${digest}"`, compressed: {} };
}

/**
 * An answer the same for everyone in a language, sent under its route's own caching headers: the
 * site's settings, texts, languages, currencies, pages and links, which every page asks for. Cached
 * serialized with the catalogue's answers for `PUBLIC_ANSWER_MS`, and forgotten with them when the
 * site changes (`forgetPublicAnswers`); the pages' loaders take it from there (plugins/web.ts).
 */
export async function cachedSiteAnswer<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<T>,
): Promise<T> {
  const key = `${await request.locale()} ${request.url}`;
  const answer = await answers.get(db, key, async () =>
    cachedAnswerOf(reply.serialize(await load()) as string),
  );
  reply.type('application/json; charset=utf-8');
  return answer.body as unknown as T;
}

/**
 * The addresses asked for lately, as a hash of each in a table of `ASKED_SLOTS`: no strings cached,
 * nothing for the garbage collector. Two addresses of one slot may push each other out (the second
 * ask of one is then not seen, and its third caches it), or share a hash (then a first ask is cached,
 * as every answer was before): either way only whether an answer is cached changes, never what it is.
 */
const ASKED_SLOTS = 1 << 16;
const asked = new Int32Array(ASKED_SLOTS);

/** Whether `key` was asked for before (as far as the table remembers); remembers it. */
export function askedBefore(key: string): boolean {
  // FNV-1a over the UTF-16 code units; 0 marks an empty slot.
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at++) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  hash ||= 1;
  const slot = hash & (ASKED_SLOTS - 1);
  if (asked[slot] === hash) return true;
  asked[slot] = hash;
  return false;
}

export async function publicAnswer<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<T | SerializedAnswer>,
): Promise<T> {
  if (await request.user()) {
    reply.header('cache-control', 'private, no-cache');
    const value = await load();
    if (!(value instanceof SerializedAnswer)) return value;
    reply.type('application/json; charset=utf-8');
    return value.body as unknown as T;
  }
  const key = `${await request.locale()} ${request.url}`;
  const make = async () => {
    const value = await load();
    return cachedAnswerOf(
      value instanceof SerializedAnswer ? value.body : (reply.serialize(value) as string),
    );
  };
  // An address asked for the first time is answered without being cached: most such (a list of
  // filters nobody asked before) are never asked again, and each cached one was only dropped again.
  const cached = askedBefore(key) || answers.peek(db, key) !== undefined;
  const answer = cached ? await answers.get(db, key, make) : await make();
  reply
    .header('etag', answer.etag)
    .header('cache-control', `public, max-age=${PUBLIC_ANSWER_MS / 1000}`)
    .header('vary', 'frontend-language, cookie, accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) {
    reply.code(304);
    return '' as unknown as T;
  }
  // Bytes under a JSON content type are sent as they are: the cached bytes are the serialized
  // answer, and a compressed form passes the compression hook by its Content-Encoding.
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_FROM_BYTES) return answer.body as unknown as T;
  if (!cached) {
    // Sent once: compressed the cheap way for its size (`oneOffEncoding`), as a page asked once is.
    const once = oneOffEncoding(request.headers['accept-encoding'], answer.body.length);
    if (!once) return answer.body as unknown as T;
    reply.header('content-encoding', once);
    return compressedOnce(answer.body, once) as unknown as T;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  if (!encoding) return answer.body as unknown as T;
  answer.compressed[encoding] ??= compressors[encoding](answer.body);
  reply.header('content-encoding', encoding);
  return answer.compressed[encoding] as unknown as T;
}

/**
 * The answer cached for a visitor's GET of `url` in `locale` (a language the API answers in, as
 * `request.locale()` resolves it), without making one: what `publicAnswer` would send for it.
 */
export function cachedAnswer(db: Database, locale: string, url: string): Promise<CachedAnswer> | undefined {
  return answers.peek(db, `${locale} ${url}`);
}

/**
 * Server-rendered pages for visitors without cookies (a first visit, a crawler): the same
 * address is the same page, so one render serves everyone for `PUBLIC_ANSWER_MS`. The page
 * keeps the nonce it was rendered with; each visitor gets it replaced by their response's own
 * (plugins/web.ts), so no two responses share a nonce.
 */
export const publicPages = createTtlCache<Database, CachedPage>(PUBLIC_ANSWER_MS, {
  maxEntries: 500,
  name: 'public-pages',
});

/** Forgets every cached answer and page of the database, once the handle's transaction (if any) commits. */
export function forgetPublicAnswers(db: Database): void {
  answers.clear(db);
  publicPages.clear(db);
}
