// Painterly textures for the demo engine, worked on the raw pixels of a rendered scene. SVG
// filters (turbulence, displacement, blur) would take seconds per picture in librsvg; these loops
// take a few milliseconds, which keeps a 1024x1024 picture well under a second.

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
  // The noise is smooth, so it is read once per 2x2 block: a quarter of the work.
  for (let y = 0; y < height; y += 1) {
    let dx = 0;
    let dy = 0;
    for (let x = 0; x < width; x += 1) {
      if ((x & 1) === 0) {
        const by = y & ~1;
        dx = noiseX(x, by) * amount;
        dy = noiseY(x, by) * amount;
      }
      const sx = Math.min(width - 1, Math.max(0, Math.round(x + dx)));
      const sy = Math.min(height - 1, Math.max(0, Math.round(y + dy)));
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
  const [tr, tg, tb] = options.tint;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      const factor = 1 + (random() - 0.5) * options.grain + options.broad(x, y) * options.blotch;
      const r = (pixels[o] as number) * factor;
      const g = (pixels[o + 1] as number) * factor;
      const b = (pixels[o + 2] as number) * factor;
      pixels[o] = Math.min(255, Math.max(0, r + (tr - r) * options.wash));
      pixels[o + 1] = Math.min(255, Math.max(0, g + (tg - g) * options.wash));
      pixels[o + 2] = Math.min(255, Math.max(0, b + (tb - b) * options.wash));
    }
  }
  return pixels;
}
