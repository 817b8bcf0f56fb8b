import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { testDatabaseKind } from '../../test/database';
import { GENERATED_LICENCE_TEXT } from '../orders/orders.licence';
import { forgetSiteCache } from '../site/site.service';
import { settings } from '../site/site.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { generations } from './generation.tables';

/** A local server that answers like OpenAI's `/v1/images/generations`, in the way each test asks. */
let mode: 'ok' | 'error' | 'hang' | 'garbage' | 'redirect' = 'ok';
const received: { authorization?: string; body: Record<string, unknown> }[] = [];
const hanging: ServerResponse[] = [];
let imageApi: ReturnType<typeof createServer>;
// Another service on the same network, which the engine must never be led to: it answers anything.
const internalRequests: { url?: string; authorization?: string }[] = [];
let internalApi: ReturnType<typeof createServer>;
let internalUrl = '';

async function answer(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  received.push({
    authorization: request.headers.authorization,
    body: JSON.parse(Buffer.concat(chunks).toString()),
  });
  if (request.url !== '/v1/images/generations') return void response.writeHead(404).end();
  if (mode === 'hang') return void hanging.push(response);
  if (mode === 'redirect') return void response.writeHead(302, { location: `${internalUrl}/steal` }).end();
  if (mode === 'error') {
    response.writeHead(500, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ error: { message: 'The server had an error' } }));
  }
  const b64 =
    mode === 'garbage'
      ? Buffer.from('not an image at all').toString('base64')
      : (
          await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#884422' } })
            .png()
            .toBuffer()
        ).toString('base64');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ created: 1, data: [{ b64_json: b64 }] }));
}

let app: TestApp;
let depositId = 8_000_000;

beforeAll(async () => {
  imageApi = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => imageApi.listen(0, '127.0.0.1', resolve));
  internalApi = createServer((request, response) => {
    internalRequests.push({ url: request.url, authorization: request.headers.authorization });
    void sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#000000' } })
      .png()
      .toBuffer()
      .then((image) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ created: 1, data: [{ b64_json: image.toString('base64') }] }));
      });
  });
  await new Promise<void>((resolve) => internalApi.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internalApi.address() as AddressInfo).port}`;
  const { port } = imageApi.address() as AddressInfo;
  app = await createTestApp({
    IMAGE_API_URL: `http://127.0.0.1:${port}`,
    IMAGE_API_KEY: 'image-key-123',
    IMAGE_MODEL: 'test-model',
    IMAGE_TIMEOUT_SECONDS: '1',
  });
});
afterAll(async () => {
  await app?.close();
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => imageApi?.close(resolve));
  await new Promise((resolve) => internalApi?.close(resolve));
});
afterEach(async () => {
  mode = 'ok';
  expect(await ledgerProblems(app.db)).toEqual([]);
});

async function funded(amount: number) {
  const { session, profile } = await registerVerifiedUser(app);
  depositId += 1;
  if (amount > 0) await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId, amount });
  return { session, userId: profile.id };
}

const body = {
  title: 'Harbour at dawn',
  prompt: 'a quiet harbour at dawn, pastel light',
  format: 'webp',
  size: '512x512',
};

