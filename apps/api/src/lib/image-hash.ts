import { untrustedPicture } from './untrusted-picture';

/**
 * Perceptual hashes of pictures (decision 0028): a 64-bit difference hash (dHash). The picture is
 * flattened on white, turned grey and shrunk to 9x8; each bit says whether a cell is brighter
 * than its right-hand neighbour. A resized, recompressed, slightly cropped or recoloured copy
 * keeps nearly all its bits; an unrelated picture differs in about half of them.
 *
 * Hashes are kept as signed 64-bit integers (PostgreSQL's bigint); the distance between two is
 * the number of bits in which they differ (Hamming distance).
 */

/**
 * The largest distance at which two pictures count as near-duplicates. Measured on the demo
 * engine's pictures (image-hash.test.ts): copies resized, recompressed (JPEG quality 40, WebP),
 * cropped by 5 %, hue-shifted or mirrored lie at 0 to 12; unrelated pictures at 18 and more.
 */
export const NEAR_DUPLICATE_DISTANCE = 14;

export type PictureHashes = {
  /** The hash of the picture as it is. */
  hash: bigint;
  /** The hash of its mirror image (flipped left to right), to find mirrored copies. */
  mirrored: bigint;
};

const WIDTH = 9;
const HEIGHT = 8;

function hashOf(cells: Uint8Array, mirror: boolean): bigint {
  let hash = 0n;
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH - 1; x += 1) {
      // A mirror image's row read from the right: cell x of the mirror is cell 8-x of the picture.
      const left = mirror ? cells[row + WIDTH - 1 - x] : cells[row + x];
      const right = mirror ? cells[row + WIDTH - 2 - x] : cells[row + x + 1];
      hash = (hash << 1n) | ((left ?? 0) > (right ?? 0) ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/**
 * The hashes of a picture (any format sharp reads; an animation's first frame). Throws when the
 * bytes are no readable picture, or one too large or too slow to read (untrusted-picture.ts).
 */
export async function pictureHashes(picture: Buffer): Promise<PictureHashes> {
  const cells = await untrustedPicture(picture)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    // Shrinking while decoding (as libwebp does) samples too coarsely: a WebP copy moved 10 bits.
    .resize(WIDTH, HEIGHT, { fit: 'fill', fastShrinkOnLoad: false })
    .raw()
    .toBuffer();
  return { hash: hashOf(cells, false), mirrored: hashOf(cells, true) };
}

/**
 * Whether a picture has too few edges for its hash to tell it apart: one colour, or a smooth
 * gradient, whose neighbouring cells are (nearly) all equal or all falling. Every such picture has
 * (nearly) the same hash, so it is no copy of another and has no near-duplicates worth showing.
 */
export function isFeatureless(picture: PictureHashes): boolean {
  const edges = hashDistance(picture.hash, 0n);
  return edges < FEATURELESS_EDGES || edges > 64 - FEATURELESS_EDGES;
}

/** Fewer bits than this set (or unset) in a hash leave a picture featureless. */
const FEATURELESS_EDGES = 4;

/** How many of the 64 bits differ. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count += 1;
  }
  return count;
}

/** The distance of a picture to a stored hash, as it is or mirrored, whichever is nearer. */
export function nearestDistance(picture: PictureHashes, stored: bigint): number {
  return Math.min(hashDistance(picture.hash, stored), hashDistance(picture.mirrored, stored));
}
