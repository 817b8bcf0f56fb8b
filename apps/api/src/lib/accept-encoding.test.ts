import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding';

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