describe('POST /purchase/generate-image with an OpenAI-compatible engine', () => {
  it('charges the cost, asks the engine, and answers the image as a zip', async () => {
    const { session, userId } = await funded(500);
    const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('harbour-at-dawn-512x512.zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const meta = await sharp(Buffer.from(files['harbour-at-dawn-512x512.webp'] as Uint8Array)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    expect(strFromU8(files['prompt.txt'] as Uint8Array).trim()).toBe(body.prompt);
    expect(received.at(-1)).toEqual({
      authorization: 'Bearer image-key-123',
      body: {
        model: 'test-model',
        prompt: body.prompt,
        n: 1,
        size: '1024x1024',
        response_format: 'b64_json',
      },
    });
    // image_generation_cost_eur is 1.00 by default.
    expect(await walletBalance(app.db, userId)).toBe(400);
    const [row] = await app.db.select().from(generations).where(eq(generations.userId, userId));
    expect(row).toMatchObject({
      status: 'done',
      engine: 'openai',
      cost: 100,
      format: 'webp',
      size: '512x512',
    });
  });

  it.each([
    ['answers an error', 'error'],
    ['takes longer than the timeout', 'hang'],
    ['sends something that is not an image', 'garbage'],
    ['redirects to another address, which is never asked', 'redirect'],
  ] as const)('refunds in full when the engine %s', async (_case, failure) => {
    const { session, userId } = await funded(500);
    mode = failure;
    const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'The image could not be generated. The cost has been refunded to your balance.',
      code: 'INTERNAL',
    });
    expect(await walletBalance(app.db, userId)).toBe(500);
    const [row] = await app.db.select().from(generations).where(eq(generations.userId, userId));
    expect(row?.status).toBe('failed');
    const history = await call(app, session, 'GET', '/api/purchase/generations');
    expect(history.json().payload).toEqual([]);
    expect(internalRequests).toEqual([]);
  });

  it('says a failure in the language of the request', async () => {
    const { session } = await funded(500);
    mode = 'error';
    const response = await call(app, session, 'POST', '/api/purchase/generate-image', body, {
      'frontend-language': 'de',
    });
    expect(response.json()).toEqual({
      message: 'Das Bild konnte nicht erzeugt werden. Die Kosten wurden deinem Guthaben erstattet.',
      code: 'INTERNAL',
    });
  });

  it('refuses without enough money and charges nothing', async () => {
    const { session, userId } = await funded(50);
    const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'Insufficient funds: you need 0.50 credits more.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 0.5,
    });
    expect(await walletBalance(app.db, userId)).toBe(50);
  });

  it('refuses without enough money in the language of the request', async () => {
    const { session } = await funded(50);
    const response = await call(app, session, 'POST', '/api/purchase/generate-image', body, {
      'frontend-language': 'de',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'Guthaben reicht nicht aus: Es fehlt ein Betrag von 0,50 Credits.',
      code: 'INSUFFICIENT_FUNDS',
      missing: 0.5,
    });
  });

  it('checks the title, the prompt, the format and the size', async () => {
    const { session } = await funded(500);
    const empty = await call(app, session, 'POST', '/api/purchase/generate-image', {
      title: '',
      prompt: 'x',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      title: ['Please enter a title.'],
      prompt: ['Please describe the image in at least 3 characters.'],
    });
    const size = await call(app, session, 'POST', '/api/purchase/generate-image', { ...body, size: '9x9' });
    expect(size.statusCode).toBe(422);
  });
});

