/** The cookie that remembers the visitor's choice, kept about 1 year, 1 month and 1 day. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = (365 + 31 + 1) * 24 * 60 * 60;

export type Consent = 'essential' | 'all' | 'custom';

export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]+)`));
  const value = match?.[1];
  return value === 'essential' || value === 'all' || value === 'custom' ? value : null;
}

/** The Set-Cookie-style string the browser stores for a choice. */
export function consentCookie(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consent}; path=/; max-age=${CONSENT_MAX_AGE_SECONDS}; samesite=lax${secure ? '; secure' : ''}`;
}

/** What "save" in the customise panel stores: all when optional cookies were allowed, else only essentials. */
export function consentFromPanel(optionalAllowed: boolean): Consent {
  return optionalAllowed ? 'custom' : 'essential';
}
