import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACK_TO_TOP_THRESHOLD, FOOTER_CATEGORIES, NEWSLETTER_MESSAGE_MS } from './rules';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('layout constants of spec section 9', () => {
  it('shows back-to-top after 300 px, 6 footer categories, newsletter messages for 2 s', () => {
    expect(BACK_TO_TOP_THRESHOLD).toBe(300);
    expect(FOOTER_CATEGORIES).toBe(6);
    expect(NEWSLETTER_MESSAGE_MS).toBe(2000);
  });

  it('folds the header under 992 px, 90 px high, animating in 200 ms', () => {
    // The breakpoint lives in the stylesheet; 62rem is 992 px.
    expect(source('../../app.css')).toMatch(/--breakpoint-lg: 62rem;/);
    const header = source('../../components/layout/site-header.tsx');
    expect(header).toContain('h-[90px]');
    expect(header).toContain('duration-200');
  });
});