describe('generations kept for their owner', () => {
  it('lists a finished generation, shows its picture, and downloads it again', async () => {
    const { session } = await funded(500);
    const made = await call(app, session, 'POST', '/api/purchase/generate-image', body);
    const id = Number(made.headers['x-generation-id']);
    expect(id).toBeGreaterThan(0);

    const history = await call(app, session, 'GET', '/api/purchase/generations');
    expect(history.json().payload).toEqual([
      {
        id,
        title: body.title,
        prompt: body.prompt,
        format: 'webp',
        size: '512x512',
        price: 1,
        currency: 'Credits',
        created_at: expect.any(String),
        image: `/api/purchase/generations/${id}/image`,
      },
    ]);

    const picture = await call(app, session, 'GET', `/api/purchase/generations/${id}/image`);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const again = await call(app, session, 'GET', `/api/purchase/generations/${id}/download`);
    expect(again.headers['content-type']).toBe('application/zip');
    expect(again.headers['content-disposition']).toContain('harbour-at-dawn-512x512.zip');
    const files = unzipSync(new Uint8Array(again.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['LICENSE.txt', 'harbour-at-dawn-512x512.webp', 'prompt.txt']);
    // The picture is the user's own creation: its licence is the one for generated images, not a purchase's.
    const licence = strFromU8(files['LICENSE.txt']!);
    expect(licence).toBe(GENERATED_LICENCE_TEXT);
    expect(licence).not.toContain('You bought');
    expect(strFromU8(files['prompt.txt']!)).toBe(`${body.prompt}\n`);

    // Downloaded from a German page: the German translation beside the English text, which binds.
    const german = await call(app, session, 'GET', `/api/purchase/generations/${id}/download`, undefined, {
      'frontend-language': 'de',
    });
    const germanFiles = unzipSync(new Uint8Array(german.rawPayload));
    expect(Object.keys(germanFiles).sort()).toEqual([
      'LICENSE.de.txt',
      'LICENSE.txt',
      'harbour-at-dawn-512x512.webp',
      'prompt.txt',
    ]);
    expect(strFromU8(germanFiles['LICENSE.de.txt']!)).toContain('Es gehört\ndir');
    expect(strFromU8(germanFiles['LICENSE.de.txt']!)).toContain('gilt der englische Text');
    expect(strFromU8(germanFiles['LICENSE.txt']!)).toBe(GENERATED_LICENCE_TEXT);
  });

  it("answers 404 for another user's generation and for ids that do not exist", async () => {
    const owner = await funded(500);
    const made = await call(app, owner.session, 'POST', '/api/purchase/generate-image', body);
    const id = made.headers['x-generation-id'];
    const stranger = await funded(0);
    for (const path of [
      `/api/purchase/generations/${id}/image`,
      `/api/purchase/generations/${id}/download`,
    ]) {
      expect((await call(app, stranger.session, 'GET', path)).statusCode).toBe(404);
    }
    expect((await call(app, stranger.session, 'GET', '/api/purchase/generations')).json().payload).toEqual(
      [],
    );
    expect((await call(app, owner.session, 'GET', '/api/purchase/generations/999999/image')).statusCode).toBe(
      404,
    );
    expect((await call(app, owner.session, 'GET', '/api/purchase/generations/abc/image')).statusCode).toBe(
      422,
    );
  });
});

/** Runs `test` with these settings (JSON values), and the defaults restored after. */
async function withSettings(values: Record<string, unknown>, test: () => Promise<void>) {
  const set = async (key: string, value: unknown) => {
    await app.db
      .update(settings)
      .set({ value: JSON.stringify(value) })
      .where(eq(settings.key, key));
  };
  const before = await app.db.select().from(settings);
  for (const [key, value] of Object.entries(values)) await set(key, value);
  forgetSiteCache(app.db);
  try {
    await test();
  } finally {
    for (const row of before) {
      if (row.key in values) {
        await app.db.update(settings).set({ value: row.value }).where(eq(settings.key, row.key));
      }
    }
    forgetSiteCache(app.db);
  }
}

describe('the price of a generation', () => {
  it('charges 0.01 EUR at 2.00 EUR a credit as 0.01 credits, never as nothing', async () => {
    const { session, userId } = await funded(500);
    await withSettings({ internal_currency_rate_eur: '2.00', image_generation_cost_cents: 1 }, async () => {
      const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
      expect(response.statusCode).toBe(200);
    });
    expect(await walletBalance(app.db, userId)).toBe(499);
    const [row] = await app.db.select().from(generations).where(eq(generations.userId, userId));
    expect(row?.cost).toBe(1);
  });

  it('rounds the charge up to the next cent of a credit', async () => {
    const { session, userId } = await funded(500);
    await withSettings({ internal_currency_rate_eur: '3', image_generation_cost_cents: 100 }, async () => {
      const response = await call(app, session, 'POST', '/api/purchase/generate-image', body);
      expect(response.statusCode).toBe(200);
    });
    expect(await walletBalance(app.db, userId)).toBe(500 - 34);
  });
});

describe('the Idempotency-Key of a generation', () => {
  it('answers the same picture again for a retry with the key, drawn and charged once', async () => {
    const { session, userId } = await funded(500);
    const key = { 'idempotency-key': `draw-${userId}` };
    const drawnBefore = received.length;
    const first = await call(app, session, 'POST', '/api/purchase/generate-image', body, key);
    expect(first.statusCode).toBe(200);
    const retry = await call(app, session, 'POST', '/api/purchase/generate-image', { ...body }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['content-type']).toBe('application/zip');
    expect(retry.headers['x-generation-id']).toBe(first.headers['x-generation-id']);
    const [firstFiles, retryFiles] = [first, retry].map((answer) =>
      unzipSync(new Uint8Array(answer.rawPayload)),
    );
    expect(Buffer.from(retryFiles?.['harbour-at-dawn-512x512.webp'] as Uint8Array)).toEqual(
      Buffer.from(firstFiles?.['harbour-at-dawn-512x512.webp'] as Uint8Array),
    );
    expect(received.length - drawnBefore).toBe(1);
    expect(await walletBalance(app.db, userId)).toBe(400);
    expect(await app.db.select().from(generations).where(eq(generations.userId, userId))).toHaveLength(1);
  });

  it('refuses the key with another prompt with 409, and draws and charges nothing for it', async () => {
    const { session, userId } = await funded(500);
    const key = { 'idempotency-key': `draw-other-${userId}` };
    await call(app, session, 'POST', '/api/purchase/generate-image', body, key);
    const drawnBefore = received.length;
    const other = await call(
      app,
      session,
      'POST',
      '/api/purchase/generate-image',
      { ...body, prompt: 'a storm over the same harbour' },
      { ...key, 'frontend-language': 'fr' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'Cette demande a déjà été faite avec d’autres informations.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(received.length).toBe(drawnBefore);
    expect(await walletBalance(app.db, userId)).toBe(400);
  });

  it('answers a failed generation retried with its key with the same refunded failure, not a second drawing', async () => {
    const { session, userId } = await funded(500);
    const key = { 'idempotency-key': `draw-failed-${userId}` };
    mode = 'error';
    const first = await call(app, session, 'POST', '/api/purchase/generate-image', body, key);
    expect(first.statusCode).toBe(500);
    mode = 'ok';
    const drawnBefore = received.length;
    const retry = await call(app, session, 'POST', '/api/purchase/generate-image', body, key);
    expect(retry.statusCode).toBe(500);
    expect(retry.json().message).toBe(
      'The image could not be generated. The cost has been refunded to your balance.',
    );
    expect(received.length).toBe(drawnBefore);
    expect(await walletBalance(app.db, userId)).toBe(500);
  });

  it("never answers one user's request with another user's picture", async () => {
    const first = await funded(500);
    const second = await funded(500);
    const key = { 'idempotency-key': 'a-key-two-users-chose' };
    const mine = await call(app, first.session, 'POST', '/api/purchase/generate-image', body, key);
    const theirs = await call(app, second.session, 'POST', '/api/purchase/generate-image', body, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['x-generation-id']).not.toBe(mine.headers['x-generation-id']);
    expect(await walletBalance(app.db, second.userId)).toBe(400);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('generations under concurrency (PostgreSQL)', () => {
  it('draws and charges once for the same keyed request sent three times at once', async () => {
    const { session, userId } = await funded(500);
    const key = { 'idempotency-key': `draw-race-${userId}` };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call(app, session, 'POST', '/api/purchase/generate-image', body, key)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const busy of answers.filter((answer) => answer.statusCode === 409)) {
      expect(busy.json()).toEqual({
        message: 'This request is still being answered. Try again in a moment.',
        code: 'CONFLICT',
      });
    }
    expect(await walletBalance(app.db, userId)).toBe(400);
    expect(await app.db.select().from(generations).where(eq(generations.userId, userId))).toHaveLength(1);
  });
});
