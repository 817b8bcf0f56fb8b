import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { engineFromConfig, fillWorkflow, PROMPT_MARKER } from './engine';
import { generations } from './generation.tables';

// Local servers that speak the AUTOMATIC1111 / Forge web UI API and ComfyUI's API, answering in
// the way each test asks.

type Mode =
  | 'ok'
  | 'error'
  | 'garbage'
  | 'empty'
  | 'hang'
  | 'failed-workflow'
  | 'missing-file'
  | 'redirect'
  | 'redirect-view'
  | 'hostile-file';
// A history answer's image in 'hostile-file' mode: a ComfyUI that serves whatever `/view` names.
let hostileImage = { filename: '', subfolder: '' };
// Another service on the same network, which an engine must never be led to: it answers anything.
const internalRequests: string[] = [];
let internalUrl = '';
let mode: Mode = 'ok';
let comfyPendingPolls = 0;
const requests: { url: string; method: string; authorization?: string; body: unknown }[] = [];
const hanging: ServerResponse[] = [];

const picture = () =>
  sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : null;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function automatic1111(request: IncomingMessage, response: ServerResponse) {
  const body = await readBody(request);
  requests.push({
    url: request.url ?? '',
    method: request.method ?? '',
    authorization: request.headers.authorization,
    body,
  });
  if (request.url !== '/sdapi/v1/txt2img' || request.method !== 'POST')
    return json(response, 404, { detail: 'Not Found' });
  if (mode === 'hang') return void hanging.push(response);
  if (mode === 'redirect') return redirect(response);
  if (mode === 'error') return json(response, 500, { error: 'OutOfMemoryError' });
  if (mode === 'empty') return json(response, 200, { images: [], parameters: {}, info: '{}' });
  const image = mode === 'garbage' ? Buffer.from('no picture here') : await picture();
  json(response, 200, { images: [image.toString('base64')], parameters: {}, info: '{}' });
}

function redirect(response: ServerResponse) {
  response.writeHead(302, { location: `${internalUrl}/steal` });
  response.end();
}

async function internal(request: IncomingMessage, response: ServerResponse) {
  internalRequests.push(`${request.method} ${request.url}`);
  const image = (await picture()).toString('base64');
  json(response, 200, { prompt_id: PROMPT_ID, images: [image], data: [{ b64_json: image }] });
}

const PROMPT_ID = '4f1c2a9e-prompt';

async function comfyUi(request: IncomingMessage, response: ServerResponse) {
  const body = await readBody(request);
  const url = new URL(request.url ?? '/', 'http://comfy');
  requests.push({
    url: request.url ?? '',
    method: request.method ?? '',
    authorization: request.headers.authorization,
    body,
  });
  if (url.pathname === '/prompt' && request.method === 'POST') {
    if (mode === 'redirect') return redirect(response);
    if (mode === 'error') return json(response, 400, { error: { type: 'prompt_outputs_failed_validation' } });
    return json(response, 200, { prompt_id: PROMPT_ID, number: 1, node_errors: {} });
  }
  if (url.pathname === `/history/${PROMPT_ID}`) {
    if (mode === 'hang' || comfyPendingPolls > 0) {
      comfyPendingPolls -= 1;
      return json(response, 200, {});
    }
    if (mode === 'failed-workflow')
      return json(response, 200, {
        [PROMPT_ID]: { outputs: {}, status: { status_str: 'error', completed: false, messages: [] } },
      });
    const image =
      mode === 'hostile-file'
        ? { ...hostileImage, type: 'output' }
        : { filename: 'promptmarket_00001_.png', subfolder: '', type: 'output' };
    return json(response, 200, {
      [PROMPT_ID]: {
        outputs: { '9': { images: [image] } },
        status: { status_str: 'success', completed: true, messages: [] },
      },
    });
  }
  if (url.pathname === '/view') {
    if (mode === 'redirect-view') return redirect(response);
    if (mode === 'hostile-file') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return void response.end(await picture());
    }
    if (mode === 'missing-file' || url.searchParams.get('filename') !== 'promptmarket_00001_.png')
      return void response.writeHead(404).end();
    const image = mode === 'garbage' ? Buffer.from('no picture here') : await picture();
    response.writeHead(200, { 'content-type': 'image/png' });
    return void response.end(image);
  }
  response.writeHead(404).end();
}

