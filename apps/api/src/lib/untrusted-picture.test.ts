import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { untrustedPicture } from './untrusted-picture';

describe('untrustedPicture', () => {
  it('stops a picture that takes longer than its time limit', async () => {
    // 49 million pixels of one colour: small as a PNG, far longer than the limit to re-encode as WebP.
    const large = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const started = performance.now();
    await expect(untrustedPicture(large, {}, 1).webp({ quality: 92, effort: 6 }).toBuffer()).rejects.toThrow(
      /timeout/,
    );
    expect(performance.now() - started).toBeLessThan(2_500);
  }, 30_000);

  it('refuses a picture of more than 50 million pixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await expect(untrustedPicture(huge).png().toBuffer()).rejects.toThrow(/pixel limit/);
  }, 30_000);

  it('reads an ordinary picture', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const meta = await sharp(await untrustedPicture(small).webp().toBuffer()).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });
});
