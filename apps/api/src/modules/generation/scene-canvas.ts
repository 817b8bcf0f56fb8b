// The canvas every layer of a scene draws on: its size, the numbers of a path, and what the layers share.
import type { Scene } from './scene';

export const SIZE = 1024;

export const f = (n: number) => n.toFixed(1).replace(/\.0$/, '');
export const circlePath = (x: number, y: number, r: number) =>
  `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;

export type Sky = { top: string; middle: string; horizon: string; sun: string };

/** Everything the layers share while one picture is drawn. */
export type Context = {
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