const servers = [
  createServer((q, r) => void automatic1111(q, r)),
  createServer((q, r) => void comfyUi(q, r)),
  createServer((q, r) => void internal(q, r)),
];
let a1111: TestApp;
let comfy: TestApp;
let comfyUrl = '';
let depositId = 9_100_000;

beforeAll(async () => {
  const [a1111Port, comfyPort, internalPort] = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
        ),
    ),
  );
  comfyUrl = `http://127.0.0.1:${comfyPort}`;
  internalUrl = `http://127.0.0.1:${internalPort}`;
  a1111 = await createTestApp({
    IMAGE_API_URL: `http://127.0.0.1:${a1111Port}`,
    IMAGE_API_KIND: 'automatic1111',
    IMAGE_API_KEY: 'painter:secret',
    IMAGE_TIMEOUT_SECONDS: '1',
  });
  comfy = await createTestApp({
    IMAGE_API_URL: comfyUrl,
    IMAGE_API_KIND: 'comfyui',
    IMAGE_MODEL: 'sd_xl_base_1.0.safetensors',
    IMAGE_TIMEOUT_SECONDS: '1',
  });
});
afterAll(async () => {
  await Promise.all([a1111?.close(), comfy?.close()]);
  for (const response of hanging) response.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});
afterEach(async () => {
  mode = 'ok';
  comfyPendingPolls = 0;
  requests.length = 0;
  internalRequests.length = 0;
  for (const app of [a1111, comfy]) expect(await ledgerProblems(app.db)).toEqual([]);
});

async function funded(app: TestApp, amount: number) {
  const { session, profile } = await registerVerifiedUser(app);
  depositId += 1;
  await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId, amount });
  return { session, userId: profile.id };
}

const body = {
  title: 'Fox in the snow',
  prompt: 'a red fox in fresh "snow", watercolor',
  format: 'png',
  size: '512x512',
};

