import { describe, expect, it } from 'vitest';
import { type TileBytesCache, writeTileBytes } from './catalogue.tile-cache';

function emptyCache(size: number, slots: number): TileBytesCache {
  return {
    rateEur: 1,
    bytes: Buffer.alloc(size),
    used: 0,
    starts: new Int32Array(slots),
    lengths: new Int32Array(slots),
  };
}

const tileOf = (cache: TileBytesCache, slot: number) =>
  cache.bytes.toString(
    'utf8',
    cache.starts[slot],
    (cache.starts[slot] as number) + (cache.lengths[slot] as number),
  );

describe("visitors' tiles cache as UTF-8 bytes", () => {
  it('are written one after another, multibyte characters too, growing the buffer up to the limit', () => {
    const cache = emptyCache(16, 4);
    writeTileBytes(cache, 2, '{"title":"Über"}', 1024);
    writeTileBytes(cache, 0, '{"title":"日本の城"}', 1024);
    expect(tileOf(cache, 2)).toBe('{"title":"Über"}');
    expect(tileOf(cache, 0)).toBe('{"title":"日本の城"}');
    expect(cache.lengths[2]).toBe(Buffer.byteLength('{"title":"Über"}'));
    expect(cache.lengths[1]).toBe(0);
    expect(cache.bytes.length).toBeLessThanOrEqual(1024);
  });

  it('start over past the limit: every tile written before is forgotten, the new one cached', () => {
    const cache = emptyCache(64, 3);
    writeTileBytes(cache, 0, 'a'.repeat(30), 128);
    writeTileBytes(cache, 1, 'b'.repeat(30), 128);
    expect(cache.bytes.length).toBeLessThanOrEqual(128);
    writeTileBytes(cache, 2, 'c'.repeat(30), 128);
    expect(cache.lengths[0]).toBe(0);
    expect(cache.lengths[1]).toBe(0);
    expect(tileOf(cache, 2)).toBe('c'.repeat(30));
    expect(cache.used).toBe(30);
  });

  it('starts over into room enough for the tile, however small the buffer was', () => {
    const cache = emptyCache(16, 2);
    writeTileBytes(cache, 0, 'a'.repeat(15), 40);
    // 15 bytes used and room for 30 more asked: past the limit of 40, so it starts over.
    writeTileBytes(cache, 1, 'é'.repeat(10), 40);
    expect(cache.lengths[0]).toBe(0);
    expect(tileOf(cache, 1)).toBe('é'.repeat(10));
    expect(cache.bytes.length).toBeLessThanOrEqual(40);
  });
});
