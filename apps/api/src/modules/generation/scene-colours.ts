// The drawing's colours and chance: hex colours mixed and turned, palettes, and the seeded random.
import type { Context } from './scene-canvas';

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export function hex([r, g, b]: Rgb): string {
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
export function turn(colour: string, degrees: number): string {
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

export function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** A darker, colder version of a ground colour for the time of day. */
export function timed(context: Context, colour: string): string {
  const { time } = context.scene;
  if (time === 'night') return mix(colour, '#0b1226', 0.72);
  if (time === 'sunset') return mix(colour, '#5a2b4f', 0.35);
  if (time === 'dawn') return mix(colour, '#7b6c9a', 0.25);
  return colour;
}

/** The prompt's colour words first, then the defaults, turned by the palette shift. */
export function paletteFor(context: Context, defaults: string[]): string[] {
  const named = context.scene.colours.filter((colour, index, all) => all.indexOf(colour) === index);
  return [...named, ...defaults]
    .slice(0, Math.max(defaults.length, Math.min(named.length, 5)))
    .map((c) => turn(c, context.scene.hueShift));
}
