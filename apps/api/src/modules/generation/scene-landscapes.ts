// Draws the natural grounds: mountains, hills, desert, snow, the sea or a lake, and a forest.
import { type Context, f, SIZE } from './scene-canvas';
import { mix, timed } from './scene-colours';

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

export function mountains(context: Context): string {
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

export function hills(context: Context): string {
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

export function desert(context: Context): string {
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

export function snowGround(context: Context): string {
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

export function water(context: Context, lake: boolean): string {
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

export function forest(context: Context): string {
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
