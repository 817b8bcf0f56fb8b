import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDemoImage } from '../modules/generation/local-engine';
import {
  hashDistance,
  isFeatureless,
  NEAR_DUPLICATE_DISTANCE,
  nearestDistance,
  type PictureHashes,
  pictureHashes,
} from './image-hash';

/**
 * Real copies of real pictures (the demo engine's 1024x1024 renders) against real unrelated
 * pictures: the threshold must hold every copy and let no unrelated picture in. The distances are
 * printed as a table, so a change of the hash shows where each case moved.
 */
const originals = [
  'a lighthouse on a cliff at sunset, oil painting',
  'a fox in an autumn forest, watercolor',
  'a bowl of ramen, food photography',
  'a castle on a mountain at dawn, fantasy',
  'a whale under the ocean, cinematic',
];
const unrelated = [
  'portrait of an astronaut in a neon city',
  'abstract geometric pattern in pastel colours',
  'a cyberpunk street at night in the rain',
  'a cozy library interior, oil painting',
  'an old harbour with fishing boats, watercolor',
];

let pictures: Buffer[];
let picture: Buffer;
let hashes: PictureHashes;

beforeAll(async () => {
  pictures = await Promise.all(originals.map((prompt) => renderDemoImage(prompt)));
  picture = pictures[0] as Buffer;
  hashes = await pictureHashes(picture);
}, 60_000);

const copies: [string, (image: Sharp) => Sharp][] = [
  ['resized to 50 %', (image) => image.resize(512, 512).png()],
  ['JPEG at quality 40', (image) => image.jpeg({ quality: 40 })],
  ['WebP at quality 90', (image) => image.webp({ quality: 90 })],
  ['cropped by 5 % around', (image) => image.extract({ left: 26, top: 26, width: 972, height: 972 }).png()],
  ['cropped by 5 % at a corner', (image) => image.extract({ left: 51, top: 51, width: 973, height: 973 })],
  ['hue shifted by 40°', (image) => image.modulate({ hue: 40 }).png()],
  ['hue shifted by 120°', (image) => image.modulate({ hue: 120 }).png()],
  ['mirrored', (image) => image.flop().png()],
  ['mirrored, halved, JPEG 60', (image) => image.flop().resize(512, 512).jpeg({ quality: 60 })],
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
    const table = [`| copy | ${originals.map((_, index) => `picture ${index + 1}`).join(' | ')} |`];
    let farthestCopy = 0;
    for (const [name, transform] of copies) {
      const distances: number[] = [];
      for (const [index, original] of pictures.entries()) {
        const stored = (await pictureHashes(original)).hash;
        const copy = await transform(sharp(original)).toBuffer();
        const distance = nearestDistance(await pictureHashes(copy), stored);
        distances.push(distance);
        expect(distance, `${name} of ${originals[index]}`).toBeLessThanOrEqual(NEAR_DUPLICATE_DISTANCE);
      }
      farthestCopy = Math.max(farthestCopy, ...distances);
      table.push(`| ${name} | ${distances.join(' | ')} |`);
    }
    // Every unrelated pair among all ten pictures, either way round.
    const all = [...pictures, ...(await Promise.all(unrelated.map((prompt) => renderDemoImage(prompt))))];
    const allHashes = await Promise.all(all.map((image) => pictureHashes(image)));
    const strangers: number[] = [];
    for (let a = 0; a < allHashes.length; a += 1) {
      for (let b = a + 1; b < allHashes.length; b += 1) {
        strangers.push(nearestDistance(allHashes[a] as PictureHashes, (allHashes[b] as PictureHashes).hash));
      }
    }
    const nearestStranger = Math.min(...strangers);
    table.push(
      `unrelated pairs (${strangers.length}): ${[...strangers].sort((x, y) => x - y).join(', ')}`,
      `threshold ${NEAR_DUPLICATE_DISTANCE}: copies up to ${farthestCopy}, unrelated from ${nearestStranger}`,
    );
    console.log(table.join('\n'));
    expect(nearestStranger).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
  }, 180_000);

  it('finds a mirrored copy only through the mirrored hash', async () => {
    const mirrored = await pictureHashes(await sharp(picture).flop().png().toBuffer());
    expect(hashDistance(mirrored.hash, hashes.hash)).toBeGreaterThan(NEAR_DUPLICATE_DISTANCE);
    expect(hashDistance(mirrored.mirrored, hashes.hash)).toBeLessThanOrEqual(4);
  });

  it('reads a picture with transparency as if it lay on white', async () => {
    const transparent = await sharp(picture).ensureAlpha(1).png().toBuffer();
    expect(hashDistance((await pictureHashes(transparent)).hash, hashes.hash)).toBe(0);
  });

  it('calls a picture of one colour (also as a JPEG) or a smooth gradient featureless, and the demo pictures not', async () => {
    const flat = sharp({ create: { width: 320, height: 240, channels: 3, background: '#225577' } });
    expect(isFeatureless(await pictureHashes(await flat.clone().png().toBuffer()))).toBe(true);
    expect(isFeatureless(await pictureHashes(await flat.clone().jpeg({ quality: 40 }).toBuffer()))).toBe(
      true,
    );
    const gradient = Buffer.alloc(64 * 48 * 3);
    for (let at = 0; at < gradient.length; at += 1) gradient[at] = 255 - Math.floor((at / 3) % 64) * 4;
    const fading = await sharp(gradient, { raw: { width: 64, height: 48, channels: 3 } })
      .png()
      .toBuffer();
    expect(isFeatureless(await pictureHashes(fading))).toBe(true);
    expect(isFeatureless(hashes)).toBe(false);
  });

  it('refuses bytes that are no picture', async () => {
    await expect(pictureHashes(Buffer.from('not a picture'))).rejects.toThrow();
  });
});
