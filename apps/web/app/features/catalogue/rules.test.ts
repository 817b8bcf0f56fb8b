import { describe, expect, it } from 'vitest';
import { gridSlides, HERO_AUTOPLAY_MS, heroSlides, SEARCH_DEBOUNCE_MS } from './rules';

describe('carousel breakpoints', () => {
  it('shows 1, 2, 3 and 4 slides from 320, 768, 1024 and 1200 px', () => {
    expect([320, 767, 768, 1023, 1024, 1199, 1200, 1600].map(gridSlides)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('shows 2 hero slides up to 768 px and 4 above', () => {
    expect([360, 768, 769, 1280].map(heroSlides)).toEqual([2, 2, 4, 4]);
  });

  it('keeps the spec’s timings', () => {
    expect(HERO_AUTOPLAY_MS).toBe(4500);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
