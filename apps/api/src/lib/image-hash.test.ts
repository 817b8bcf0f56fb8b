import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDemoImage } from '../modules/generation/local-engine';
import {
  hashDistance,
  NEAR_DUPLICATE_DISTANCE,
  nearestDistance,
  type PictureHashes,
  pictureHashes,
} from './image-hash';

/**
 * Real copies of a real picture (the demo engine's 1024x1024 render) against real unrelated
 * pictures: the threshold must hold every copy and let no unrelated picture in. The distances
 * are printed, so a change of the hash shows where each case moved.
 */
const original = 'a lighthouse on a cliff at sunset, oil painting';
const unrelated = [
  'portrait of an astronaut in a neon city',
  'a fox in an autumn forest, watercolor',
  'a bowl of ramen, food photography',
  'a castle on a mountain at dawn, fantasy',
  'abstract geometric pattern in pastel colours',
  'a whale under the ocean, cinematic',
  'a cyberpunk street at night in the rain',
  'a cozy library interior, oil painting',
];

let picture: Buffer;
let hashes: PictureHashes;

beforeAll(async () => {
  picture = await renderDemoImage(original);
  hashes = await pictureHashes(picture);
}, 60_000);

const copies: [string, (image: sharp.Sharp) => sharp.Sharp][] = [
  ['resized to 50 %', (image) => image.resize(512, 512).png()],
  ['JPEG at quality 40', (image) => image.jpeg({ quality: 40 })],
  ['cropped by 5 % around', (image) => image.extract({ left: 26, top: 26, width: 972, height: 972 }).png()],
  ['cropped by 5 % at one corner', (image) => image.extract({ left: 51, top: 51, width: 973, height: 973 })],
  ['hue shifted by 40°', (image) => image.modulate({ hue: 40 }).png()],
  ['hue shifted by 120°', (image) => image.modulate({ hue: 120 }).webp({ quality: 80 })],
  ['mirrored', (image) => image.flop().png()],
  ['mirrored, halved and JPEG 60', (image) => image.flop().resize(512, 512).jpeg({ quality: 60 })],
];

describe('the difference hash of a picture', () => {
  it('is the same for the same picture, and 0 away from itself', async () => {
    const again = await pictureHashes(picture);
    expect(again).toEqual(hashes);
    expect(hashDistance(hashes.hash, again.hash)).toBe(0);
    // A signed 64-bit value, as PostgreSQL's bigint holds it.
    expect(hashes.hash >= -(2n ** 63n) && hashes.hash < 2n ** 63n).toBe(true);
  });

  it('keeps transformed copies within the threshold and unrelated pictures beyond it', async () => {
    const lines: string[] = [];
    const copyDistances: number[] = [];
    for (const [name, transform] of copies) {
      const copy = await transform(sharp(picture)).toBuffer();
      const distance = nearestDistance(await pictureHashes(copy), hashes.hash);
      copyDistances.push(distance);
      lines.push(`copy, ${name}: ${distance}`);
      expect(distance, name).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
    }
    const otherDistances: number[] = [];
    for (const prompt of unrelated) {
      const distance = nearestDistance(await pictureHashes(await renderDemoImage(prompt)), hashes.hash);
      otherDistances.push(distance);
      lines.push(`unrelated, ${prompt}: ${distance}`);
      expect(distance, prompt).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    }
    // The gap between the farthest copy and the nearest stranger, where the threshold sits.
    lines.push(
      `threshold ${NEAR_DUPLICATE_DISTANCE}: copies up to ${Math.max(...copyDistances)}, unrelated from ${Math.min(...otherDistances)}`,
    );
    console.log(lines.join('\n'));
    expect(Math.max(...copyDistances)).toBeLessThan(Math.min(...otherDistances));
  }, 120_000);

  it('finds a mirrored copy only through the mirrored hash', async () => {
    const mirrored = await pictureHashes(await sharp(picture).flop().png().toBuffer());
    expect(hashDistance(mirrored.hash, hashes.hash)).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    expect(hashDistance(mirrored.mirrored, hashes.hash)).toBeLessThanOrEqual(4);
  });

  it('reads a picture with transparency as if it lay on white', async () => {
    const transparent = await sharp(picture).ensureAlpha(1).png().toBuffer();
    expect(hashDistance((await pictureHashes(transparent)).hash, hashes.hash)).toBe(0);
  });

  it('refuses bytes that are no picture', async () => {
    await expect(pictureHashes(Buffer.from('not a picture'))).rejects.toThrow();
  });
});
