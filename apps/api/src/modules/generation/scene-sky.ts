// Draws the sky: its colours, the stars, the northern lights, the sun or the moon, clouds and a storm.
import type { Scene } from './scene';
import { type Context, circlePath, f, SIZE, type Sky } from './scene-canvas';
import { mix } from './scene-colours';

export const skies: Record<Scene['time'], Sky> = {
  dawn: { top: '#2c3566', middle: '#c67d95', horizon: '#fbd0a0', sun: '#fff3cf' },
  day: { top: '#2f6db5', middle: '#6cb0e4', horizon: '#d4ecf8', sun: '#fff9dc' },
  sunset: { top: '#2b1b4b', middle: '#cc4868', horizon: '#f7a64b', sun: '#ffd77e' },
  night: { top: '#050817', middle: '#0f1a3d', horizon: '#2a4272', sun: '#f4f1de' },
};

export function skyLayer(context: Context): string {
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
