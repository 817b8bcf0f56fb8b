import sharp, { type Sharp } from 'sharp';
import { foodAndDrink, type Ground, type Scene, type Subject } from './scene';
import { displace, surface, valueNoise } from './scene-texture';

// Draws a scene (scene.ts) as SVG and rasterises it with sharp: sky, then the grounds back to
// front, the subjects, weather and light, and the style's treatment of the whole. Every random
// choice comes from the scene's seed, so a prompt always gives the same picture.

const SIZE = 1024;

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** `a` moved towards `b` by `t` (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
/** The colour with its hue turned by `degrees`. */
function turn(colour: string, degrees: number): string {
  if (!degrees) return colour;
  const [r, g, b] = rgb(colour).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return colour;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h * 60 + degrees) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return hex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

const f = (n: number) => n.toFixed(1).replace(/\.0$/, '');
const circlePath = (x: number, y: number, r: number) =>
  `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;

type Sky = { top: string; middle: string; horizon: string; sun: string };

const skies: Record<Scene['time'], Sky> = {
  dawn: { top: '#2c3566', middle: '#c67d95', horizon: '#fbd0a0', sun: '#fff3cf' },
  day: { top: '#2f6db5', middle: '#6cb0e4', horizon: '#d4ecf8', sun: '#fff9dc' },
  sunset: { top: '#2b1b4b', middle: '#cc4868', horizon: '#f7a64b', sun: '#ffd77e' },
  night: { top: '#050817', middle: '#0f1a3d', horizon: '#2a4272', sun: '#f4f1de' },
};

/** Everything the layers share while one picture is drawn. */
type Context = {
  scene: Scene;
  random: () => number;
  sky: Sky;
  horizon: number;
  defs: string[];
  night: boolean;
  /** Subjects and near grounds are seen against the light: darkened to silhouettes. */
  backlit: boolean;
  flat: boolean;
  outline: string;
  /** Where the main subject stands (its centre x), so the second subject keeps clear of it. */
  subjectX: number;
};

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** A darker, colder version of a ground colour for the time of day. */
function timed(context: Context, colour: string): string {
  const { time } = context.scene;
  if (time === 'night') return mix(colour, '#0b1226', 0.72);
  if (time === 'sunset') return mix(colour, '#5a2b4f', 0.35);
  if (time === 'dawn') return mix(colour, '#7b6c9a', 0.25);
  return colour;
}

function skyLayer(context: Context): string {
  const { scene, sky, random, horizon, flat } = context;
  const parts: string[] = [];
  if (flat) {
    parts.push(`<rect width="${SIZE}" height="${SIZE}" fill="${mix(sky.middle, sky.horizon, 0.35)}"/>`);
  } else {
    const hard = scene.style === 'anime';
    const stops = hard
      ? `<stop offset="0" stop-color="${sky.top}"/><stop offset="0.34" stop-color="${sky.top}"/><stop offset="0.34" stop-color="${sky.middle}"/><stop offset="0.62" stop-color="${sky.middle}"/><stop offset="0.62" stop-color="${sky.horizon}"/><stop offset="1" stop-color="${sky.horizon}"/>`
      : `<stop offset="0" stop-color="${sky.top}"/><stop offset="0.55" stop-color="${sky.middle}"/><stop offset="1" stop-color="${sky.horizon}"/>`;
    context.defs.push(
      `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="${horizon}" gradientUnits="userSpaceOnUse">${stops}</linearGradient>`,
    );
    parts.push(`<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>`);
  }
  const space = scene.ground.includes('space');
  if (context.night || space) {
    const count = flat ? 30 : space ? 260 : 150;
    let stars = '';
    for (let i = 0; i < count; i += 1) {
      const r = 0.8 + random() * (random() < 0.1 ? 2.6 : 1.3);
      stars += circlePath(random() * SIZE, random() * (space ? SIZE : horizon * 0.9), r);
    }
    parts.push(`<path d="${stars}" fill="#ffffff" opacity="0.85"/>`);
  }
  if (scene.aurora) {
    context.defs.push(
      `<linearGradient id="aurora" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0"/><stop offset="0.35" stop-color="#a78bfa" stop-opacity="0.55"/><stop offset="0.75" stop-color="#34d399" stop-opacity="0.85"/><stop offset="1" stop-color="#34d399" stop-opacity="0"/></linearGradient>`,
    );
    for (let band = 0; band < 3; band += 1) {
      const top = 90 + band * 60 + random() * 40;
      const depth = 200 + random() * 120;
      let upper = `M-20 ${f(top)}`;
      let lower = '';
      for (let x = 0; x <= SIZE + 40; x += 128) {
        const wave = Math.sin(x / 170 + band * 2 + random()) * 70;
        upper += ` Q${f(x + 64)} ${f(top + wave - 50)} ${f(x + 128)} ${f(top + wave)}`;
        lower = ` L${f(x + 128)} ${f(top + wave + depth)}${lower}`;
      }
      parts.push(
        `<path d="${upper}${lower.replace(/^ L/, ' L')} L-20 ${f(top + depth)}Z" fill="url(#aurora)" opacity="${0.95 - band * 0.2}"/>`,
      );
    }
  }
  if (!space) {
    const sunX = 160 + random() * 700;
    if (context.night) {
      const moonX = sunX;
      const moonY = 150 + random() * 150;
      const r = scene.style === 'minimal' ? 70 : 58;
      if (!flat && scene.style !== 'line')
        parts.push(
          `<circle cx="${f(moonX)}" cy="${f(moonY)}" r="${r * 3}" fill="#dfe7ff" opacity="0.08"/><circle cx="${f(moonX)}" cy="${f(moonY)}" r="${r * 1.7}" fill="#dfe7ff" opacity="0.1"/>`,
        );
      if (random() < 0.5) {
        parts.push(
          `<circle cx="${f(moonX)}" cy="${f(moonY)}" r="${r}" fill="${sky.sun}"/><circle cx="${f(moonX - r * 0.3)}" cy="${f(moonY - r * 0.2)}" r="${f(r * 0.18)}" fill="#d8d3bd" opacity="0.7"/><circle cx="${f(moonX + r * 0.35)}" cy="${f(moonY + r * 0.3)}" r="${f(r * 0.12)}" fill="#d8d3bd" opacity="0.7"/>`,
        );
      } else {
        parts.push(
          `<path d="M${f(moonX)} ${f(moonY - r)}A${r} ${r} 0 1 0 ${f(moonX)} ${f(moonY + r)}A${f(r * 0.72)} ${r} 0 1 1 ${f(moonX)} ${f(moonY - r)}Z" fill="${sky.sun}"/>`,
        );
      }
    } else if (!scene.storm) {
      const sunY = scene.time === 'day' ? 170 + random() * 80 : horizon - 60 - random() * 60;
      const r = scene.time === 'sunset' ? 95 : 70;
      if (scene.style === 'vaporwave') {
        context.defs.push(
          `<linearGradient id="vsun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe66d"/><stop offset="1" stop-color="#ff3fa4"/></linearGradient>`,
        );
        let gaps = '';
        for (let i = 0; i < 6; i += 1)
          gaps += `<rect x="${f(sunX - 200)}" y="${f(sunY + 10 + i * 22)}" width="400" height="${4 + i * 2}" fill="${sky.middle}"/>`;
        parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="150" fill="url(#vsun)"/>${gaps}`);
      } else {
        if (!flat && scene.style !== 'line') {
          context.defs.push(
            `<radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.75"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>`,
          );
          parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${r * 3.2}" fill="url(#glow)"/>`);
        }
        parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${r}" fill="${sky.sun}"/>`);
      }
    }
    if (scene.storm) parts.push(stormClouds(context));
    else if (!context.night && !flat && scene.style !== 'vaporwave' && scene.style !== 'line') {
      const tint = scene.time === 'sunset' ? '#ffd0c0' : scene.time === 'dawn' ? '#ffe4e0' : '#ffffff';
      const stroke = scene.style === 'anime' ? ` stroke="${context.outline}" stroke-width="4"` : '';
      for (let i = 0; i < 3 + Math.floor(random() * 3); i += 1) {
        const cx = random() * SIZE;
        const cy = 80 + random() * (horizon * 0.45);
        const w = 90 + random() * 110;
        let puffs = '';
        for (let p = 0; p < 5; p += 1) {
          const px = cx - w + (p * w) / 2;
          puffs += circlePath(
            px,
            cy - Math.sin((p / 4) * Math.PI) * w * 0.35,
            w * (0.32 + Math.sin((p / 4) * Math.PI) * 0.22),
          );
        }
        parts.push(
          stroke
            ? `<path d="${puffs}" fill="${tint}"${stroke.replace('4', '8')}/><path d="${puffs}" fill="${tint}"/>`
            : `<path d="${puffs}" fill="${tint}" opacity="0.88"/>`,
        );
      }
    }
  }
  return parts.join('');
}

