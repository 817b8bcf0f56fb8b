import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, registerVerifiedUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { multipart } from '../test/multipart';

/** Request bodies under a Content-Encoding: one the server does not know, or bytes that do not decode. */

let app: TestApp;
let session: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  ({ session } = await registerVerifiedUser(app));
});
afterAll(() => app?.close());

const unsupported = {
  message: 'Unsupported Content-Encoding.',
  code: 'UNSUPPORTED_MEDIA_TYPE',
};
const undecodable = {
  message: 'The request body does not decode by its Content-Encoding.',
  code: 'BAD_REQUEST',
};

function post(url: string, payload: Buffer, headers: Record<string, string>) {
  return app.inject({ method: 'POST', url, headers: { ...session.headers(), ...headers }, payload });
}

describe('a request body under a Content-Encoding', () => {
  const login = Buffer.from(JSON.stringify({ email: 'nobody@example.test', password: 'not the password' }));
  const json = { 'content-type': 'application/json' };

  it('on a JSON route: 415 for an unknown coding, 400 for a body that does not decode', async () => {
    const foo = await post('/api/login', login, { ...json, 'content-encoding': 'foo' });
    expect(foo.statusCode).toBe(415);
    expect(foo.json()).toEqual(unsupported);

    const broken = await post('/api/login', login, { ...json, 'content-encoding': 'gzip' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(undecodable);

    // A body that decodes is read as the JSON it holds: wrong credentials, not a broken body.
    const gzipped = await post('/api/login', gzipSync(login), { ...json, 'content-encoding': 'gzip' });
    expect(gzipped.statusCode).toBe(422);
  });

  it('on a multipart route: 415 for any coding, as its parts are read undecoded', async () => {
    const form = multipart([
      { name: 'document_type', value: 'passport' },
      { name: 'front', filename: 'front.png', type: 'image/png', data: Buffer.from('not a picture') },
    ]);
    const sent = [
      ['foo', form.payload],
      ['gzip', form.payload],
      ['gzip', gzipSync(form.payload)],
      ['GZIP', gzipSync(form.payload)],
    ] as const;
    for (const [encoding, payload] of sent) {
      const answer = await post('/api/verification', payload, {
        ...form.headers,
        'content-encoding': encoding,
      });
      expect([encoding, answer.statusCode]).toEqual([encoding, 415]);
      expect(answer.json()).toEqual(unsupported);
    }
    // The same form without a coding is read: its fields are checked.
    const plain = await post('/api/verification', form.payload, form.headers);
    expect(plain.statusCode).toBe(422);
  });
});
