import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { writeWebBuild } from '../test/web-build';
import { webPlugin } from './web';

/** One route whose action answers the form's `name` field as it read it, as a production build. */
const pageModule = `{
  action: async ({ request }) => {
    const form = await request.formData();
    return new Response('name=' + form.get('name'), { headers: { 'content-type': 'text/plain' } });
  },
}`;

let app: TestApp;
let build: ReturnType<typeof writeWebBuild> | undefined;

beforeAll(async () => {
  const written = writeWebBuild(pageModule);
  build = written;
  app = await createTestApp({}, (built) => {
    built.register(webPlugin, { mode: 'production', root: written.root });
  });
});
afterAll(async () => {
  await app?.close();
  build?.remove();
});

function post(payload: Buffer, encoding?: string) {
  return app.inject({
    method: 'POST',
    url: '/en/contact',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: app.config.appUrl,
      ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
    },
    payload,
  });
}

describe("a page's form post under a Content-Encoding", () => {
  const form = Buffer.from('name=Ada');

  it('is refused with 415: the action would read the compressed bytes as the form', async () => {
    for (const [encoding, payload] of [
      ['gzip', gzipSync(form)],
      ['GZIP', gzipSync(form)],
      ['gzip', form],
      ['br', form],
      ['foo', form],
    ] as const) {
      const answer = await post(payload, encoding);
      expect([encoding, answer.statusCode]).toEqual([encoding, 415]);
      expect(answer.json()).toMatchObject({ message: 'Unsupported Content-Encoding.' });
    }
  });

  it('is read as sent without one, or with identity', async () => {
    for (const encoding of [undefined, 'identity']) {
      const answer = await post(form, encoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('name=Ada');
    }
  });
});
