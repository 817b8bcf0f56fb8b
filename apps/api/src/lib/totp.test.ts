import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode } from './totp';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" for SHA-1.
const rfcSecret = Buffer.from('12345678901234567890', 'ascii');
const rfcSecretBase32 = base32Encode(rfcSecret);

describe('one-time passwords', () => {
  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('computes the HOTP values of RFC 4226 appendix D', () => {
    expect([0, 1, 2, 9].map((counter) => hotp(rfcSecret, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('computes the TOTP values of RFC 6238 appendix B (their last six digits)', () => {
    expect(totpCode(rfcSecretBase32, 59_000)).toBe('287082');
    expect(totpCode(rfcSecretBase32, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(rfcSecretBase32, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the codes of one step either side and nothing older or used', () => {
    const now = 1_111_111_109_000;
    const current = totpCode(rfcSecretBase32, now);
    const step = matchTotp(rfcSecretBase32, current, now, null);
    expect(step).not.toBeNull();
    expect(matchTotp(rfcSecretBase32, totpCode(rfcSecretBase32, now - 30_000), now, null)).toBe(
      (step as number) - 1,
    );
    expect(matchTotp(rfcSecretBase32, totpCode(rfcSecretBase32, now + 30_000), now, null)).toBe(
      (step as number) + 1,
    );
    expect(matchTotp(rfcSecretBase32, totpCode(rfcSecretBase32, now - 90_000), now, null)).toBeNull();
    // Once used, neither that code nor an earlier one works again.
    expect(matchTotp(rfcSecretBase32, current, now, step)).toBeNull();
    expect(matchTotp(rfcSecretBase32, totpCode(rfcSecretBase32, now - 30_000), now, step)).toBeNull();
    expect(matchTotp(rfcSecretBase32, '12345', now, null)).toBeNull();
    expect(matchTotp(rfcSecretBase32, 'abcdef', now, null)).toBeNull();
  });

  it('makes 160-bit secrets and an authenticator address', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri('PromptMarket', 'admin@example.com', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/PromptMarket:admin@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
