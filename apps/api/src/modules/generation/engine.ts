import sharp from 'sharp';
import { z } from 'zod';
import { renderDemoImage } from './local-engine';

/** Draws a 1024x1024 picture for a prompt. Throws when it cannot; honours the abort signal. */
export type ImageEngine = {
  name: string;
  generate(prompt: string, signal: AbortSignal): Promise<Buffer>;
};

/** The demo engine: deterministic, local, and labelled as a demo in the picture itself. */
export function localEngine(): ImageEngine {
  return {
    name: 'local',
    async generate(prompt, signal) {
      signal.throwIfAborted();
      const image = await renderDemoImage(prompt);
      signal.throwIfAborted();
      return image;
    },
  };
}

const generationsAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1).optional(), url: z.string().optional() })).min(1),
});

/**
 * Any OpenAI-compatible `/v1/images/generations` endpoint (OpenAI, a local server, a proxy):
 * one 1024x1024 image as base64, checked to be a picture before it is used.
 */
export function openAiEngine(options: { url: string; apiKey: string; model: string }): ImageEngine {
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/images/generations`;
  return {
    name: 'openai',
    async generate(prompt, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          prompt,
          n: 1,
          size: '1024x1024',
          response_format: 'b64_json',
        }),
      });
      if (!response.ok) throw new Error(`the image service answered ${response.status}`);
      const parsed = generationsAnswer.safeParse(await response.json());
      const encoded = parsed.success ? parsed.data.data[0]?.b64_json : undefined;
      if (!encoded) throw new Error('the image service sent no image');
      const image = Buffer.from(encoded, 'base64');
      const meta = await sharp(image)
        .metadata()
        .catch(() => null);
      if (!meta?.format || !meta.width)
        throw new Error('the image service sent something that is not an image');
      return image;
    },
  };
}