function stormClouds(context: Context): string {
  const { random } = context;
  let clouds = '';
  for (let i = 0; i < 22; i += 1)
    clouds += circlePath(random() * SIZE, 40 + random() * 220, 90 + random() * 110);
  const startX = 250 + random() * 520;
  let bolt = `M${f(startX)} 200`;
  let x = startX;
  let y = 200;
  while (y < context.horizon - 20) {
    x += (random() - 0.5) * 90;
    y += 40 + random() * 50;
    bolt += ` L${f(x)} ${f(y)}`;
  }
  return `<path d="${clouds}" fill="#2a2f3a" opacity="0.92"/><path d="${clouds}" fill="#596273" opacity="0.35" transform="translate(0 -30)"/><path d="${bolt}" fill="none" stroke="#c9d8ff" stroke-width="16" opacity="0.35" stroke-linejoin="round"/><path d="${bolt}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linejoin="round"/>`;
}

function ridge(context: Context, base: number, low: number, high: number, step: number): [number, number][] {
  const points: [number, number][] = [[-60, base]];
  let up = true;
  for (let x = -60; x <= SIZE + 60; x += step * (0.6 + context.random() * 0.8)) {
    const y = up ? base - low - context.random() * (high - low) : base - context.random() * low * 0.8;
    points.push([x, y]);
    up = !up;
  }
  points.push([SIZE + 60, base]);
  return points;
}

function mountains(context: Context): string {
  const { horizon, scene } = context;
  const snowy = scene.ground.includes('snow') || context.random() < 0.5;
  const rock = timed(context, scene.time === 'day' ? '#5d6b82' : '#6a5d7d');
  const far = mix(rock, context.sky.horizon, 0.5);
  const layers: string[] = [];
  const stroke = context.outline
    ? ` stroke="${context.outline}" stroke-width="5" stroke-linejoin="round"`
    : '';
  for (const [index, colour] of [far, rock].entries()) {
    const base = horizon + 40;
    const points = ridge(
      context,
      base,
      index === 0 ? 180 : 120,
      index === 0 ? 420 : 330,
      index === 0 ? 150 : 190,
    );
    // The near range reaches down to the bottom unless something lies in front of it.
    const foot = index === 1 ? SIZE + 10 : base;
    layers.push(
      `<polygon points="-60,${foot} ${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')} ${SIZE + 60},${foot}" fill="${colour}"${stroke}/>`,
    );
    // Snow caps: the top quarter of each peak.
    if (snowy && scene.style !== 'minimal') {
      let caps = '';
      for (let i = 1; i < points.length - 1; i += 1) {
        const [px, py] = points[i] as [number, number];
        const [lx, ly] = points[i - 1] as [number, number];
        const [rx, ry] = points[i + 1] as [number, number];
        if (py > ly || py > ry || base - py < 200) continue;
        const t = 0.3;
        caps += `M${f(px)} ${f(py)}L${f(px + (rx - px) * t)} ${f(py + (ry - py) * t)}L${f(px + (rx - px) * t * 0.5)} ${f(py + (ry - py) * t * 0.8)}L${f(px)} ${f(py + (base - py) * 0.22)}L${f(px + (lx - px) * t * 0.5)} ${f(py + (ly - py) * t * 0.75)}L${f(px + (lx - px) * t)} ${f(py + (ly - py) * t)}Z`;
      }
      layers.push(
        `<path d="${caps}" fill="${mix('#f4f7fb', colour, context.night ? 0.55 : index === 0 ? 0.35 : 0.1)}"/>`,
      );
    }
  }
  return layers.join('');
}

function hills(context: Context): string {
  const { horizon, random } = context;
  const greens = ['#8cbf5a', '#5f9b45', '#3f7a3a'];
  let out = '';
  const stroke = context.outline ? ` stroke="${context.outline}" stroke-width="5"` : '';
  for (let layer = 0; layer < 3; layer += 1) {
    const base = horizon + 20 + layer * 110;
    let d = `M-20 ${SIZE}L-20 ${f(base - random() * 60)}`;
    for (let x = -20; x < SIZE + 20; x += 260) {
      d += ` Q${f(x + 130)} ${f(base - 80 - random() * 110)} ${f(x + 260)} ${f(base - random() * 50)}`;
    }
    d += ` L${SIZE + 40} ${SIZE}Z`;
    out += `<path d="${d}" fill="${timed(context, greens[layer] as string)}"${stroke}/>`;
  }
  return out;
}

function desert(context: Context): string {
  const { horizon, random } = context;
  let out = '';
  for (let layer = 0; layer < 3; layer += 1) {
    const base = horizon + layer * 120;
    const sand = timed(context, mix('#f0c47a', '#c8793a', layer * 0.3));
    const shade = mix(sand, '#6b3b2a', 0.3);
    const crest = random() * SIZE;
    const height = 90 + random() * 90;
    out += `<path d="M-40 ${SIZE}L-40 ${f(base + 40)}Q${f(crest * 0.6)} ${f(base - height * 0.4)} ${f(crest)} ${f(base - height)}Q${f(crest + (SIZE - crest) * 0.5)} ${f(base - height * 0.2)} ${SIZE + 40} ${f(base + 50)}L${SIZE + 40} ${SIZE}Z" fill="${sand}"/>`;
    out += `<path d="M${f(crest)} ${f(base - height)}Q${f(crest + 80)} ${f(base + 40)} ${f(crest + 30)} ${SIZE}L${SIZE + 40} ${SIZE}L${SIZE + 40} ${f(base + 50)}Q${f(crest + (SIZE - crest) * 0.5)} ${f(base - height * 0.2)} ${f(crest)} ${f(base - height)}Z" fill="${shade}" opacity="0.45"/>`;
  }
  return out;
}

function snowGround(context: Context): string {
  const { horizon, random } = context;
  const whites = ['#dfe8f5', '#eef3fb', '#f8fbff'];
  let out = '';
  for (let layer = 0; layer < 3; layer += 1) {
    const base = horizon + 60 + layer * 100;
    let d = `M-20 ${SIZE}L-20 ${f(base - random() * 30)}`;
    for (let x = -20; x < SIZE + 20; x += 340)
      d += ` Q${f(x + 170)} ${f(base - 40 - random() * 50)} ${f(x + 340)} ${f(base - random() * 25)}`;
    d += ` L${SIZE + 40} ${SIZE}Z`;
    const colour = context.night ? mix(whites[layer] as string, '#27406e', 0.5) : (whites[layer] as string);
    out += `<path d="${d}" fill="${colour}"${context.outline ? ` stroke="${context.outline}" stroke-width="5"` : ''}/>`;
  }
  return out;
}

