import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed';

const key = 'k'.repeat(40);

describe('sealed values', () => {
  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const details = { card_number: '4242424242424242', holder: 'Ada Lovelace' };
    const sealed = seal(key, 'payout-details', details);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('4242');
    expect(unseal(key, 'payout-details', sealed)).toEqual(details);
    expect(seal(key, 'payout-details', details)).not.toBe(sealed);
  });

  it('refuses a changed byte, another key, or another purpose', () => {
    const sealed = seal(key, 'payout-details', { iban: 'DE89370400440532013000' });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => unseal(key, 'payout-details', parts.join('.'))).toThrow();
    expect(() => unseal('x'.repeat(40), 'payout-details', sealed)).toThrow();
    expect(() => unseal(key, 'other', sealed)).toThrow();
    expect(() => unseal(key, 'payout-details', 'garbage')).toThrow('not a sealed value');
  });
});
