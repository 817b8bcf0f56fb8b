import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDemoImage } from './local-engine';

describe('renderDemoImage', () => {
  it('draws a 1024x1024 PNG, the same for the same prompt and different for another', async () => {
    const first = await renderDemoImage('a lighthouse at dawn');
    const again = await renderDemoImage('a lighthouse at dawn');
    const other = await renderDemoImage('a cat in a teacup');
    const meta = await sharp(first).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect(first.equals(again)).toBe(true);
    expect(first.equals(other)).toBe(false);
  });
});