function water(context: Context, lake: boolean): string {
  const { horizon, random, scene, sky } = context;
  const deep = scene.style === 'vaporwave' ? '#2a0b4a' : timed(context, lake ? '#2f6d8f' : '#1f5f96');
  const surface = scene.style === 'vaporwave' ? '#8a2a9a' : mix(sky.horizon, deep, 0.45);
  context.defs.push(
    `<linearGradient id="water" x1="0" y1="${horizon}" x2="0" y2="${SIZE}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${surface}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
  );
  const parts: string[] = [];
  if (lake) {
    // The lake mirrors everything above its shore.
    context.defs.push(
      `<clipPath id="below"><rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}"/></clipPath>`,
    );
    parts.push(
      `<rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}" fill="url(#water)"/><g clip-path="url(#below)" opacity="0.55"><use href="#backdrop" transform="translate(0 ${2 * horizon}) scale(1 -1)"/></g>`,
    );
  } else {
    parts.push(`<rect y="${horizon}" width="${SIZE}" height="${SIZE - horizon}" fill="url(#water)"/>`);
  }
  if (scene.style === 'vaporwave') {
    let grid = '';
    for (let i = 0; i <= 16; i += 1)
      grid += `M${f(SIZE / 2 + (i - 8) * 20)} ${horizon}L${f(SIZE / 2 + (i - 8) * 260)} ${SIZE}`;
    for (let j = 1; j < 9; j += 1) {
      const y = horizon + (SIZE - horizon) * (j / 8) ** 2;
      grid += `M0 ${f(y)}H${SIZE}`;
    }
    parts.push(`<path d="${grid}" stroke="#ff5fd2" stroke-width="3" fill="none" opacity="0.85"/>`);
    return parts.join('');
  }
  let waves = '';
  const rows = lake ? 7 : scene.style === 'minimal' ? 5 : 16;
  for (let row = 0; row < rows; row += 1) {
    const y = horizon + 14 + (SIZE - horizon) * (row / rows) ** 1.5;
    const length = 16 + row * 7;
    const height = 2 + row * (scene.storm ? 2.2 : 0.9);
    for (let x = random() * 60 - 60; x < SIZE; x += length * (2 + random() * 2.5)) {
      waves += `M${f(x)} ${f(y)}q${f(length / 2)} ${f(-height)} ${f(length)} 0`;
    }
  }
  parts.push(
    `<path d="${waves}" fill="none" stroke="${mix(sky.horizon, '#ffffff', 0.5)}" stroke-width="${scene.style === 'minimal' ? 4 : 3}" stroke-linecap="round" opacity="${lake ? 0.35 : 0.6}"/>`,
  );
  // Whatever walks stands on a shore in front of the water, not on the water itself.
  const main = scene.subjects[0];
  if (
    main &&
    !['ship', 'fish', 'octopus', 'bird', 'dragon', 'lighthouse'].includes(main) &&
    !scene.ground.includes('city')
  ) {
    const edge = horizon + 150 + random() * 40;
    const sand = timed(context, lake ? '#9c8a5a' : '#e6c98a');
    parts.push(
      `<path d="M-20 ${SIZE}L-20 ${f(edge + 60)}Q${f(SIZE * 0.3)} ${f(edge - 30)} ${f(SIZE * 0.6)} ${f(edge + 10)}T${SIZE + 20} ${f(edge + 30)}L${SIZE + 20} ${SIZE}Z" fill="${mix(sand, '#ffffff', 0.25)}"/><path d="M-20 ${SIZE}L-20 ${f(edge + 72)}Q${f(SIZE * 0.3)} ${f(edge - 18)} ${f(SIZE * 0.6)} ${f(edge + 22)}T${SIZE + 20} ${f(edge + 42)}L${SIZE + 20} ${SIZE}Z" fill="${sand}"${context.outline ? ` stroke="${context.outline}" stroke-width="5"` : ''}/>`,
    );
  }
  return parts.join('');
}

function forest(context: Context): string {
  const { horizon, random } = context;
  let out = `<rect y="${horizon + 40}" width="${SIZE}" height="${SIZE - horizon - 40}" fill="${timed(context, '#2d5a3a')}"/>`;
  for (let row = 0; row < 2; row += 1) {
    const colour = timed(context, row === 0 ? '#2f6b4a' : '#1f4d36');
    let d = '';
    for (let x = -30; x < SIZE + 30; x += 34 + random() * 30) {
      const h = (row === 0 ? 120 : 170) + random() * 90;
      const w = h * 0.36;
      const base = horizon + 30 + row * 70 + random() * 20;
      for (let tier = 0; tier < 3; tier += 1) {
        const top = base - h + tier * h * 0.25;
        const bottom = base - h * 0.35 + tier * h * 0.17;
        const half = w * (0.55 + tier * 0.25);
        d += `M${f(x)} ${f(top)}L${f(x + half)} ${f(bottom)}L${f(x - half)} ${f(bottom)}Z`;
      }
      d += `M${f(x - 4)} ${f(base - h * 0.1)}h8v${f(h * 0.12)}h-8Z`;
    }
    out += `<path d="${d}" fill="${colour}"/>`;
  }
  return out;
}

function city(context: Context): string {
  const { horizon, random, scene } = context;
  const neon = scene.light === 'neon' || scene.style === 'vaporwave';
  const litColours = neon ? ['#ff4fd8', '#39e6ff', '#ffd166'] : ['#ffd97a', '#ffe7a8'];
  const lit = context.night || scene.time === 'sunset' || neon;
  let out = '';
  for (let row = 0; row < 2; row += 1) {
    const body =
      row === 0
        ? mix(timed(context, '#6b7a99'), context.sky.horizon, 0.35)
        : timed(context, neon ? '#2a2340' : '#44506a');
    let blocks = '';
    const windows: string[] = litColours.map(() => '');
    let dark = '';
    for (let x = -20; x < SIZE + 20; ) {
      const w = 50 + random() * (row === 0 ? 60 : 90);
      const h = (row === 0 ? 200 : 130) + random() * (row === 0 ? 300 : 260);
      const base = horizon + 60 + row * 60;
      const top = base - h;
      blocks += `M${f(x)} ${f(base)}V${f(top)}H${f(x + w - 6)}V${f(base)}Z`;
      if (random() < 0.3) blocks += `M${f(x + w / 2 - 2)} ${f(top)}v-${f(30 + random() * 40)}h4V${f(top)}Z`;
      if (row === 1 || scene.style !== 'minimal') {
        for (let wy = top + 14; wy < base - 20; wy += 22) {
          for (let wx = x + 8; wx < x + w - 20; wx += 16) {
            const on = random();
            const cell = `M${f(wx)} ${f(wy)}h8v11h-8Z`;
            if (lit && on < 0.55) windows[Math.floor(on * 10) % litColours.length] += cell;
            else if (!lit && on < 0.7) dark += cell;
          }
        }
      }
      x += w;
    }
    out += `<path d="${blocks}" fill="${body}"/>`;
    if (dark) out += `<path d="${dark}" fill="#bcd3ea" opacity="${row === 0 ? 0.25 : 0.45}"/>`;
    windows.forEach((d, index) => {
      if (d) out += `<path d="${d}" fill="${litColours[index]}" opacity="${row === 0 ? 0.7 : 0.95}"/>`;
    });
  }
  if (neon && scene.style !== 'minimal') {
    // A few signs glowing on the near buildings.
    for (let i = 0; i < 5; i += 1) {
      const colour = pick(random, ['#ff3fd0', '#31e1ff', '#ff8a3d', '#b26bff']);
      const x = random() * (SIZE - 60);
      const y = horizon - 40 - random() * 200;
      const vertical = random() < 0.5;
      const [w, h] = vertical ? [26, 90 + random() * 60] : [90 + random() * 60, 26];
      out += `<rect x="${f(x - 8)}" y="${f(y - 8)}" width="${f(w + 16)}" height="${f(h + 16)}" rx="10" fill="${colour}" opacity="0.25"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="6" fill="none" stroke="${colour}" stroke-width="5"/>`;
    }
  }
  // The street in front.
  out += `<rect y="${horizon + 120}" width="${SIZE}" height="${SIZE - horizon - 120}" fill="${timed(context, neon ? '#1d1830' : '#3a3f4d')}"/>`;
  if (scene.weather.includes('rain') || neon) {
    let glints = '';
    for (let i = 0; i < 40; i += 1)
      glints += `M${f(random() * SIZE)} ${f(horizon + 140 + random() * (SIZE - horizon - 150))}h${f(20 + random() * 60)}`;
    out += `<path d="${glints}" stroke="${neon ? '#ff6fe0' : '#ffd97a'}" stroke-width="4" opacity="0.5" stroke-linecap="round"/>`;
  }
  return out;
}

