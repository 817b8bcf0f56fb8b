import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_SECONDS, consentCookie, consentFromPanel, parseConsent } from './consent';

describe('cookie consent', () => {
  it('starts unset and reads each stored choice', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('a=1')).toBeNull();
    expect(parseConsent('a=1; cookie_consent=essential')).toBe('essential');
    expect(parseConsent('cookie_consent=all')).toBe('all');
    expect(parseConsent('cookie_consent=custom; b=2')).toBe('custom');
    expect(parseConsent('cookie_consent=other')).toBeNull();
  });

  it('keeps the choice for about a year, a month and a day', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(397 * 86_400);
    expect(consentCookie('all', true)).toBe(
      `cookie_consent=all; path=/; max-age=${397 * 86_400}; samesite=lax; secure`,
    );
  });

  it('saves the customise panel as custom or essentials only', () => {
    expect(consentFromPanel(true)).toBe('custom');
    expect(consentFromPanel(false)).toBe('essential');
  });
});
