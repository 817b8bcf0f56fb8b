import { describe, expect, it } from 'vitest';
import { socialNetwork } from './social';

describe('socialNetwork', () => {
  it('chooses the icon by the link host', () => {
    expect(socialNetwork('https://www.instagram.com/shop')).toBe('instagram');
    expect(socialNetwork('https://twitter.com/shop')).toBe('twitter');
    expect(socialNetwork('https://x.com/shop')).toBe('twitter');
    expect(socialNetwork('https://t.me/shop')).toBe('telegram');
    expect(socialNetwork('https://m.facebook.com/shop')).toBe('facebook');
    expect(socialNetwork('https://youtu.be/abc')).toBe('youtube');
    expect(socialNetwork('https://discord.gg/abc')).toBe('discord');
  });

  it('falls back to a generic link, also for look-alike hosts', () => {
    expect(socialNetwork('https://example.com')).toBe('link');
    expect(socialNetwork('https://notinstagram.com.evil.example')).toBe('link');
    expect(socialNetwork('not a url')).toBe('link');
  });
});
