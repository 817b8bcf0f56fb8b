import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './use-debounced-callback';

afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('calls once, 300 ms after the last call, with the last arguments', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const search = debounce((value: string) => calls.push(value), 300);
    search('p');
    vi.advanceTimersByTime(200);
    search('po');
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['po']);
  });

  it('drops a pending call when cancelled', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const search = debounce((value: string) => calls.push(value), 300);
    search('x');
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