function space(context: Context): string {
  const { random, scene } = context;
  const parts: string[] = [];
  const hues = ['#7c3aed', '#0ea5e9', '#db2777', '#14b8a6', '#f59e0b'];
  if (scene.style !== 'minimal') {
    for (let i = 0; i < 3; i += 1) {
      const id = `neb${i}`;
      const colour = turn(pick(random, hues), scene.hueShift);
      context.defs.push(
        `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
      );
      parts.push(
        `<ellipse cx="${f(random() * SIZE)}" cy="${f(random() * 700)}" rx="${f(250 + random() * 250)}" ry="${f(150 + random() * 180)}" fill="url(#${id})"/>`,
      );
    }
  }
  const planets = 1 + Math.floor(random() * 2);
  for (let i = 0; i < planets; i += 1) {
    const r = i === 0 ? 110 + random() * 90 : 30 + random() * 40;
    const cx = 150 + random() * 720;
    const cy = 130 + random() * 420;
    const colour = turn(
      pick(random, ['#e0a96d', '#6fa8dc', '#c27ba0', '#93c47d', '#e06666']),
      scene.hueShift,
    );
    const id = `planet${i}`;
    context.defs.push(
      `<radialGradient id="${id}" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="${mix(colour, '#ffffff', 0.35)}"/><stop offset="0.7" stop-color="${colour}"/><stop offset="1" stop-color="${mix(colour, '#000000', 0.6)}"/></radialGradient>`,
    );
    const ring = i === 0 && random() < 0.6;
    const ringPath = `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.9)}" ry="${f(r * 0.42)}" fill="none" stroke="${mix(colour, '#ffffff', 0.5)}" stroke-width="${f(r * 0.12)}" opacity="0.8" transform="rotate(-16 ${f(cx)} ${f(cy)})"/>`;
    parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id})"/>${ring ? ringPath : ''}`);
  }
  if (scene.ground.length === 1) {
    // The curve of a world below when nothing else stands on the ground.
    const colour = turn('#3b4f7a', scene.hueShift);
    parts.push(
      `<ellipse cx="512" cy="${SIZE + 520}" rx="900" ry="640" fill="${colour}"/><ellipse cx="512" cy="${SIZE + 520}" rx="900" ry="640" fill="none" stroke="#9fd3ff" stroke-width="6" opacity="0.6"/>`,
    );
  }
  return parts.join('');
}

function interior(context: Context): string {
  const { scene } = context;
  const warm = context.night || scene.light === 'golden' || scene.time === 'sunset';
  const wall = scene.light === 'neon' ? '#2b1f45' : warm ? '#7a5238' : '#e8dccb';
  const floor = scene.light === 'neon' ? '#1a1430' : warm ? '#4a2f22' : '#b88a5e';
  const window = 'M300 150H724V560H300Z';
  let out = `<path d="M0 0H${SIZE}V${SIZE}H0Z${window}" fill="${wall}" fill-rule="evenodd"/>`;
  out += `<path d="${window}M507 150h10v410h-10ZM300 350h424v10H300Z" fill="none" stroke="${mix(wall, '#000000', 0.45)}" stroke-width="16"/><path d="M507 150h10v410h-10ZM300 350h424v10H300Z" fill="${mix(wall, '#000000', 0.45)}"/>`;
  out += `<rect x="270" y="560" width="484" height="26" fill="${mix(wall, '#ffffff', 0.25)}"/>`;
  out += `<rect y="780" width="${SIZE}" height="${SIZE - 780}" fill="${floor}"/>`;
  let boards = '';
  for (let x = -200; x < SIZE + 200; x += 120) boards += `M${x} ${SIZE}L${f(512 + (x - 512) * 0.55)} 780`;
  out += `<path d="${boards}" stroke="${mix(floor, '#000000', 0.3)}" stroke-width="3"/>`;
  if (warm) {
    context.defs.push(
      `<radialGradient id="lamp"><stop offset="0" stop-color="#ffd98a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/></radialGradient>`,
    );
    out += `<circle cx="150" cy="420" r="360" fill="url(#lamp)"/><path d="M120 330h60l-12-60h-36Z" fill="#f2d29a"/><rect x="146" y="330" width="8" height="450" fill="#3a2a20"/>`;
  }
  return out;
}

function pattern(context: Context): string {
  const { random, scene } = context;
  const palette = paletteFor(context, ['#e4572e', '#2e86ab', '#f3a712', '#1b1b1e', '#f5efe0']);
  const [background, a, b, c] = [palette[4], palette[0], palette[1], palette[2]] as string[];
  const tile = 128;
  const motif = pick(random, ['circles', 'waves', 'triangles', 'stars'] as const);
  let shapes = '';
  if (motif === 'circles')
    shapes = `<circle cx="32" cy="32" r="26" fill="${a}"/><path d="M64 96a32 32 0 0 1 64 0Z" fill="${b}"/><rect x="76" y="12" width="40" height="40" fill="${c}"/><path d="M8 120L40 72L72 120Z" fill="${palette[3]}"/>`;
  else if (motif === 'waves') {
    for (const [x, y] of [
      [0, 64],
      [128, 64],
      [64, 128],
      [64, 0],
      [0, 128],
      [128, 128],
    ] as const)
      for (const [r, colour] of [
        [62, a],
        [46, b],
        [30, c],
        [14, a],
      ] as const)
        shapes += `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" stroke="${palette[3]}" stroke-width="3"/>`;
  } else if (motif === 'triangles')
    shapes = `<path d="M0 0L64 0L32 56Z" fill="${a}"/><path d="M64 0L128 0L96 56Z" fill="${b}"/><path d="M32 64L96 64L64 120Z" fill="${c}"/><circle cx="100" cy="100" r="12" fill="${palette[3]}"/><circle cx="20" cy="100" r="8" fill="${b}"/>`;
  else
    shapes = `<path d="M64 8L78 50L122 50L86 76L100 118L64 92L28 118L42 76L6 50L50 50Z" fill="${a}" stroke="${b}" stroke-width="4"/><circle cx="0" cy="0" r="14" fill="${c}"/><circle cx="128" cy="128" r="14" fill="${c}"/><circle cx="0" cy="128" r="14" fill="${c}"/><circle cx="128" cy="0" r="14" fill="${c}"/>`;
  context.defs.push(
    `<pattern id="tiles" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse" patternTransform="rotate(${scene.style === 'isometric' ? 30 : 0})"><rect width="${tile}" height="${tile}" fill="${background}"/>${shapes}</pattern>`,
  );
  return `<rect width="${SIZE}" height="${SIZE}" fill="url(#tiles)"/>`;
}

function fluid(context: Context): string {
  const { random } = context;
  const palette = paletteFor(context, ['#0f4c81', '#2ec4b6', '#ff9f1c', '#e71d36', '#fdfffc']);
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${palette[0]}"/>`;
  for (let i = 0; i < 9; i += 1) {
    const cx = random() * SIZE;
    const cy = random() * SIZE;
    const r = 120 + random() * 260;
    let d = '';
    const points = 7;
    for (let p = 0; p <= points; p += 1) {
      const angle = (p / points) * Math.PI * 2;
      const rr = r * (0.6 + random() * 0.6);
      const x = cx + Math.cos(angle) * rr;
      const y = cy + Math.sin(angle) * rr;
      d +=
        p === 0
          ? `M${f(x)} ${f(y)}`
          : ` S${f(x + Math.sin(angle) * rr * 0.5)} ${f(y - Math.cos(angle) * rr * 0.5)} ${f(x)} ${f(y)}`;
    }
    out += `<path d="${d}Z" fill="${palette[(i % (palette.length - 1)) + 1]}" opacity="0.85"/>`;
  }
  return out;
}

/** The prompt's colour words first, then the defaults, turned by the palette shift. */
function paletteFor(context: Context, defaults: string[]): string[] {
  const named = context.scene.colours.filter((colour, index, all) => all.indexOf(colour) === index);
  return [...named, ...defaults]
    .slice(0, Math.max(defaults.length, Math.min(named.length, 5)))
    .map((c) => turn(c, context.scene.hueShift));
}

const groundLayers: Record<Ground, (context: Context) => string> = {
  space,
  pattern,
  fluid,
  interior,
  mountains,
  desert,
  city,
  forest,
  snow: snowGround,
  // Grassland between a range and the water would show as a sliver: water lies at the foot.
  hills: (context) =>
    context.scene.ground.includes('sea') || context.scene.ground.includes('lake') ? '' : hills(context),
  lake: (context) => (context.scene.ground.includes('sea') ? '' : water(context, true)),
  sea: (context) => water(context, false),
};

// Subjects, drawn in a 100x100 box standing on its bottom edge. `body` is their colour, `detail`
// the lit or contrasting parts (windows, eyes, a lantern).
type SubjectArt = (body: string, detail: string, accent: string) => string;