async function generatesAndCharges(app: TestApp, engine: string) {
  const { session, userId } = await funded(app, 500);
  const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
  expect(response.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const meta = await sharp(Buffer.from(files['fox-in-the-snow-512x512.png'] as Uint8Array)).metadata();
  expect([meta.format, meta.width]).toEqual(['png', 512]);
  expect(await walletBalance(app.db, userId)).toBe(400);
  const [row] = await app.db.select().from(generations).where(eq(generations.userId, userId));
  expect(row).toMatchObject({ status: 'done', engine, cost: 100 });
}

async function refundsOnFailure(app: TestApp) {
  const { session, userId } = await funded(app, 500);
  const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({
    message: 'The image could not be generated. The cost has been refunded to your balance.',
    code: 'INTERNAL',
  });
  expect(await walletBalance(app.db, userId)).toBe(500);
  const [row] = await app.db.select().from(generations).where(eq(generations.userId, userId));
  expect(row?.status).toBe('failed');
}

describe('generation with the AUTOMATIC1111 / Forge web UI API', () => {
  it('asks /sdapi/v1/txt2img for a 1024x1024 picture of the prompt, with the basic auth of the key', async () => {
    await generatesAndCharges(a1111, 'automatic1111');
    expect(requests).toEqual([
      {
        url: '/sdapi/v1/txt2img',
        method: 'POST',
        authorization: `Basic ${Buffer.from('painter:secret').toString('base64')}`,
        body: expect.objectContaining({ prompt: body.prompt, width: 1024, height: 1024 }),
      },
    ]);
  });

  it.each(['error', 'garbage', 'empty', 'hang'] as const)(
    'refunds in full when the web UI answers %s',
    async (failure) => {
      mode = failure;
      await refundsOnFailure(a1111);
    },
  );

  it('refuses a redirect to another address: refunded, the other address never asked', async () => {
    mode = 'redirect';
    await refundsOnFailure(a1111);
    expect(requests).toHaveLength(1);
    expect(internalRequests).toEqual([]);
  });
});

describe('generation with ComfyUI', () => {
  it('queues the workflow with the prompt filled in, reads its history and fetches the image', async () => {
    await generatesAndCharges(comfy, 'comfyui');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /prompt',
      `GET /history/${PROMPT_ID}`,
      'GET /view?filename=promptmarket_00001_.png&subfolder=&type=output',
    ]);
    const queued = requests[0]?.body as { prompt: Record<string, { inputs: Record<string, unknown> }> };
    expect(queued.prompt['6']?.inputs.text).toBe(body.prompt);
    expect(queued.prompt['4']?.inputs.ckpt_name).toBe('sd_xl_base_1.0.safetensors');
    expect(JSON.stringify(queued)).not.toContain(PROMPT_MARKER);
  });

  it.each([
    ['refuses the workflow', 'error'],
    ['reports the workflow failed', 'failed-workflow'],
    ['has no file to view', 'missing-file'],
    ['sends something that is not an image', 'garbage'],
    ['never finishes', 'hang'],
  ] as const)('refunds in full when ComfyUI %s', async (_case, failure) => {
    mode = failure;
    await refundsOnFailure(comfy);
  });

  it.each([
    ['queueing the workflow', 'redirect', ['POST /prompt']],
    ['fetching the image', 'redirect-view', ['POST /prompt', `GET /history/${PROMPT_ID}`, 'GET /view']],
  ] as const)(
    'refuses a redirect to another address when %s: refunded, the other address never asked',
    async (_case, redirecting, asked) => {
      mode = redirecting;
      await refundsOnFailure(comfy);
      expect(requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual(asked);
      expect(internalRequests).toEqual([]);
    },
  );

  it.each([
    ['a file name that climbs out', '../../../etc/shadow', ''],
    ['a subfolder that climbs out', 'promptmarket_00001_.png', 'promptmarket/../../..'],
    ['an absolute path', '/etc/shadow', ''],
    ['a Windows path', 'C:\\Windows\\win.ini', ''],
    ['an absolute subfolder', 'shadow', '/etc'],
    ['a URL of another address', 'http://127.0.0.1:1/secret.png', ''],
  ])(
    'refuses a history naming %s: refunded, nothing fetched from /view',
    async (_case, filename, subfolder) => {
      mode = 'hostile-file';
      hostileImage = { filename, subfolder };
      await refundsOnFailure(comfy);
      expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
        'POST /prompt',
        `GET /history/${PROMPT_ID}`,
      ]);
      expect(internalRequests).toEqual([]);
    },
  );

  it('says why it gave up, for the log', async () => {
    const engine = engineFromConfig({
      engine: 'comfyui',
      url: comfyUrl,
      apiKey: null,
      model: 'unused',
      workflow: null,
    });
    mode = 'redirect-view';
    await expect(engine.generate('a fox', AbortSignal.timeout(5000))).rejects.toThrow(
      'the image service answered a redirect (302), which is not followed',
    );
    mode = 'hostile-file';
    hostileImage = { filename: '../promptmarket_00001_.png', subfolder: '' };
    await expect(engine.generate('a fox', AbortSignal.timeout(5000))).rejects.toThrow(
      'the image service named a file outside its own folders',
    );
    expect(internalRequests).toEqual([]);
  });

  it('fetches an image from a subfolder of its own', async () => {
    mode = 'hostile-file';
    hostileImage = { filename: 'fox_00001_.png', subfolder: 'promptmarket/2026' };
    await generatesAndCharges(comfy, 'comfyui');
    expect(requests.at(-1)?.url).toBe(
      '/view?filename=fox_00001_.png&subfolder=promptmarket%2F2026&type=output',
    );
  });

  it('polls until the workflow is done, with a workflow of its own from a file', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'comfy-')), 'workflow.json');
    writeFileSync(
      file,
      JSON.stringify({
        '6': { class_type: 'CLIPTextEncode', inputs: { text: `masterpiece, ${PROMPT_MARKER}, 4k` } },
      }),
    );
    // Chosen by the configuration, as the server does.
    const engine = engineFromConfig({
      engine: 'comfyui',
      url: comfyUrl,
      apiKey: null,
      model: 'unused',
      workflow: file,
    });
    comfyPendingPolls = 2;
    const image = await engine.generate('a "quoted" cat', AbortSignal.timeout(5000));
    expect((await sharp(image).metadata()).width).toBe(1024);
    expect(requests.filter((request) => request.url.startsWith('/history/'))).toHaveLength(3);
    expect(requests[0]?.body).toEqual({
      client_id: expect.any(String),
      prompt: {
        '6': { class_type: 'CLIPTextEncode', inputs: { text: 'masterpiece, a "quoted" cat, 4k' } },
      },
    });
  });

  it('fills the prompt into every text that holds the marker, as data', () => {
    expect(
      fillWorkflow({ a: { text: PROMPT_MARKER, list: [`x ${PROMPT_MARKER}`, 3, null] }, b: true }, '"}{'),
    ).toEqual({ a: { text: '"}{', list: ['x "}{', 3, null] }, b: true });
  });
});
