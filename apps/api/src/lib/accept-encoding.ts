import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';

/** Content codings the server keeps answers in, in the order it prefers them. */
export type CachedEncoding = 'br' | 'gzip';

/**
 * Content codings of an answer compressed for one response only (a page or a list asked for the
 * first time): the cheap ones. A kept answer is compressed once for all its visitors, and there
 * Brotli's smaller output at a higher quality is worth its time; for one response it is not.
 *
 * Which goes first depends on the size. Each compression pays for setting its coder up, and
 * Zstandard's set-up is the dearest: on an 11.5 KB list answer Brotli at quality 1 took 31-37 µs
 * for 954 bytes, Zstandard at level 1 50-60 µs for 761 bytes and gzip at level 3 57 µs for 800
 * bytes. On a 106 KB list page Zstandard at level 1 took 230 µs for 13.7 KB, Brotli at quality 1
 * 293 µs for 15.1 KB and gzip 560 µs or more for 15.8 KB (a 2-core machine; an earlier, faster one
 * gave 80 µs for Zstandard). So a small answer goes by Brotli first, a large one by Zstandard,
 * and gzip only to a client that takes neither.
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
