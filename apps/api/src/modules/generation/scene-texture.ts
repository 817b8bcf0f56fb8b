// Painterly textures for the demo engine, worked on the raw pixels of a rendered scene. SVG
// filters (turbulence, displacement, blur) are slow in librsvg, slower than the whole of the rest
// of a picture's drawing; loops over the pixels are cheap.

function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

/**
 * Smooth value noise in [-1, 1] over a `width` x `height` picture, with `cellsX` x `cellsY`
 * random values between which it eases; more cells make finer noise.
 */
export function valueNoise(seed: number, width: number, height: number, cellsX: number, cellsY: number) {
  const random = randomFrom(seed);
  const values = new Float32Array((cellsX + 2) * (cellsY + 2)).map(() => random() * 2 - 1);
  const stride = cellsX + 2;
  const sx = cellsX / width;
  const sy = cellsY / height;
  return (x: number, y: number): number => {
    const gx = x * sx;
    const gy = y * sy;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const tx = gx - ix;
    const ty = gy - iy;
    const ex = tx * tx * (3 - 2 * tx);
    const ey = ty * ty * (3 - 2 * ty);
    const o = iy * stride + ix;
    const a = values[o] as number;
    const b = values[o + 1] as number;
    const c = values[o + stride] as number;
    const d = values[o + stride + 1] as number;
    return a + (b - a) * ex + (c - a + (d - c - b + a) * ex) * ey;
  };
}

type Noise = (x: number, y: number) => number;

/** Pixels per side of the blocks a smooth noise is read once for. */
const BLOCK = 4;

/** The noise read once per BLOCK x BLOCK block, at the block's corner. */
function sampled(noise: Noise, width: number, height: number): { values: Float32Array; columns: number } {
  const columns = Math.ceil(width / BLOCK);
  const rows = Math.ceil(height / BLOCK);
  const values = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by += 1)
    for (let bx = 0; bx < columns; bx += 1) values[by * columns + bx] = noise(bx * BLOCK, by * BLOCK);
  return { values, columns };
}

/** Each pixel taken from a spot moved by the noise fields, `amount` pixels at most. */
export function displace(
  pixels: Buffer,
  width: number,
  height: number,
  noiseX: Noise,
  noiseY: Noise,
  amount: number,
): Buffer {
  const out = Buffer.alloc(pixels.length);
  // The noise is smooth, so it is read once per block: a fraction of the work.
  const fx = sampled(noiseX, width, height);
  const fy = sampled(noiseY, width, height);
  for (let y = 0; y < height; y += 1) {
    const row = ((y / BLOCK) | 0) * fx.columns;
    for (let x = 0; x < width; x += 1) {
      const cell = row + ((x / BLOCK) | 0);
      let sx = Math.round(x + (fx.values[cell] as number) * amount);
      let sy = Math.round(y + (fy.values[cell] as number) * amount);
      sx = sx < 0 ? 0 : sx >= width ? width - 1 : sx;
      sy = sy < 0 ? 0 : sy >= height ? height - 1 : sy;
      const from = (sy * width + sx) * 3;
      const to = (y * width + x) * 3;
      out[to] = pixels[from] as number;
      out[to + 1] = pixels[from + 1] as number;
      out[to + 2] = pixels[from + 2] as number;
    }
  }
  return out;
}

/**
 * Paper or canvas: every pixel lightened or darkened by `grain` (fine, random per pixel) and by
 * `blotch` times a broader noise (pigment pooling, brush marks), towards `tint` by `wash`.
 */
export function surface(
  pixels: Buffer,
  width: number,
  height: number,
  options: {
    seed: number;
    grain: number;
    blotch: number;
    broad: Noise;
    tint: [number, number, number];
    wash: number;
  },
): Buffer {
  const random = randomFrom(options.seed);
  // A table of grain read along a diagonal: random enough to the eye, far cheaper per pixel.
  const grain = new Float32Array(4099).map(() => (random() - 0.5) * options.grain);
  const broad = sampled(options.broad, width, height);
  const [tr, tg, tb] = options.tint;
  const keep = 1 - options.wash;
  const wr = tr * options.wash;
  const wg = tg * options.wash;
  const wb = tb * options.wash;
  for (let y = 0; y < height; y += 1) {
    const row = ((y / BLOCK) | 0) * broad.columns;
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      const factor =
        (1 +
          (grain[(x * 7 + y * 4093) % 4099] as number) +
          (broad.values[row + ((x / BLOCK) | 0)] as number) * options.blotch) *
        keep;
      pixels[o] = Math.min(255, (pixels[o] as number) * factor + wr);
      pixels[o + 1] = Math.min(255, (pixels[o + 1] as number) * factor + wg);
      pixels[o + 2] = Math.min(255, (pixels[o + 2] as number) * factor + wb);
    }
  }
  return pixels;
}
