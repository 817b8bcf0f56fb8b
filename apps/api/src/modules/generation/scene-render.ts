import sharp, { type Sharp } from 'sharp';
import type { Scene } from './scene';
import { type Context, f, SIZE } from './scene-canvas';
import { hex, mix, randomFrom, turn } from './scene-colours';
import { groundLayers, isometricBlock } from './scene-grounds';
import { skies, skyLayer } from './scene-sky';
import { subjectLayer } from './scene-subjects';
import { displace, surface, valueNoise } from './scene-texture';
import { lightLayer, styleFilters, weatherLayer } from './scene-weather';
import type { Ground } from './scene-words';

// Draws a scene (scene.ts) as SVG and rasterises it with sharp: sky, then the grounds back to
// front, the subjects, weather and light, and the style's treatment of the whole. Every random
// choice comes from the scene's seed, so a prompt always gives the same picture. This file layers
// them; each layer is drawn in its own file (scene-sky.ts, scene-grounds.ts, scene-subjects.ts …).

export type SceneSvgOptions = {
  size?: number;
  /** Everything (the default), all but the subjects, or the subjects alone on a clear page. */
  layers?: 'all' | 'scenery' | 'subjects';
};

/** The scene as an SVG document, `size` pixels square (1024 unless told). */
export function sceneSvg(scene: Scene, { size = SIZE, layers = 'all' }: SceneSvgOptions = {}): string {
  let sky = skies[scene.time];
  if (scene.storm) sky = { top: '#1b1f27', middle: '#3a414e', horizon: '#6d7584', sun: sky.sun };
  if (scene.light === 'neon' && !scene.ground.includes('space'))
    sky = { ...sky, top: '#12081f', middle: '#3b1a5e', horizon: '#a3306f' };
  if (scene.style === 'vaporwave')
    sky = { top: '#2b0b4a', middle: '#b52a7f', horizon: '#ff9ecb', sun: '#ffe66d' };
  if (scene.ground.includes('space')) sky = { ...sky, top: '#03040c', middle: '#0a0f26', horizon: '#1a1f45' };
  sky = {
    top: turn(sky.top, scene.hueShift),
    middle: turn(sky.middle, scene.hueShift),
    horizon: turn(sky.horizon, scene.hueShift),
    sun: sky.sun,
  };
  if (scene.style === 'watercolor' || scene.style === 'anime')
    sky = { ...sky, top: mix(sky.top, '#ffffff', 0.25), middle: mix(sky.middle, '#ffffff', 0.2) };
  const context: Context = {
    scene,
    random: (() => {
      const next = randomFrom(scene.seed);
      return next;
    })(),
    sky,
    horizon:
      scene.ground.length === 1 && scene.ground[0] === 'sea'
        ? 560
        : scene.ground.includes('city')
          ? 600
          : 620,
    defs: [],
    night: scene.time === 'night' || scene.ground.includes('space'),
    backlit: scene.time === 'night' || scene.time === 'sunset' || scene.storm || scene.light === 'neon',
    flat: scene.style === 'minimal',
    outline: scene.style === 'anime' ? '#1d1b2e' : '',
    subjectX: 512,
  };
  context.defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/></radialGradient>`,
    `<radialGradient id="shine" cx="0.3" cy="0.25" r="0.85"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.8" stop-color="#000000" stop-opacity="0.1"/><stop offset="1" stop-color="#000000" stop-opacity="0.4"/></radialGradient>`,
  );

  const abstract = scene.ground[0] === 'pattern' || scene.ground[0] === 'fluid';
  const backdrop: string[] = [];
  const front: string[] = [];
  if (abstract) {
    backdrop.push(groundLayers[scene.ground[0] as Ground](context));
  } else {
    backdrop.push(skyLayer(context));
    if (scene.style === 'isometric') {
      front.push(isometricBlock(context));
    } else {
      for (const ground of scene.ground) {
        // What mirrors in a lake, or shows through a window, is drawn before it.
        const layer = groundLayers[ground](context);
        if (ground === 'lake' || ground === 'sea' || ground === 'interior' || ground === 'snow')
          front.push(layer);
        else if (front.length > 0) front.push(layer);
        else backdrop.push(layer);
      }
    }
  }
  const fog = abstract ? '' : weatherLayer(context, 'fog');
  // A pattern or a pour is the picture itself: nothing stands on it.
  const subjects = (abstract ? [] : scene.subjects)
    .map((subject, index) => subjectLayer(context, subject, index === 0))
    .reverse()
    .join('');
  const weather = abstract ? '' : weatherLayer(context, 'falling');
  const light = abstract ? '' : lightLayer(context);
  const { filter, overlay } = styleFilters(context);
  const ink =
    scene.style === 'line' && !abstract
      ? `<style>.ink *{fill:#f7f2e7;stroke:#24262e;stroke-width:3px;}.ink use{display:none}</style>`
      : '';
  const body =
    layers === 'subjects'
      ? subjects
      : `<g id="backdrop">${backdrop.join('')}</g>${front.join('')}${fog}${layers === 'all' ? subjects : ''}${weather}${light}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}" viewBox="0 0 ${SIZE} ${SIZE}">${ink}<defs>${context.defs.join('')}</defs><g class="${ink ? 'ink' : ''}"${filter}>${body}</g>${layers === 'subjects' ? '' : overlay}</svg>`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const label = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect x="${SIZE - 312}" y="${SIZE - 52}" width="296" height="38" rx="19" fill="#000000" opacity="0.35"/><text x="${SIZE - 164}" y="${SIZE - 26}" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#ffffff" opacity="0.9">${escapeXml('PromptMarket demo engine')}</text></svg>`,
);

