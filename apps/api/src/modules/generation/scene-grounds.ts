// Draws the city, space, a room, a pattern and a pour, the isometric block, and picks each ground's layer.
import { type Context, f, SIZE } from './scene-canvas';
import { mix, paletteFor, pick, timed, turn } from './scene-colours';
import { desert, forest, hills, mountains, snowGround, water } from './scene-landscapes';
import type { Ground } from './scene-words';

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

export const groundLayers: Record<Ground, (context: Context) => string> = {
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

export function isometricBlock(context: Context): string {
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
