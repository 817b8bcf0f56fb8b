import { describe, expect, it } from 'vitest';
import { hasSessionCookie } from './page-cache';

describe('hasSessionCookie', () => {
  it('finds the session cookie under either name, among others', () => {
    expect(hasSessionCookie('cookie_consent=all; promptmarket_session=abc')).toBe(true);
    expect(hasSessionCookie('__Host-promptmarket_session=abc')).toBe(true);
  });

  it('takes no other cookie, an empty one or a look-alike for a session', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('cookie_consent=all; XSRF-TOKEN=x')).toBe(false);
    expect(hasSessionCookie('promptmarket_session=')).toBe(false);
    expect(hasSessionCookie('old_promptmarket_session=abc')).toBe(false);
  });
});