const subjectArt: Record<Subject, SubjectArt> = {
  cat: (body, detail) =>
    `<path d="M22 92C6 92 4 70 14 60" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/><ellipse cx="42" cy="76" rx="24" ry="22" fill="${body}"/><rect x="22" y="88" width="44" height="12" rx="6" fill="${body}"/><ellipse cx="56" cy="56" rx="13" ry="18" fill="${body}"/><circle cx="60" cy="36" r="15" fill="${body}"/><path d="M47 31L49 12L61 23ZM60 23L73 12L74 33Z" fill="${body}"/><circle cx="55" cy="35" r="2.2" fill="${detail}"/><circle cx="66" cy="35" r="2.2" fill="${detail}"/>`,
  dog: (body, detail) =>
    `<path d="M24 50C14 42 12 32 16 24" fill="none" stroke="${body}" stroke-width="6" stroke-linecap="round"/><rect x="20" y="44" width="58" height="26" rx="13" fill="${body}"/><rect x="24" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="36" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="60" y="58" width="9" height="40" rx="3" fill="${body}"/><rect x="71" y="58" width="9" height="40" rx="3" fill="${body}"/><path d="M66 50L72 30L84 30L80 52Z" fill="${body}"/><circle cx="80" cy="28" r="12" fill="${body}"/><rect x="82" y="25" width="17" height="11" rx="5" fill="${body}"/><ellipse cx="74" cy="27" rx="5" ry="11" fill="${body}" transform="rotate(15 74 27)"/><circle cx="84" cy="24" r="2" fill="${detail}"/><circle cx="98" cy="28" r="2.4" fill="${detail}"/>`,
  rabbit: (body, detail) =>
    `<ellipse cx="44" cy="78" rx="26" ry="20" fill="${body}"/><circle cx="20" cy="76" r="8" fill="${body}"/><circle cx="66" cy="58" r="15" fill="${body}"/><ellipse cx="60" cy="28" rx="6" ry="22" fill="${body}" transform="rotate(-12 60 28)"/><ellipse cx="72" cy="28" rx="6" ry="22" fill="${body}" transform="rotate(10 72 28)"/><ellipse cx="50" cy="96" rx="16" ry="4" fill="${body}"/><circle cx="71" cy="55" r="2.2" fill="${detail}"/>`,
  bird: (body, detail) =>
    `<path d="M50 56C40 38 24 30 3 33C20 40 32 50 42 62ZM50 56C60 38 76 30 97 33C80 40 68 50 58 62Z" fill="${body}"/><ellipse cx="50" cy="62" rx="10" ry="7" fill="${body}"/><circle cx="50" cy="53" r="6" fill="${body}"/><path d="M47 68L50 78L53 68Z" fill="${body}"/><path d="M48 50L50 45L52 50Z" fill="${detail}"/>`,
  fish: (body, detail) =>
    `<path d="M70 50L96 30L92 50L96 70Z" fill="${body}"/><ellipse cx="44" cy="50" rx="32" ry="19" fill="${body}"/><path d="M36 32L50 16L60 33Z" fill="${body}"/><path d="M42 68L52 80L58 66Z" fill="${body}"/><circle cx="25" cy="46" r="3.5" fill="${detail}"/><path d="M58 36Q64 50 58 64" fill="none" stroke="${detail}" stroke-width="2" opacity="0.6"/>`,
  elephant: (body, detail) =>
    `<path d="M14 48q-6 10 -4 22" fill="none" stroke="${body}" stroke-width="3" stroke-linecap="round"/><ellipse cx="44" cy="54" rx="32" ry="23" fill="${body}"/><rect x="18" y="60" width="12" height="38" rx="4" fill="${body}"/><rect x="32" y="62" width="12" height="36" rx="4" fill="${body}"/><rect x="52" y="62" width="12" height="36" rx="4" fill="${body}"/><rect x="64" y="60" width="12" height="38" rx="4" fill="${body}"/><circle cx="78" cy="44" r="16" fill="${body}"/><path d="M90 46C98 58 97 76 92 92" fill="none" stroke="${body}" stroke-width="8" stroke-linecap="round"/><ellipse cx="70" cy="47" rx="11" ry="15" fill="${mix(body, '#000000', 0.18)}"/><path d="M86 58q5 6 11 4" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><circle cx="84" cy="40" r="1.8" fill="#1b1b1b"/>`,
  deer: (body, detail) =>
    `<path d="M76 18L70 3M73 10L65 7M82 18L88 3M85 10L93 7" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><rect x="22" y="44" width="52" height="22" rx="11" fill="${body}"/><rect x="26" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="36" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="62" y="56" width="6" height="42" rx="2" fill="${body}"/><rect x="70" y="56" width="6" height="42" rx="2" fill="${body}"/><path d="M63 52L70 22L81 24L76 54Z" fill="${body}"/><ellipse cx="80" cy="24" rx="10" ry="7" fill="${body}"/><path d="M86 22L96 26L88 30Z" fill="${body}"/><ellipse cx="72" cy="18" rx="3" ry="6" fill="${body}" transform="rotate(-30 72 18)"/><path d="M22 46l-5 -5 6 1Z" fill="${body}"/><circle cx="83" cy="22" r="1.6" fill="#1b1b1b"/>`,
  octopus: (body, detail) =>
    `${[18, 30, 42, 58, 70, 82].map((x, i) => `<path d="M${x < 50 ? x + 12 : x - 12} 58C${x} 72 ${x + (i % 2 ? 10 : -10)} 80 ${x} 96" fill="none" stroke="${body}" stroke-width="7" stroke-linecap="round"/>`).join('')}<path d="M24 62C20 22 80 22 76 62Z" fill="${body}"/><circle cx="40" cy="48" r="5" fill="${detail}"/><circle cx="60" cy="48" r="5" fill="${detail}"/><circle cx="41" cy="49" r="2.2" fill="#1b1b1b"/><circle cx="59" cy="49" r="2.2" fill="#1b1b1b"/>`,
  dragon: (body, detail) =>
    `<path d="M20 80C8 82 2 72 8 64C4 74 12 76 22 72Z" fill="${body}"/><path d="M18 74C30 60 50 58 64 64L72 88L60 90L54 76L40 78L36 92L24 92L26 78Z" fill="${body}"/><path d="M58 62C62 46 66 34 76 26L86 26L94 32L84 34L78 40C74 48 70 58 68 66Z" fill="${body}"/><path d="M76 26L74 16L80 24ZM84 26L86 16L88 27Z" fill="${body}"/><path d="M40 62C34 40 30 26 16 10C34 14 48 24 54 40C58 30 64 22 72 20C62 34 58 48 56 62Z" fill="${body}" opacity="0.92"/><circle cx="83" cy="29" r="1.8" fill="${detail}"/>`,
  tree: (body) =>
    `<rect x="45" y="58" width="10" height="42" rx="2" fill="${mix(body, '#3b2614', 0.7)}"/><circle cx="50" cy="38" r="25" fill="${body}"/><circle cx="31" cy="52" r="16" fill="${body}"/><circle cx="69" cy="52" r="16" fill="${body}"/><circle cx="50" cy="56" r="14" fill="${body}"/>`,
  flower: (body, detail) =>
    `<path d="M50 100C50 80 48 64 50 46" fill="none" stroke="#3f8f4a" stroke-width="4"/><path d="M50 78C40 70 30 72 26 78C36 84 44 82 50 78Z" fill="#3f8f4a"/>${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="50" cy="24" rx="9" ry="15" fill="${body}" transform="rotate(${a} 50 38)"/>`).join('')}<circle cx="50" cy="38" r="8" fill="${detail}"/>`,
  house: (body, detail, accent) =>
    `<rect x="20" y="50" width="60" height="50" fill="${body}"/><rect x="64" y="22" width="9" height="22" fill="${mix(accent, '#000000', 0.2)}"/><path d="M12 54L50 18L88 54Z" fill="${accent}"/><rect x="44" y="72" width="13" height="28" fill="${mix(body, '#000000', 0.45)}"/><rect x="26" y="62" width="13" height="12" fill="${detail}"/><rect x="63" y="62" width="13" height="12" fill="${detail}"/>`,
  castle: (body, detail, accent) =>
    `<rect x="14" y="52" width="72" height="48" fill="${body}"/><path d="M14 52v-6h8v6h8v-6h8v6h8v-6h8v6h8v-6h8v6h8v-6h4v6Z" fill="${body}"/><rect x="6" y="32" width="18" height="68" fill="${body}"/><rect x="76" y="32" width="18" height="68" fill="${body}"/><rect x="38" y="22" width="24" height="34" fill="${body}"/><path d="M4 33L15 10L26 33ZM74 33L85 10L96 33ZM36 23L50 0L64 23Z" fill="${accent}"/><path d="M42 100V84a8 8 0 0 1 16 0V100Z" fill="${mix(body, '#000000', 0.55)}"/><rect x="12" y="44" width="6" height="10" fill="${detail}"/><rect x="82" y="44" width="6" height="10" fill="${detail}"/><rect x="47" y="32" width="6" height="10" fill="${detail}"/>`,
  lighthouse: (body, detail, accent) =>
    `<path d="M40 100L44 34H56L60 100Z" fill="${body}"/><path d="M42.6 62L57.4 62L58.2 74L41.8 74ZM41.2 84L58.8 84L59.4 94L40.6 94ZM43.8 42L56.2 42L56.8 52L43.2 52Z" fill="${accent}"/><rect x="38" y="30" width="24" height="5" fill="${mix(body, '#000000', 0.5)}"/><rect x="43" y="17" width="14" height="13" fill="${detail}"/><path d="M41 18L59 18L50 7Z" fill="${accent}"/>`,
  ship: (body, detail, accent) =>
    `<path d="M6 70L94 70L82 90L18 90Z" fill="${mix(accent, '#2a1a10', 0.4)}"/><rect x="48" y="8" width="3.5" height="62" fill="${mix(accent, '#000000', 0.5)}"/><path d="M52 12L52 64L86 62C80 44 70 26 52 12Z" fill="${body}"/><path d="M47 18L47 64L18 62C24 46 34 30 47 18Z" fill="${body}"/><path d="M51 8L64 12L51 16Z" fill="${detail}"/><circle cx="30" cy="80" r="2.5" fill="${detail}"/><circle cx="50" cy="80" r="2.5" fill="${detail}"/><circle cx="70" cy="80" r="2.5" fill="${detail}"/>`,
  tower: (body, detail, accent) =>
    `<rect x="38" y="30" width="24" height="70" fill="${body}"/><rect x="34" y="26" width="32" height="6" fill="${mix(body, '#000000', 0.3)}"/><path d="M36 27L50 2L64 27Z" fill="${accent}"/><circle cx="50" cy="42" r="7" fill="${detail}"/><path d="M50 42V37M50 42H54" stroke="${mix(body, '#000000', 0.6)}" stroke-width="1.5"/><rect x="46" y="60" width="8" height="12" fill="${detail}"/><path d="M44 100V86a6 6 0 0 1 12 0V100Z" fill="${mix(body, '#000000', 0.5)}"/>`,
  rocket: (body, detail, accent) =>
    `<path d="M42 74L50 99L58 74Z" fill="#ffb23f"/><path d="M45 74L50 90L55 74Z" fill="#fff1b8"/><path d="M38 54L24 78L38 72ZM62 54L76 78L62 72Z" fill="${accent}"/><path d="M50 4C63 18 65 42 62 74L38 74C35 42 37 18 50 4Z" fill="${body}"/><path d="M50 4C56 10 59 16 61 22L39 22C41 16 44 10 50 4Z" fill="${accent}"/><circle cx="50" cy="38" r="7" fill="${detail}" stroke="${mix(body, '#000000', 0.4)}" stroke-width="2"/>`,
  vehicle: (body, detail) =>
    `<path d="M8 84V46Q8 36 18 36H82Q92 36 92 46V84Z" fill="${body}"/><rect x="8" y="68" width="84" height="5" fill="${mix(body, '#000000', 0.25)}"/><path d="M14 42h16v16h-16ZM34 42h16v16h-16ZM54 42h16v16h-16ZM74 42h12v16h-12Z" fill="${detail}"/><circle cx="26" cy="86" r="8" fill="#22242a"/><circle cx="74" cy="86" r="8" fill="#22242a"/><circle cx="26" cy="86" r="3" fill="#9aa0aa"/><circle cx="74" cy="86" r="3" fill="#9aa0aa"/>`,
  person: (body) =>
    `<circle cx="50" cy="17" r="9" fill="${body}"/><path d="M37 30Q50 25 63 30L68 64L59 64L58 98L51.5 98L50 68L48.5 98L42 98L41 64L32 64Z" fill="${body}"/>`,
  cup: (body, detail, accent) =>
    `<ellipse cx="50" cy="94" rx="38" ry="6" fill="${mix(body, '#000000', 0.15)}"/><path d="M72 50a13 13 0 0 1 0 26" fill="none" stroke="${body}" stroke-width="6"/><path d="M22 42L78 42L72 88Q50 96 28 88Z" fill="${body}"/><ellipse cx="50" cy="42" rx="28" ry="6" fill="${accent}"/><path d="M40 30q-6 -8 0 -16q6 -8 0 -14M56 30q-6 -8 0 -16q6 -8 0 -14" fill="none" stroke="${detail}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // A tall glass of a cold drink: ice, a straw, no steam. `body` is the drink.
  glass: (body, detail, accent) =>
    `<ellipse cx="50" cy="95" rx="24" ry="4" fill="#000000" opacity="0.15"/><path d="M33 36L67 36L64 92Q50 97 36 92Z" fill="${body}"/><rect x="39" y="42" width="11" height="11" rx="2" fill="${detail}" opacity="0.75" transform="rotate(12 44 47)"/><rect x="51" y="52" width="10" height="10" rx="2" fill="${detail}" opacity="0.75" transform="rotate(-10 56 57)"/><path d="M57 38L67 4" stroke="${accent}" stroke-width="4" stroke-linecap="round"/><path d="M30 22L70 22L64 94Q50 99 36 94Z" fill="#ffffff" opacity="0.22" stroke="#8c98a4" stroke-width="2"/>`,
  // A stemmed glass of wine or a cocktail. `body` is the drink.
  wineglass: (body, detail) =>
    `<ellipse cx="50" cy="95" rx="22" ry="4" fill="#000000" opacity="0.15"/><path d="M29 34Q31 56 50 58Q69 56 71 34Z" fill="${body}"/><path d="M27 10Q25 56 50 60Q75 56 73 10Z" fill="#ffffff" opacity="0.22" stroke="#8c98a4" stroke-width="2"/><rect x="48" y="60" width="4" height="30" fill="${detail}" opacity="0.85" stroke="#8c98a4" stroke-width="1"/><ellipse cx="50" cy="92" rx="17" ry="4" fill="${detail}" opacity="0.85" stroke="#8c98a4" stroke-width="1.5"/><path d="M33 18Q32 32 36 42" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // A round flask with a cork, the potion glowing in it. `body` is the potion.
  bottle: (body, detail, accent) =>
    `<ellipse cx="50" cy="96" rx="26" ry="4" fill="#000000" opacity="0.15"/><path d="M25.5 66A25 25 0 0 0 74.5 66Z" fill="${body}"/><circle cx="50" cy="68" r="26" fill="#ffffff" opacity="0.2" stroke="#8c98a4" stroke-width="2"/><rect x="42" y="22" width="16" height="22" fill="#ffffff" opacity="0.25" stroke="#8c98a4" stroke-width="2"/><rect x="40" y="12" width="20" height="11" rx="2" fill="${accent}"/><circle cx="42" cy="76" r="3" fill="${detail}" opacity="0.8"/><circle cx="56" cy="82" r="2.2" fill="${detail}" opacity="0.8"/><circle cx="50" cy="72" r="1.6" fill="${detail}" opacity="0.8"/><path d="M36 58Q40 50 46 48" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`,
  // Ice cream on a waffle cone. `body` is the scoops.
  icecream: (body, detail, accent) =>
    `<path d="M33 50L67 50L50 98Z" fill="${accent}"/><path d="M38 58L58 78M44 52L62 70M36 66L54 84M62 58L42 78M56 52L38 70M64 66L46 84" stroke="${mix(accent, '#000000', 0.25)}" stroke-width="1.5"/><circle cx="50" cy="26" r="14" fill="${mix(body, '#ffffff', 0.35)}"/><circle cx="50" cy="44" r="18" fill="${body}"/><path d="M36 50Q38 60 41 52Q44 62 47 53Q50 60 53 53Q57 61 60 52Q62 58 64 50Z" fill="${body}"/><circle cx="44" cy="38" r="1.8" fill="${detail}"/><circle cx="56" cy="42" r="1.8" fill="#2f9e57"/><circle cx="50" cy="22" r="1.8" fill="#d6343a"/>`,
  // A round pie in its tin, a lattice over the top. `body` is the crust.
  pie: (body, detail, accent) =>
    `<ellipse cx="50" cy="94" rx="44" ry="5" fill="#000000" opacity="0.15"/><path d="M8 70L92 70L85 90Q50 96 15 90Z" fill="${accent}"/><path d="M10 72Q50 40 90 72Z" fill="${body}"/><path d="M26 60L40 72M38 53L56 72M52 50L72 72M66 53L80 66M74 60L60 72M62 53L44 72M48 50L28 72M36 53L20 66" stroke="${detail}" stroke-width="3" stroke-linecap="round"/><path d="M10 72Q50 76 90 72" fill="none" stroke="${detail}" stroke-width="4" stroke-linecap="round"/><path d="M44 38q-5 -7 0 -13q5 -7 0 -12M58 38q-5 -7 0 -13q5 -7 0 -12" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`,
  cake: (body, detail, accent) =>
    `<ellipse cx="50" cy="95" rx="44" ry="6" fill="#f4f4f6"/><rect x="16" y="52" width="68" height="42" rx="5" fill="${body}"/><rect x="16" y="70" width="68" height="6" fill="${accent}"/><path d="M16 56Q16 46 50 46Q84 46 84 56L84 60Q78 66 74 60Q68 68 62 60Q56 68 50 60Q44 68 38 60Q32 68 26 60Q20 66 16 60Z" fill="${detail}"/><circle cx="50" cy="40" r="7" fill="#d6343a"/><path d="M50 33q3 -6 8 -8" fill="none" stroke="#3f8f4a" stroke-width="2"/>`,
};

const subjectColours: Record<Subject, [string, string, string]> = {
  cat: ['#e0893c', '#1d2a1d', '#e0893c'],
  dog: ['#b5804f', '#1c1410', '#b5804f'],
  rabbit: ['#f1ede6', '#3a2a2a', '#f1ede6'],
  bird: ['#34425a', '#f2b233', '#34425a'],
  fish: ['#f28c28', '#1b1b1b', '#f28c28'],
  elephant: ['#8d8f96', '#f4efe2', '#8d8f96'],
  deer: ['#a8744a', '#e9dcc5', '#a8744a'],
  octopus: ['#b0445a', '#f6e7c8', '#b0445a'],
  dragon: ['#6b4fc9', '#ffd34d', '#6b4fc9'],
  tree: ['#3f8f4a', '#3f8f4a', '#3f8f4a'],
  flower: ['#f06a8a', '#f6c744', '#f06a8a'],
  house: ['#e3cfa8', '#ffd97a', '#a8483a'],
  castle: ['#d8d0c2', '#ffd97a', '#3d5a9e'],
  lighthouse: ['#f4f1ea', '#ffe27a', '#c8363b'],
  ship: ['#f3efe4', '#ffd97a', '#8a5a34'],
  tower: ['#c9b48f', '#f7f1dc', '#5b6b8c'],
  rocket: ['#e8ebf1', '#7fd3ff', '#d6343a'],
  vehicle: ['#f2c230', '#cfe6f5', '#f2c230'],
  person: ['#2f3a4a', '#2f3a4a', '#2f3a4a'],
  cup: ['#f4efe6', '#ffffff', '#6b3e26'],
  glass: ['#f4d35e', '#ffffff', '#e2474b'],
  wineglass: ['#7b1630', '#ffffff', '#ffffff'],
  bottle: ['#8a4fd8', '#ffffff', '#a0734a'],
  cake: ['#f3d5b5', '#fff6f0', '#e86a8a'],
  pie: ['#d9a35b', '#a8692f', '#9aa0aa'],
  icecream: ['#f6b5c8', '#ffffff', '#d9a35b'],
};

/** Where a subject goes: its box's top-left corner and size, from what it is and the ground. */
function placement(
  context: Context,
  subject: Subject,
  main: boolean,
): { x: number; y: number; size: number } {
  const { horizon, random, scene } = context;
  const water = scene.ground.includes('sea') || scene.ground.includes('lake');
  const indoors = scene.ground.includes('interior');
  let size = main ? 380 : 200;
  let centre = main ? 512 + (random() - 0.5) * 260 : context.subjectX < 512 ? 780 : 240;
  let bottom = indoors ? 900 : horizon + (main ? 230 : 170);
  if (subject === 'bird' || subject === 'dragon') {
    bottom = main ? 600 : 330;
    size = main ? 560 : 200;
  } else if (subject === 'octopus' && water) {
    bottom = SIZE - 10;
    size = main ? 460 : 240;
  } else if (subject === 'fish' && water) {
    bottom = Math.min(SIZE - 20, horizon + (main ? 320 : 220));
  } else if (subject === 'fish') {
    bottom = horizon;
  } else if (subject === 'ship' && water) {
    bottom = horizon + (main ? 150 : 60);
    size = main ? 360 : 170;
  } else if (subject === 'rocket' && scene.ground.includes('space')) {
    bottom = 560 + random() * 120;
  } else if (subject === 'lighthouse' || subject === 'tower' || subject === 'castle') {
    size = main ? 460 : 260;
    bottom = horizon + (water ? 130 : 150);
    if (water && subject === 'lighthouse') centre = context.subjectX < 512 && !main ? 800 : 300;
  } else if (subject === 'house' || subject === 'tree') {
    size = main ? 360 : 220;
  } else if (indoors && (foodAndDrink.has(subject) || subject === 'flower')) {
    size = main ? 420 : 220;
    bottom = main ? 960 : 900;
  }
  if (scene.ground.includes('pattern') || scene.ground.includes('fluid')) {
    size = main ? 420 : 0;
    bottom = 760;
    centre = 512;
  }
  if (main) context.subjectX = centre;
  return { x: centre - size / 2, y: bottom - size, size };
}

function subjectLayer(context: Context, subject: Subject, main: boolean): string {
  const { scene } = context;
  const { x, y, size } = placement(context, subject, main);
  if (size === 0) return '';
  const [defaultBody, defaultDetail, defaultAccent] = subjectColours[subject];
  const named = scene.subjectColours[main ? 0 : 1] ?? undefined;
  let body = named ?? defaultBody;
  let accent =
    named && (subject === 'lighthouse' || subject === 'house' || subject === 'castle')
      ? named
      : subject === 'cup'
        ? (scene.drink ?? defaultAccent)
        : defaultAccent;
  if (
    named &&
    (subject === 'lighthouse' || subject === 'house' || subject === 'castle' || subject === 'ship')
  )
    body = defaultBody;
  let detail = defaultDetail;
  if (context.backlit && scene.style !== 'line') {
    body = mix(body, '#0b0d1a', 0.62);
    accent = mix(accent, '#0b0d1a', 0.65);
    if (!['house', 'castle', 'lighthouse', 'tower', 'ship', 'rocket', 'vehicle'].includes(subject))
      detail = mix(detail, '#0b0d1a', 0.6);
  }
  const parts: string[] = [];
  const scale = size / 100;
  // Ground under what stands: a cliff under a lighthouse by the sea, a shadow under the rest.
  if (subject === 'lighthouse' && scene.ground.includes('sea')) {
    const rock = timed(context, '#5a5148');
    // A cliff of rock stepping down to the water on both sides.
    const top = y + size * 0.97;
    const cliff = [
      [x - size * 0.45, SIZE],
      [x - size * 0.3, top + size * 0.25],
      [x - size * 0.05, top + size * 0.14],
      [x + size * 0.1, top + size * 0.02],
      [x + size * 0.35, top - size * 0.02],
      [x + size * 0.75, top],
      [x + size * 0.95, top + size * 0.1],
      [x + size * 1.15, top + size * 0.22],
      [x + size * 1.4, SIZE],
    ];
    parts.push(
      `<polygon points="${cliff.map(([px, py]) => `${f(px as number)},${f(py as number)}`).join(' ')}" fill="${rock}"${context.outline ? ` stroke="${context.outline}" stroke-width="5" stroke-linejoin="round"` : ''}/><polygon points="${f(x + size * 0.35)},${f(top)} ${f(x + size * 0.75)},${f(top)} ${f(x + size * 0.95)},${f(top + size * 0.1)} ${f(x + size * 0.6)},${f(top + size * 0.3)}" fill="#000000" opacity="0.18"/>`,
    );
    if (context.night || scene.storm) {
      const lx = x + size * 0.5;
      const ly = y + size * 0.235;
      parts.push(
        `<path d="M${f(lx)} ${f(ly)}L${f(lx < 512 ? SIZE + 100 : -100)} ${f(ly - 160)}L${f(lx < 512 ? SIZE + 100 : -100)} ${f(ly + 80)}Z" fill="#fff3b0" opacity="0.28"/>`,
      );
    }
  } else if (
    !['bird', 'dragon', 'fish', 'octopus'].includes(subject) &&
    !(subject === 'rocket' && scene.ground.includes('space')) &&
    !(subject === 'ship' && scene.ground.includes('sea'))
  ) {
    parts.push(
      `<ellipse cx="${f(x + size / 2)}" cy="${f(y + size * 0.985)}" rx="${f(size * 0.42)}" ry="${f(size * 0.04)}" fill="#000000" opacity="0.22"/>`,
    );
  }
  let art: string;
  if (subject === 'person' && scene.portrait && main) {
    const skin = mix(
      pick(context.random, ['#f1c7a5', '#d9a47a', '#a86f4c', '#6e4630']),
      '#0b0d1a',
      context.backlit ? 0.6 : 0,
    );
    const hair = accent === body ? mix(body, '#000000', 0.45) : accent;
    const long = scene.seed % 2 === 0;
    const dark = mix(skin, '#000000', 0.6);
    art = `${long ? `<path d="M26 40C24 16 38 8 50 8C62 8 76 16 74 40L78 78L22 78Z" fill="${hair}"/>` : ''}<path d="M8 100C10 76 28 66 50 66C72 66 90 76 92 100Z" fill="${body}"/><rect x="43" y="50" width="14" height="20" fill="${mix(skin, '#000000', 0.15)}"/><ellipse cx="50" cy="36" rx="17" ry="21" fill="${skin}"/><path d="M32 36C30 14 44 9 52 10C64 11 72 20 68 36C63 25 56 21 46 23C40 25 35 29 32 36Z" fill="${hair}"/><circle cx="43.5" cy="38" r="1.7" fill="${dark}"/><circle cx="56.5" cy="38" r="1.7" fill="${dark}"/><path d="M45.5 47.5Q50 50.5 54.5 47.5" fill="none" stroke="${dark}" stroke-width="1.2" stroke-linecap="round"/>`;
    const scaleP = 6.4;
    return outlined(
      context,
      `translate(${f(512 - 50 * scaleP)} ${f(SIZE - 100 * scaleP)}) scale(${scaleP})`,
      art,
      0.9,
    );
  }
  art = subjectArt[subject](body, detail, accent);
  parts.push(outlined(context, `translate(${f(x)} ${f(y)}) scale(${f(scale)})`, art, 2.4));
  return parts.join('');
}

/**
 * A subject's drawing placed by `transform`; in anime style it gets a dark outline (a stroked copy
 * underneath), and a 3D render gets its highlight.
 */
function outlined(context: Context, transform: string, art: string, width: number): string {
  const id = `subject${context.defs.length}`;
  if (context.outline) {
    context.defs.push(`<g id="${id}">${art}</g>`);
    return `<g transform="${transform}"><use href="#${id}" stroke="${context.outline}" stroke-width="${width}" stroke-linejoin="round"/><use href="#${id}"/></g>`;
  }
  if (context.scene.style === 'render3d') {
    // Soft studio light: a highlight and a shade laid over the shape, clipped to it.
    context.defs.push(`<g id="${id}">${art}</g>`, `<clipPath id="${id}clip"><use href="#${id}"/></clipPath>`);
    return `<g transform="${transform}"><use href="#${id}"/><rect width="100" height="100" fill="url(#shine)" clip-path="url(#${id}clip)"/></g>`;
  }
  return `<g transform="${transform}">${art}</g>`;
}

/** Fog (`'fog'`, drawn behind the subjects, which stand in front of it) or rain and snow (`'falling'`). */
function weatherLayer(context: Context, part: 'fog' | 'falling'): string {
  const { scene, random, horizon } = context;
  const parts: string[] = [];
  if (part === 'fog' && scene.weather.includes('fog')) {
    context.defs.push(
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8edf3" stop-opacity="0"/><stop offset="0.5" stop-color="#e8edf3" stop-opacity="0.75"/><stop offset="1" stop-color="#e8edf3" stop-opacity="0"/></linearGradient>`,
    );
    for (let band = 0; band < 3; band += 1) {
      const y = horizon - 160 + band * 130 + random() * 40;
      parts.push(
        `<rect x="-50" y="${f(y)}" width="${SIZE + 100}" height="${f(140 + random() * 80)}" fill="url(#fog)" opacity="${context.night ? 0.45 : 0.8}"/>`,
      );
    }
    parts.push(
      `<rect width="${SIZE}" height="${SIZE}" fill="#dfe6ee" opacity="${context.night ? 0.08 : 0.18}"/>`,
    );
  }
  if (part === 'falling' && scene.weather.includes('rain')) {
    let d = '';
    for (let i = 0; i < 380; i += 1) {
      const x = random() * (SIZE + 200) - 100;
      const y = random() * SIZE;
      const length = 18 + random() * 26;
      d += `M${f(x)} ${f(y)}l${f(-length * 0.25)} ${f(length)}`;
    }
    parts.push(
      `<rect width="${SIZE}" height="${SIZE}" fill="#4a5a70" opacity="0.12"/><path d="${d}" stroke="#d6e2f2" stroke-width="2" opacity="0.55" stroke-linecap="round"/>`,
    );
  }
  if (part === 'falling' && scene.weather.includes('snow')) {
    let d = '';
    for (let i = 0; i < 260; i += 1) d += circlePath(random() * SIZE, random() * SIZE, 1.5 + random() * 4.5);
    parts.push(`<path d="${d}" fill="#ffffff" opacity="0.9"/>`);
  }
  return parts.join('');
}

