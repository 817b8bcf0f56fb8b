import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { renderDemoImage } from './local-engine';

/** Draws a 1024x1024 picture for a prompt. Throws when it cannot; honours the abort signal. */
export type ImageEngine = {
  name: string;
  generate(prompt: string, signal: AbortSignal): Promise<Buffer>;
};

/**
 * One request to the configured image service. Redirects are never followed: IMAGE_API_URL names the one
 * host the shop talks to, and a 3xx (to an internal address, say) would otherwise send the prompt and the
 * key there. Throws when the URL has left the service's origin, on a redirect and on any answer but 2xx.
 */
async function serviceRequest(origin: string, url: URL, init: RequestInit): Promise<Response> {
  if (url.origin !== origin) throw new Error(`the image service's answer points outside ${origin}`);
  const response = await fetch(url, { ...init, redirect: 'manual' });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new Error(`the image service answered a redirect (${response.status}), which is not followed`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the image service answered ${response.status}`);
  }
  return response;
}

/** The URL of `path` under the service's base URL (which may hold a path of its own, behind a proxy). */
function serviceUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

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
  const endpoint = serviceUrl(options.url, '/v1/images/generations');
  return {
    name: 'openai',
    async generate(prompt, signal) {
      const response = await serviceRequest(endpoint.origin, endpoint, {
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
      const parsed = generationsAnswer.safeParse(await response.json());
      const encoded = parsed.success ? parsed.data.data[0]?.b64_json : undefined;
      if (!encoded) throw new Error('the image service sent no image');
      return checkedImage(Buffer.from(encoded, 'base64'));
    },
  };
}

/** The bytes, once sharp has read them as a picture; throws otherwise. */
async function checkedImage(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !meta.width) throw new Error('the image service sent something that is not an image');
  return image;
}

/** `Basic …` for a `user:password` key (the web UI's --api-auth), `Bearer …` for any other. */
function authorization(apiKey: string | null): Record<string, string> {
  if (!apiKey) return {};
  return {
    authorization: apiKey.includes(':')
      ? `Basic ${Buffer.from(apiKey).toString('base64')}`
      : `Bearer ${apiKey}`,
  };
}

const txt2imgAnswer = z.object({ images: z.array(z.string().min(1)).min(1) });

/**
 * The AUTOMATIC1111 or Forge web UI API (started with --api): `/sdapi/v1/txt2img` draws with the
 * model loaded in the web UI and answers base64 images in `images`.
 */
export function automatic1111Engine(options: { url: string; apiKey: string | null }): ImageEngine {
  const endpoint = serviceUrl(options.url, '/sdapi/v1/txt2img');
  return {
    name: 'automatic1111',
    async generate(prompt, signal) {
      const response = await serviceRequest(endpoint.origin, endpoint, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', ...authorization(options.apiKey) },
        body: JSON.stringify({
          prompt,
          negative_prompt: '',
          width: 1024,
          height: 1024,
          steps: 25,
          batch_size: 1,
        }),
      });
      const parsed = txt2imgAnswer.safeParse(await response.json());
      if (!parsed.success) throw new Error('the image service sent no image');
      // Some builds send a data URL rather than bare base64.
      const encoded = (parsed.data.images[0] as string).replace(/^data:[^,]*,/, '');
      return checkedImage(Buffer.from(encoded, 'base64'));
    },
  };
}

/** The marker in a ComfyUI workflow's texts that the prompt replaces. */
export const PROMPT_MARKER = '%prompt%';

/**
 * A plain text-to-image workflow in ComfyUI's API format: the checkpoint named `model`, 1024x1024,
 * 20 steps, saved as a PNG.
 */
export function defaultComfyWorkflow(model: string): Record<string, unknown> {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: model } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 1024, height: 1024, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: PROMPT_MARKER, clip: ['4', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['4', 1] } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: 0,
        steps: 20,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['4', 0],
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'promptmarket', images: ['8', 0] } },
  };
}

/** The workflow with the prompt put wherever a text holds the marker (as data, never as JSON text). */
export function fillWorkflow(workflow: unknown, prompt: string): unknown {
  if (typeof workflow === 'string') return workflow.split(PROMPT_MARKER).join(prompt);
  if (Array.isArray(workflow)) return workflow.map((item) => fillWorkflow(item, prompt));
  if (workflow && typeof workflow === 'object')
    return Object.fromEntries(
      Object.entries(workflow).map(([key, value]) => [key, fillWorkflow(value, prompt)]),
    );
  return workflow;
}

// ComfyUI's prompt ids are UUIDs: nothing that could climb out of `/history/` once in the path.
const queuedAnswer = z.object({ prompt_id: z.string().regex(/^[\w-]+$/) });
const historyEntry = z.object({
  status: z.object({ status_str: z.string().optional(), completed: z.boolean().optional() }).optional(),
  outputs: z
    .record(
      z.string(),
      z.object({
        images: z
          .array(
            z.object({
              filename: z.string(),
              subfolder: z.string().default(''),
              type: z.string().default('output'),
            }),
          )
          .optional(),
      }),
    )
    .default({}),
});

/** One file or folder name: no separator, no `.` or `..`, no drive or scheme. */
const plainName = /^(?!\.\.?$)[^/\\:\0]+$/;

/**
 * Whether a history's image names a file in ComfyUI's own folders. `/view` joins the subfolder and the
 * file name to its folder, so a `../` or an absolute path in them would read another file of that machine.
 */
function isServiceFile(image: { filename: string; subfolder: string; type: string }): boolean {
  return (
    plainName.test(image.filename) &&
    (image.subfolder === '' || image.subfolder.split('/').every((part) => plainName.test(part))) &&
    ['output', 'temp', 'input'].includes(image.type)
  );
}

/**
 * ComfyUI: the workflow with the prompt filled in is queued at `/prompt`, `/history/{id}` is
 * polled until it finished (or failed), and its first image is fetched from `/view`. Throws when
 * the history names a file outside ComfyUI's folders.
 */
export function comfyUiEngine(options: {
  url: string;
  apiKey: string | null;
  workflow: () => Promise<unknown>;
  pollMs?: number;
}): ImageEngine {
  const base = options.url;
  const { origin } = serviceUrl(base, '/');
  const headers = authorization(options.apiKey);
  return {
    name: 'comfyui',
    async generate(prompt, signal) {
      const workflow = fillWorkflow(await options.workflow(), prompt);
      const queued = await serviceRequest(origin, serviceUrl(base, '/prompt'), {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ prompt: workflow, client_id: randomUUID() }),
      });
      const parsed = queuedAnswer.safeParse(await queued.json());
      if (!parsed.success) throw new Error('the image service queued nothing');
      const id = parsed.data.prompt_id;
      for (;;) {
        const polled = await serviceRequest(origin, serviceUrl(base, `/history/${id}`), { signal, headers });
        const history = (await polled.json()) as Record<string, unknown>;
        const entry = history[id] === undefined ? null : historyEntry.safeParse(history[id]);
        if (entry && !entry.success) throw new Error('the image service sent an unreadable history');
        if (entry?.data.status?.status_str === 'error') throw new Error('the workflow failed');
        const image = entry
          ? Object.values(entry.data.outputs).flatMap((output) => output.images ?? [])[0]
          : undefined;
        if (image) {
          if (!isServiceFile(image))
            throw new Error('the image service named a file outside its own folders');
          const view = serviceUrl(base, '/view');
          view.search = new URLSearchParams({
            filename: image.filename,
            subfolder: image.subfolder,
            type: image.type,
          }).toString();
          const viewed = await serviceRequest(origin, view, { signal, headers });
          return checkedImage(Buffer.from(await viewed.arrayBuffer()));
        }
        if (entry?.data.status?.completed) throw new Error('the workflow finished without an image');
        await sleep(options.pollMs ?? 500, undefined, { signal });
      }
    },
  };
}

/** The engine the configuration names: the demo engine without IMAGE_API_URL. */
export function engineFromConfig(images: {
  engine: 'local' | 'openai' | 'automatic1111' | 'comfyui';
  url: string | null;
  apiKey: string | null;
  model: string;
  workflow: string | null;
}): ImageEngine {
  const { url } = images;
  if (!url || images.engine === 'local') return localEngine();
  if (images.engine === 'automatic1111') return automatic1111Engine({ url, apiKey: images.apiKey });
  if (images.engine === 'comfyui') {
    const file = images.workflow;
    return comfyUiEngine({
      url,
      apiKey: images.apiKey,
      // Read at each generation, so an edited workflow applies without a restart.
      workflow: async () =>
        file ? JSON.parse(await readFile(file, 'utf8')) : defaultComfyWorkflow(images.model),
    });
  }
  return openAiEngine({ url, apiKey: images.apiKey ?? '', model: images.model });
}
