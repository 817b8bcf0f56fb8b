import { constants, gzipSync, zstdCompressSync } from 'node:zlib';

/** Content codings the server keeps answers in, in the order it prefers them. */
export type KeptEncoding = 'br' | 'gzip';

/**
 * Content codings of an answer compressed for one response only (a page or a list asked for the
 * first time), in the order the server prefers them: the cheap ones. A kept answer is compressed
 * once for all its visitors, and there Brotli's smaller output is worth its time; for one response
 * it is not. On a 106 KB list page Zstandard at level 1 took 80 µs for 13.1 KB, at its default
 * level 166 µs for 12.6 KB, gzip at level 3 236 µs for 14.1 KB and Brotli at quality 5 709 µs for
 * 10.7 KB; on an 11.6 KB list answer all of them took 40-60 µs.
 */
export const ONE_OFF_ENCODINGS = ['zstd', 'gzip'] as const;
export type OneOffEncoding = (typeof ONE_OFF_ENCODINGS)[number];

const ZSTD_ONE_OFF = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

/** Gzip's level wherever the server compresses per response: fast, and within a few percent of the default. */
export const GZIP_LEVEL = 3;

/** `body` compressed for one response in `encoding`. */
export function compressedOnce(body: Buffer, encoding: OneOffEncoding): Buffer {
  return encoding === 'zstd' ? zstdCompressSync(body, ZSTD_ONE_OFF) : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * The first of `offered` that an Accept-Encoding header takes: named without `q=0`, or covered by
 * `*` when not named. Undefined when it takes none of them (send the answer as it is).
 */
export function preferredEncoding<Encoding extends KeptEncoding | 'zstd'>(
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