function lightLayer(context: Context): string {
  const { scene } = context;
  if (scene.light === 'golden' && scene.time !== 'night') {
    context.defs.push(
      `<linearGradient id="golden" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ffb347" stop-opacity="0.28"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0.08"/></linearGradient>`,
    );
    return `<rect width="${SIZE}" height="${SIZE}" fill="url(#golden)"/>`;
  }
  if (scene.light === 'moonlight')
    return `<rect width="${SIZE}" height="${SIZE}" fill="#7f9de0" opacity="0.1"/>`;
  if (scene.light === 'neon') {
    context.defs.push(
      `<linearGradient id="neonwash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff3fd0" stop-opacity="0.16"/><stop offset="1" stop-color="#31e1ff" stop-opacity="0.16"/></linearGradient>`,
    );
    return `<rect width="${SIZE}" height="${SIZE}" fill="url(#neonwash)"/>`;
  }
  return '';
}

function styleFilters(context: Context): { filter: string; overlay: string } {
  const { scene } = context;
  switch (scene.style) {
    case 'cinematic':
      return {
        filter: '',
        overlay: `<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/><rect width="${SIZE}" height="${SIZE}" fill="#0e5a6b" opacity="0.1"/><rect width="${SIZE}" height="112" fill="#000000"/><rect y="${SIZE - 112}" width="${SIZE}" height="112" fill="#000000"/>`,
      };
    case 'photo':
    case 'render3d':
    case null:
      return { filter: '', overlay: `<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/>` };
    default:
      return { filter: '', overlay: '' };
  }
}

