import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createCatalogue } from '../../test/catalogue';
import { postMultipart } from '../../test/multipart';
import { type OfferShelf, offerShelf } from '../../test/offers';

// An SVG offered for sale is refused or cleaned without holding up anyone else's request
// (decision 0045): the file is checked by plain searches and cleaned in a worker thread.

const MB = 1024 * 1024;
let app: TestApp;
let shelf: OfferShelf;

beforeAll(async () => {
  app = await createTestApp();
  await createCatalogue(app.db, []);
  shelf = await offerShelf(app.db);
});
afterAll(() => app?.close());

function offerSvg(session: BrowserSession, svg: Buffer) {
  return postMultipart(app, session, '/api/offer/create', [
    { name: 'title', value: 'Lines' },
    { name: 'category_id', value: String(shelf.categoryId) },
    { name: 'style_ids[]', value: String(shelf.styleId) },
    { name: 'price', value: '40' },
    { name: 'prompt', value: 'A glass forest at dawn, volumetric light' },
    { name: 'confirm', value: '1' },
    { name: 'media', filename: 'lines.svg', type: 'image/svg+xml', data: svg },
  ]);
}

/**
 * Waits for `work` while asking `GET /api/ping` again and again, each ask sent 5 ms after the one
 * before was answered: how long `work` took, and the longest a ping waited for its answer (or, if
 * the event loop was held between two, for its turn to be sent).
 */
async function pingedDuring<T>(work: () => Promise<T>) {
  const started = performance.now();
  let done = false;
  const result = work().finally(() => {
    done = true;
  });
  let slowestPing = 0;
  let pings = 0;
  while (!done || pings === 0) {
    const round = performance.now();
    const ping = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(ping.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    slowestPing = Math.max(slowestPing, performance.now() - round - 5);
    pings += 1;
  }
  return { result: await result, elapsed: performance.now() - started, slowestPing };
}

describe('an SVG offered for sale', () => {
  it('with 1 MB of DOCTYPE fragments in a comment is refused within a second, the shop answering meanwhile', async () => {
    const { session } = await registerVerifiedUser(app);
    const crafted = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><!--${'<!DOCTYPE['.repeat(Math.ceil(MB / 10))}--></svg>`,
    );
    const { result, elapsed, slowestPing } = await pingedDuring(() => offerSvg(session, crafted));
    expect(elapsed).toBeLessThan(1000);
    expect(slowestPing).toBeLessThan(500);
    expect(result.statusCode).toBe(422);
    expect(result.json().errors).toEqual({
      media: [
        'An SVG that contains a DOCTYPE is not accepted. Please save the drawing as plain SVG without one.',
      ],
    });
    expect((await call(app, session, 'GET', '/api/offer/history')).json().payload).toEqual([]);
  });
});
