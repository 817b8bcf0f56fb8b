import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDemoImage } from './local-engine';

/** The picture shrunk to `size` x `size` RGB pixels, for comparing what it shows. */
async function thumbnail(png: Buffer, size = 16): Promise<Buffer> {
  return sharp(png).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** The mean of each channel over rows `from` to `to` (0 to 1) of a thumbnail. */
function meanColour(pixels: Buffer, size: number, from: number, to: number): [number, number, number] {
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = Math.floor(from * size); y < Math.floor(to * size); y += 1) {
    for (let x = 0; x < size; x += 1) {
      for (let c = 0; c < 3; c += 1) sums[c] = (sums[c] ?? 0) + (pixels[(y * size + x) * 3 + c] ?? 0);
      count += 1;
    }
  }
  return sums.map((sum) => sum / count) as [number, number, number];
}

function hue([r, g, b]: [number, number, number]): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('renderDemoImage', () => {
  it('draws a 1024x1024 PNG, the same for the same prompt', async () => {
    const first = await renderDemoImage('a lighthouse at dawn');
    const again = await renderDemoImage('a lighthouse at dawn');
    expect(await sharp(first).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    expect(first.equals(again)).toBe(true);
  });

  it('draws a valid picture for any text', async () => {
    for (const prompt of [
      '',
      '   ',
      '🦄🌈✨',
      '猫と月と富士山',
      'مدينة في الليل',
      '\u0000\u202e<svg onload="x">&amp;\'"]]>',
      'storm aurora neon night desert sea lake city space forest snow fog rain pixel art '.repeat(400),
    ]) {
      const meta = await sharp(await renderDemoImage(prompt)).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    }
  });

  it('draws what it is asked: different prompts give clearly different pictures', async () => {
    const lighthouse = await thumbnail(await renderDemoImage('lighthouse on a cliff at night'));
    const cat = await thumbnail(await renderDemoImage('anime red cat'));
    let difference = 0;
    for (let i = 0; i < lighthouse.length; i += 1)
      difference += Math.abs((lighthouse[i] ?? 0) - (cat[i] ?? 0));
    expect(difference / lighthouse.length).toBeGreaterThan(60);
  });

  it('paints a night sky dark and a day sky light', async () => {
    const night = meanColour(await thumbnail(await renderDemoImage('quiet hills at night')), 16, 0, 0.4);
    const day = meanColour(await thumbnail(await renderDemoImage('quiet hills on a sunny day')), 16, 0, 0.4);
    expect(Math.max(...night)).toBeLessThan(70);
    expect(Math.min(...day)).toBeGreaterThan(90);
  });

  it('paints a desert sandy and the sea blue', async () => {
    const desert = meanColour(await thumbnail(await renderDemoImage('desert dunes at noon')), 16, 0.75, 1);
    expect(hue(desert)).toBeGreaterThan(20);
    expect(hue(desert)).toBeLessThan(50);
    expect(desert[0]).toBeGreaterThan(desert[2] + 50);
    const sea = meanColour(await thumbnail(await renderDemoImage('the open sea at noon')), 16, 0.75, 1);
    expect(hue(sea)).toBeGreaterThan(190);
    expect(hue(sea)).toBeLessThan(230);
  });

  it('draws pixel art as blocks of 8x8 pixels', async () => {
    const { data, info } = await sharp(await renderDemoImage('pixel art castle on green hills'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Away from the label, every pixel equals the top-left pixel of its block.
    let mismatches = 0;
    for (let y = 0; y < 900; y += 1) {
      for (let x = 0; x < 1024; x += 1) {
        const at = (y * info.width + x) * 3;
        const corner = ((y - (y % 8)) * info.width + (x - (x % 8))) * 3;
        if (data[at] !== data[corner]) mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);
  });

  it('gives each style its own look for the same scene', async () => {
    const styles = [
      'watercolor',
      'oil painting',
      'anime',
      'pixel art',
      'low poly',
      'isometric',
      'minimal',
      'line art',
    ];
    const pictures = await Promise.all(
      styles.map(async (style) => thumbnail(await renderDemoImage(`${style} house on the hills`), 32)),
    );
    for (let a = 0; a < pictures.length; a += 1) {
      for (let b = a + 1; b < pictures.length; b += 1) {
        expect(pictures[a]?.equals(pictures[b] as Buffer), `${styles[a]} vs ${styles[b]}`).toBe(false);
      }
    }
    // Line art is ink on paper: mostly light, almost without colour.
    const line = meanColour(pictures[7] as Buffer, 32, 0, 1);
    expect(Math.min(...line)).toBeGreaterThan(180);
    expect(Math.max(...line) - Math.min(...line)).toBeLessThan(30);
  });

  // How long a render takes is measured by `npm run bench` (its `pictures` part), never asserted here.
  it('draws each prompt as a 1024x1024 PNG, and prints how long it took', async () => {
    const prompts = [
      'lighthouse on a cliff at night',
      'watercolor fox in a snowy forest',
      'oil painting of a ship in a storm',
      'neon city skyline in the rain',
    ];
    await renderDemoImage('warm up');
    for (const prompt of prompts) {
      const times: number[] = [];
      let picture: Buffer = Buffer.alloc(0);
      for (let run = 0; run < 2; run += 1) {
        const started = performance.now();
        picture = await renderDemoImage(prompt);
        times.push(performance.now() - started);
      }
      const { width, height, format } = await sharp(picture).metadata();
      expect({ width, height, format }, prompt).toEqual({ width: 1024, height: 1024, format: 'png' });
      console.log(`demo engine, ${prompt}: ${Math.min(...times).toFixed(0)} ms (better of two)`);
    }
  });
});