function isometricBlock(context: Context): string {
  const { scene } = context;
  const top =
    scene.ground.includes('sea') || scene.ground.includes('lake')
      ? '#3b8fc9'
      : scene.ground.includes('desert')
        ? '#e8bd75'
        : scene.ground.includes('snow')
          ? '#eef3fb'
          : scene.ground.includes('city')
            ? '#8d96a8'
            : '#79b85a';
  const side = '#8a5a3a';
  return `<path d="M512 470L890 688L512 906L134 688Z" fill="${timed(context, top)}"/><path d="M134 688L512 906L512 990L134 772Z" fill="${timed(context, side)}"/><path d="M890 688L512 906L512 990L890 772Z" fill="${timed(context, mix(side, '#000000', 0.3))}"/>${
    scene.ground.includes('city')
      ? [0, 1, 2, 3]
          .map((i) => {
            const cx = 330 + (i % 2) * 170 + Math.floor(i / 2) * 190;
            const cy = 640 + (i % 2) * 90 - Math.floor(i / 2) * 10;
            const h = 120 + ((scene.seed >> i) % 5) * 40;
            return `<path d="M${cx} ${cy - h}L${cx + 60} ${cy - h + 35}L${cx} ${cy - h + 70}L${cx - 60} ${cy - h + 35}Z" fill="#c9cfdb"/><path d="M${cx - 60} ${cy - h + 35}L${cx} ${cy - h + 70}L${cx} ${cy + 70}L${cx - 60} ${cy + 35}Z" fill="#8d96a8"/><path d="M${cx + 60} ${cy - h + 35}L${cx} ${cy - h + 70}L${cx} ${cy + 70}L${cx + 60} ${cy + 35}Z" fill="#6b7486"/>`;
          })
          .join('')
      : ''
  }`;
}

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
