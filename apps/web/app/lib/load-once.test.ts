import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('asks once for all callers and remembers what came', async () => {
    let asked = 0;
    const code = loadOnce(async () => {
      asked += 1;
      return 'menu';
    });
    expect(code.loaded()).toBeNull();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect([first, second]).toEqual(['menu', 'menu']);
    expect(code.loaded()).toBe('menu');
    await code.load();
    expect(asked).toBe(1);
  });

  it('asks again after a failed download', async () => {
    let asked = 0;
    const code = loadOnce(async () => {
      asked += 1;
      if (asked === 1) throw new Error('offline');
      return 'footer';
    });
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.loaded()).toBeNull();
    await expect(code.load()).resolves.toBe('footer');
    expect(asked).toBe(2);
  });
});
