import { describe, expect, it } from 'vitest';
import { gridSlides, HERO_AUTOPLAY_MS, heroSlides, SEARCH_DEBOUNCE_MS } from './rules';
import { TOP_SELLER_TITLE_LENGTH, topSellerTitle } from './top-seller-title';

describe('the Top Sellers title (spec sections 2 and 9)', () => {
  it('cuts a title longer than 15 letters to its first 15 and two dots', () => {
    expect(TOP_SELLER_TITLE_LENGTH).toBe(15);
    expect(topSellerTitle('Portrait of an Old Sailor')).toBe('Portrait of an ..');
    expect(topSellerTitle('Exactly fifteen')).toBe('Exactly fifteen');
    expect(topSellerTitle('Sixteen letters!')).toBe('Sixteen letters..');
    expect(topSellerTitle('Short')).toBe('Short');
  });

  it('counts an emoji or an accented letter as one, never cutting it in half', () => {
    expect(topSellerTitle('🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊')).toBe('🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊..');
    expect(topSellerTitle('Zachód słońca 🇵🇱 nad morzem')).toBe('Zachód słońca 🇵🇱..');
  });
});

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
