import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps make
 * them: HMAC-SHA1, six digits, a 30-second step. The secret travels as RFC 4648 base32. The
 * arithmetic, base32 and the code comparison are the `otpauth` library's; what is ours is the
 * shop's policy: the drift allowed and that a step once used never counts again.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now that still count, for a phone clock a little off. */
const DRIFT_STEPS = 1;

const settings = { algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS } as const;

export function base32Encode(bytes: Buffer): string {
  return new Secret({ buffer: new Uint8Array(bytes).buffer }).base32;
}

/** Also takes lower case, spaces and padding, as people copy a secret by hand. */
function secretOf(text: string): Secret {
  return Secret.fromBase32(text.toUpperCase().replace(/[\s=]/g, ''));
}

export function base32Decode(text: string): Buffer {
  return Buffer.from(secretOf(text).bytes);
}

/** A new 160-bit secret, the size RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function stepAt(unixMs: number): number {
  return Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP value of `counter` (RFC 4226 section 5.3, dynamic truncation). */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
    counter,
    digits,
    algorithm: 'SHA1',
  });
}

export function totpCode(secretBase32: string, unixMs: number): string {
  return TOTP.generate({ secret: secretOf(secretBase32), timestamp: unixMs, ...settings });
}

/**
 * The step a code belongs to, or null when it matches none near `unixMs`. A step at or before
 * `lastUsedStep` never matches, so a code once used (or an older one) cannot be replayed.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  unixMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secretBase32),
    timestamp: unixMs,
    window: DRIFT_STEPS,
    ...settings,
  });
  if (delta === null) return null;
  const step = stepAt(unixMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The `otpauth://` address an authenticator app reads from a QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  return new TOTP({ issuer, label: account, secret: secretOf(secretBase32), ...settings }).toString();
}
