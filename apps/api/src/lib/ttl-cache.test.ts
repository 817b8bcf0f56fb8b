import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTtlCache', () => {
  it('loads once within the time to live, again after it', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<object, number>(1000);
    const owner = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(owner, 'k', load)).toBe(1);
    expect(await cache.get(owner, 'k', load)).toBe(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get(owner, 'k', load)).toBe(2);
  });

  it('keeps owners apart and forgets everything of an owner on clear', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const first = {};
    const second = {};
    await cache.get(first, 'k', async () => 'first');
    expect(await cache.get(second, 'k', async () => 'second')).toBe('second');
    cache.clear(first);
    expect(await cache.get(first, 'k', async () => 'reloaded')).toBe('reloaded');
  });

  it('runs a lazy thenable once, however often the cached value is awaited', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const owner = {};
    let runs = 0;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: a lazy thenable is exactly what this test needs
      then: (resolve: (value: string) => void) => resolve(`run ${++runs}`),
    } as PromiseLike<string>;
    expect(await cache.get(owner, 'k', () => lazy)).toBe('run 1');
    expect(await cache.get(owner, 'k', () => lazy)).toBe('run 1');
    expect(runs).toBe(1);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache<object, string>(60_000);
    const owner = {};
    await expect(cache.get(owner, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get(owner, 'k', async () => 'up')).toBe('up');
  });
});
