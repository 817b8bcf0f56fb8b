import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';

/** Content codings of cached answers, in the order the server prefers them. */
export type CachedEncoding = 'br' | 'gzip';

/**
 * Content codings of an answer compressed for one response only (a page or a list asked for the
 * first time): the cheap ones. A cached answer is compressed once for all its visitors, and there
 * Brotli's smaller output at a higher quality is worth its time; for one response it is not.
 *
 * Which goes first depends on the size. Each compression pays for setting its coder up, and
 * Zstandard's set-up is the dearest: on a small answer (a list's JSON) it costs more than
 * Zstandard saves, so Brotli at its quickest quality goes first; on a large one (a list page's
 * HTML) Zstandard at its quickest level compresses fastest and smallest. Gzip, slower and larger
 * than either, goes only to a client that takes neither (decision 0035 has the figures).
 */
export const ONE_OFF_ENCODINGS = ['zstd', 'br', 'gzip'] as const;
export type OneOffEncoding = (typeof ONE_OFF_ENCODINGS)[number];
const SMALL_ONE_OFF_ENCODINGS: readonly OneOffEncoding[] = ['br', 'zstd', 'gzip'];

/** Below this many bytes an answer for one response goes by Brotli first (`ONE_OFF_ENCODINGS`). */
export const SMALL_ONE_OFF_BYTES = 32 * 1024;

/** The coding an answer of `length` bytes sent once goes by, for a client's Accept-Encoding. */
export function oneOffEncoding(
  acceptEncoding: string | undefined,
  length: number,
): OneOffEncoding | undefined {
  return preferredEncoding(
    acceptEncoding,
    length < SMALL_ONE_OFF_BYTES ? SMALL_ONE_OFF_ENCODINGS : ONE_OFF_ENCODINGS,
  );
}

const ZSTD_ONE_OFF = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

/** Gzip's level wherever the server compresses per response: fast, and within a few percent of the default. */
export const GZIP_LEVEL = 3;

/** `body` compressed for one response in `encoding`. */
export function compressedOnce(body: Buffer, encoding: OneOffEncoding): Buffer {
  if (encoding === 'zstd') return zstdCompressSync(body, ZSTD_ONE_OFF);
  if (encoding === 'br')
    return brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  return gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * The first of `offered` that an Accept-Encoding header takes: named without `q=0`, or covered by
 * `*` when not named. Undefined when it takes none of them (send the answer as it is).
 */
export function preferredEncoding<Encoding extends CachedEncoding | 'zstd'>(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const item of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return offered.find((coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0);
}
