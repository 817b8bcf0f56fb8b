import { parseScene } from './scene';
import { renderScene } from './scene-render';

/**
 * The demo image engine: reads the prompt into a scene (sky, ground, weather, light, style and
 * a subject it knows, see scene.ts) and draws it as a 1024x1024 PNG (scene-render.ts), labelled
 * as the demo engine's in its corner (unless `label` is false). Same prompt, same picture.
 */
export async function renderDemoImage(prompt: string, options: { label?: boolean } = {}): Promise<Buffer> {
  return renderScene(parseScene(prompt), options);
}
