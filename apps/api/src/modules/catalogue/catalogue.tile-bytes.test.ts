import { describe, expect, it } from 'vitest';
import { type HeldTileBytes, holdTileBytes } from './catalogue.tile-cache';

function emptyHeld(size: number, slots: number): HeldTileBytes {
  return {
    rateEur: 1,
    bytes: Buffer.alloc(size),
    used: 0,
    starts: new Int32Array(slots),
    lengths: new Int32Array(slots),
  };
}

const tileOf = (held: HeldTileBytes, slot: number) =>
  held.bytes.toString(
    'utf8',
    held.starts[slot],
    (held.starts[slot] as number) + (held.lengths[slot] as number),
  );

describe("visitors' tiles held as UTF-8 bytes", () => {
  it('are written one after another, multibyte characters too, growing the buffer up to the limit', () => {
    const held = emptyHeld(16, 4);
    holdTileBytes(held, 2, '{"title":"Über"}', 1024);
    holdTileBytes(held, 0, '{"title":"日本の城"}', 1024);
    expect(tileOf(held, 2)).toBe('{"title":"Über"}');
    expect(tileOf(held, 0)).toBe('{"title":"日本の城"}');
    expect(held.lengths[2]).toBe(Buffer.byteLength('{"title":"Über"}'));
    expect(held.lengths[1]).toBe(0);
    expect(held.bytes.length).toBeLessThanOrEqual(1024);
  });

  it('start over past the limit: every tile written before is forgotten, the new one kept', () => {
    const held = emptyHeld(64, 3);
    holdTileBytes(held, 0, 'a'.repeat(30), 128);
    holdTileBytes(held, 1, 'b'.repeat(30), 128);
    expect(held.bytes.length).toBeLessThanOrEqual(128);
    holdTileBytes(held, 2, 'c'.repeat(30), 128);
    expect(held.lengths[0]).toBe(0);
    expect(held.lengths[1]).toBe(0);
    expect(tileOf(held, 2)).toBe('c'.repeat(30));
    expect(held.used).toBe(30);
  });

  it('starts over into room enough for the tile, however small the buffer was', () => {
    const held = emptyHeld(16, 2);
    holdTileBytes(held, 0, 'a'.repeat(15), 40);
    // 15 bytes used and room for 30 more asked: past the limit of 40, so it starts over.
    holdTileBytes(held, 1, 'é'.repeat(10), 40);
    expect(held.lengths[0]).toBe(0);
    expect(tileOf(held, 1)).toBe('é'.repeat(10));
    expect(held.bytes.length).toBeLessThanOrEqual(40);
  });
});
