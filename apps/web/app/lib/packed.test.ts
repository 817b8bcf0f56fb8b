import { afterEach, describe, expect, it, vi } from 'vitest';
import { pack, unpack } from './packed';

afterEach(() => vi.restoreAllMocks());

describe('packed loader data', () => {
  it('reads back what was packed', () => {
    const lists = { hero: [{ id: 1, title: 'Portrait' }], fresh: [] };
    expect(unpack(pack(lists))).toEqual(lists);
  });

  it('parses a text once while it is among the last few read, as a route’s meta and component both read it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const product = pack({ id: 7, title: 'Storm at Sea' });
    const first = unpack(product);
    expect(unpack(product)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    // Three other texts later it is still there; a fifth pushes it out, and it is parsed again.
    for (const id of [1, 2, 3]) unpack(pack({ id }));
    expect(unpack(product)).toBe(first);
    for (const id of [4, 5, 6, 8]) unpack(pack({ id }));
    const again = unpack(product);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
