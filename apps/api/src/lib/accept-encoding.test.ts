import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedOnce, oneOffEncoding, preferredEncoding, SMALL_ONE_OFF_BYTES } from './accept-encoding';

describe('preferredEncoding', () => {
  it('picks the first offered coding the client takes', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(preferredEncoding('gzip, deflate', ['br', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('br;q=1.0, GZIP;q=0.5', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('*', ['br', 'gzip'])).toBe('br');
  });

  it('sends the answer as it is to a client that takes none of them', () => {
    expect(preferredEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
    expect(preferredEncoding('', ['gzip'])).toBeUndefined();
    expect(preferredEncoding('identity', ['br', 'gzip'])).toBeUndefined();
    expect(preferredEncoding('br', ['gzip'])).toBeUndefined();
  });

  it('honours a refusal with q=0, even under *', () => {
    expect(preferredEncoding('gzip;q=0, br', ['gzip'])).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, *', ['gzip'])).toBeUndefined();
    expect(preferredEncoding('*;q=0', ['br', 'gzip'])).toBeUndefined();
  });
});

describe('oneOffEncoding', () => {
  const browser = 'gzip, deflate, br, zstd';

  it('sends a small answer by Brotli and a large one by Zstandard, where the client takes them', () => {
    expect(oneOffEncoding(browser, SMALL_ONE_OFF_BYTES - 1)).toBe('br');
    expect(oneOffEncoding(browser, SMALL_ONE_OFF_BYTES)).toBe('zstd');
  });

  it('falls back to what the client takes', () => {
    // Safari takes Brotli but not Zstandard: a large page goes by Brotli rather than gzip.
    expect(oneOffEncoding('gzip, deflate, br', SMALL_ONE_OFF_BYTES * 4)).toBe('br');
    expect(oneOffEncoding('gzip, zstd', 2_000)).toBe('zstd');
    expect(oneOffEncoding('gzip, deflate', 2_000)).toBe('gzip');
    expect(oneOffEncoding('identity', 2_000)).toBeUndefined();
    expect(oneOffEncoding(undefined, 200_000)).toBeUndefined();
  });

  it('compresses in each coding what decompresses to the same bytes', () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id })) }));
    const decode = { br: brotliDecompressSync, zstd: zstdDecompressSync, gzip: gunzipSync };
    for (const encoding of ['br', 'zstd', 'gzip'] as const) {
      const compressed = compressedOnce(body, encoding);
      expect(compressed.length).toBeLessThan(body.length / 4);
      expect(decode[encoding](compressed).equals(body), encoding).toBe(true);
    }
  });
});