/**
 * Low poly: the picture, sampled at the corners of a jittered triangle mesh, redrawn as flat
 * triangles, with the subjects drawn sharp over it so they stay recognisable.
 */
async function lowPoly(scene: Scene): Promise<Buffer> {
  const cells = 18;
  const sample = 64;
  const { data } = await sharp(Buffer.from(sceneSvg(scene, { size: sample, layers: 'scenery' })))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = randomFrom(scene.seed ^ 0x5bd1e995);
  const step = SIZE / cells;
  const grid: [number, number][][] = [];
  for (let j = 0; j <= cells; j += 1) {
    grid.push([]);
    for (let i = 0; i <= cells; i += 1) {
      const edgeX = i === 0 || i === cells;
      const edgeY = j === 0 || j === cells;
      grid[j]?.push([
        i * step + (edgeX ? 0 : (random() - 0.5) * step * 0.8),
        j * step + (edgeY ? 0 : (random() - 0.5) * step * 0.8),
      ]);
    }
  }
  const colourAt = (x: number, y: number) => {
    const px = Math.min(sample - 1, Math.max(0, Math.floor((x / SIZE) * sample)));
    const py = Math.min(sample - 1, Math.max(0, Math.floor((y / SIZE) * sample)));
    const o = (py * sample + px) * 3;
    return hex([data[o] as number, data[o + 1] as number, data[o + 2] as number]);
  };
  let triangles = '';
  for (let j = 0; j < cells; j += 1) {
    for (let i = 0; i < cells; i += 1) {
      const a = grid[j]?.[i] as [number, number];
      const b = grid[j]?.[i + 1] as [number, number];
      const c = grid[j + 1]?.[i] as [number, number];
      const d = grid[j + 1]?.[i + 1] as [number, number];
      for (const [p, q, r] of (i + j) % 2 === 0
        ? [
            [a, b, d],
            [a, d, c],
          ]
        : [
            [a, b, c],
            [b, d, c],
          ]) {
        const [p1, q1, r1] = [p, q, r] as [number, number][];
        const cx = ((p1?.[0] ?? 0) + (q1?.[0] ?? 0) + (r1?.[0] ?? 0)) / 3;
        const cy = ((p1?.[1] ?? 0) + (q1?.[1] ?? 0) + (r1?.[1] ?? 0)) / 3;
        const colour = mix(colourAt(cx, cy), random() < 0.5 ? '#ffffff' : '#000000', random() * 0.08);
        triangles += `<path d="M${f(p1?.[0] ?? 0)} ${f(p1?.[1] ?? 0)}L${f(q1?.[0] ?? 0)} ${f(q1?.[1] ?? 0)}L${f(r1?.[0] ?? 0)} ${f(r1?.[1] ?? 0)}Z" fill="${colour}" stroke="${colour}" stroke-width="1"/>`;
      }
    }
  }
  const picture = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${triangles}</svg>`,
    ),
  )
    .png()
    .toBuffer();
  return sharp(picture)
    .composite([{ input: Buffer.from(sceneSvg(scene, { layers: 'subjects' })) }])
    .png()
    .toBuffer();
}

/** Watercolour, oil and marbled ink are worked on the pixels after drawing (see scene-texture.ts). */
async function textured(scene: Scene, svg: string): Promise<Sharp | null> {
  const fluid = scene.ground[0] === 'fluid';
  if (scene.style !== 'watercolor' && scene.style !== 'oil' && !fluid) return null;
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (scene.style === 'watercolor') {
    // Colours bleed: drawn small, enlarged smoothly.
    const small = await image.resize(300, 300).toBuffer();
    image = sharp(small).resize(SIZE, SIZE, { kernel: 'cubic' });
  }
  let pixels: Buffer = await image.raw().toBuffer();
  const seed = scene.seed;
  if (fluid) {
    pixels = displace(
      pixels,
      SIZE,
      SIZE,
      valueNoise(seed, SIZE, SIZE, 3, 3),
      valueNoise(seed + 1, SIZE, SIZE, 3, 3),
      160,
    );
    pixels = displace(
      pixels,
      SIZE,
      SIZE,
      valueNoise(seed + 2, SIZE, SIZE, 9, 9),
      valueNoise(seed + 3, SIZE, SIZE, 9, 9),
      40,
    );
  }
  if (scene.style === 'watercolor') {
    const wobble = (offset: number) => {
      const coarse = valueNoise(seed + offset, SIZE, SIZE, 14, 14);
      const fine = valueNoise(seed + offset + 10, SIZE, SIZE, 60, 60);
      return (x: number, y: number) => coarse(x, y) * 0.7 + fine(x, y) * 0.3;
    };
    pixels = displace(pixels, SIZE, SIZE, wobble(4), wobble(5), 14);
    pixels = surface(pixels, SIZE, SIZE, {
      seed,
      grain: 0.05,
      blotch: 0.07,
      broad: valueNoise(seed + 6, SIZE, SIZE, 10, 10),
      tint: [252, 247, 236],
      wash: 0.2,
    });
  } else if (scene.style === 'oil') {
    // Brush strokes: pixels dragged along short horizontal streaks, then the canvas weave.
    pixels = displace(
      pixels,
      SIZE,
      SIZE,
      valueNoise(seed + 4, SIZE, SIZE, 30, 160),
      valueNoise(seed + 5, SIZE, SIZE, 40, 120),
      7,
    );
    pixels = surface(pixels, SIZE, SIZE, {
      seed,
      grain: 0.07,
      blotch: 0.09,
      broad: valueNoise(seed + 6, SIZE, SIZE, 24, 220),
      tint: [120, 84, 40],
      wash: 0.06,
    });
  }
  return sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } });
}

/**
 * The scene as a 1024x1024 PNG, labelled as the demo engine's in its corner unless `label` is
 * false (the shop's own decoration, such as a style's tile, which carries a caption of its own).
 */
export async function renderScene(
  scene: Scene,
  { label: labelled = true }: { label?: boolean } = {},
): Promise<Buffer> {
  let picture: Sharp;
  if (scene.style === 'pixel') {
    // Drawn at 128 pixels in a few colours, then enlarged without smoothing.
    const small = await sharp(Buffer.from(sceneSvg(scene, { size: 128 })))
      .png({ palette: true, colours: 32, dither: 0 })
      .toBuffer();
    picture = sharp(await sharp(small).resize(SIZE, SIZE, { kernel: 'nearest' }).png().toBuffer());
  } else if (scene.style === 'lowpoly') {
    picture = sharp(await lowPoly(scene));
  } else {
    const svg = sceneSvg(scene);
    picture = (await textured(scene, svg)) ?? sharp(Buffer.from(svg));
  }
  // A lighter compression than the default: much quicker, for a slightly larger file.
  return picture
    .composite(labelled ? [{ input: label }] : [])
    .removeAlpha()
    .png({ compressionLevel: 3 })
    .toBuffer();
}
