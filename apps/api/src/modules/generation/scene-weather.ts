// Draws what lies over the whole scene: fog, rain and snow, the light's wash and the style's overlay.
import { type Context, circlePath, f, SIZE } from './scene-canvas';

/** Fog (`'fog'`, drawn behind the subjects, which stand in front of it) or rain and snow (`'falling'`). */
export function weatherLayer(context: Context, part: 'fog' | 'falling'): string {
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

export function lightLayer(context: Context): string {
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

export function styleFilters(context: Context): { filter: string; overlay: string } {
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
