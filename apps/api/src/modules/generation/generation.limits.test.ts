import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { throttles } from '../throttle/throttle.tables';
import { ledgerProblems } from '../wallet/wallet.invariants';
import { creditDeposit, walletBalance } from '../wallet/wallet.service';
import { generations } from './generation.tables';

// The limits of one user's generations: how long a title and a prompt may be, and how many
// pictures a minute. The pictures come from a local server speaking OpenAI's images API, which
// answers at once, so that only the shop's own rules are timed.

let app: TestApp;
let imageApi: Server;
let depositId = 8_500_000;

beforeAll(async () => {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const answer = JSON.stringify({ created: 1, data: [{ b64_json: picture.toString('base64') }] });
  imageApi = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => imageApi.listen(0, '127.0.0.1', resolve));
  const { port } = imageApi.address() as AddressInfo;
  app = await createTestApp({
    IMAGE_API_URL: `http://127.0.0.1:${port}`,
    IMAGE_API_KEY: 'image-key-123',
    IMAGE_MODEL: 'test-model',
  });
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => imageApi?.close(resolve));
});
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** A verified user with `amount` minor units of credit. */
async function funded(amount: number) {
  const { session, profile } = await registerVerifiedUser(app);
  depositId += 1;
  await creditDeposit(app.db, { userId: profile.id, provider: 'sandbox', depositId, amount });
  return { session, userId: profile.id };
}

const body = { title: 'Harbour at dawn', prompt: 'a quiet harbour at dawn, pastel light', size: '512x512' };

function generate(session: BrowserSession, fields: Record<string, unknown> = {}) {
  return call(app, session, 'POST', '/api/purchase/generate-image', { ...body, ...fields });
}

async function generationsOf(userId: string) {
  return (await app.db.select().from(generations).where(eq(generations.userId, userId))).length;
}

describe('the length of what a generation is asked for', () => {
  it('takes a title of 100 characters and a prompt of 2,000, and refuses one more of either, charging nothing', async () => {
    const { session, userId } = await funded(500);
    const title = `${'Harbour at dawn '.repeat(7).slice(0, 99)}.`;
    const prompt = `${'a quiet harbour at dawn, pastel light, '.repeat(52).slice(0, 1999)}.`;
    expect([title.length, prompt.length]).toEqual([100, 2000]);
    // Spaces around the text are not counted: the title and prompt are trimmed first.
    const longest = await generate(session, { title: `  ${title}  `, prompt: ` ${prompt}\n` });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(await walletBalance(app.db, userId)).toBe(400);

    const tooLong = await generate(session, { title: `${title}!`, prompt: `${prompt}!` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      title: ['This field is too long.'],
      prompt: ['This field is too long.'],
    });
    const titleOnly = await generate(session, { title: `${title}!` });
    expect(titleOnly.statusCode).toBe(422);
    expect(titleOnly.json().errors).toEqual({ title: ['This field is too long.'] });
    const promptOnly = await generate(session, { prompt: `${prompt}!` });
    expect(promptOnly.statusCode).toBe(422);
    expect(promptOnly.json().errors).toEqual({ prompt: ['This field is too long.'] });

    expect(await walletBalance(app.db, userId)).toBe(400);
    expect(await generationsOf(userId)).toBe(1);
  });
});

describe('how many generations a user asks for', () => {
  it('draws 10 pictures a minute for a user; the 11th is 429 and charges nothing, and the next minute draws again', async () => {
    const { session, userId } = await funded(2_000);
    const started = performance.now();
    for (let picture = 0; picture < 10; picture++) {
      const drawn = await generate(session, { title: `Harbour ${picture}` });
      expect(drawn.statusCode, drawn.body).toBe(200);
    }
    const refused = await generate(session, { title: 'Harbour 11' });
    const elapsedSeconds = (performance.now() - started) / 1000;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' });
    // The wait is what is left of the minute that began with the first picture.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(60 - elapsedSeconds));
    expect(await walletBalance(app.db, userId)).toBe(1_000);
    expect(await generationsOf(userId)).toBe(10);

    // Another user is not held back.
    const other = await funded(500);
    expect((await generate(other.session)).statusCode).toBe(200);

    // Once the minute is over, the first user draws again.
    await app.db
      .update(throttles)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(throttles.key, `generate:user:${userId}`));
    expect((await generate(session, { title: 'Harbour 12' })).statusCode).toBe(200);
    expect(await walletBalance(app.db, userId)).toBe(900);
  });
});
