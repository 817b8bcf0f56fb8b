import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, registerVerifiedUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { writeWebBuild } from '../test/web-build';
import { webPlugin } from './web';

/** One route answering every address with a page, as a production build. */
const pageModule = `{
  loader: () =>
    new Response('<!DOCTYPE html><html><body><p>A page</p></body></html>', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    }),
}`;

let app: TestApp;
let build: ReturnType<typeof writeWebBuild> | undefined;
let member: BrowserSession;

beforeAll(async () => {
  const written = writeWebBuild(pageModule);
  build = written;
  app = await createTestApp({}, (built) => {
    built.register(webPlugin, { mode: 'production', root: written.root });
  });
  ({ session: member } = await registerVerifiedUser(app));
});
afterAll(async () => {
  await app?.close();
  build?.remove();
});

/** A page asked for three times (sent once, cached, then served from the cache), with the headers of each. */
async function askThrice(url: string, headers: Record<string, string> = {}) {
  const answers = [];
  for (let ask = 0; ask < 3; ask += 1) {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.body).toContain('A page');
    answers.push(response);
  }
  return answers;
}

describe("pages' Cache-Control", () => {
  it("is `private, no-store` for a signed-in visitor's pages, members' screens or not", async () => {
    const headers = { cookie: member.headers().cookie };
    for (const url of ['/en/dashboard', '/en/dashboard/orders', '/en/products', '/en', '/en/admin/users']) {
      const answers = await askThrice(url, headers);
      for (const answer of answers) {
        expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      }
    }
  });

  it('is `private, no-store` for the personal screens whoever asks', async () => {
    for (const url of ['/en/dashboard', '/de/admin', '/en/cart', '/en/reset-password?token=abc']) {
      for (const answer of await askThrice(url)) {
        expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      }
    }
  });

  it('never caches the pages of the newsletter’s links, which act on their token at every visit', async () => {
    for (const url of [
      '/en/newsletter/confirm?id=1&expires=2&signature=3',
      '/de/newsletter/unsubscribe?email=a%40example.test&token=abc',
    ]) {
      for (const answer of await askThrice(url)) {
        expect([url, answer.headers['x-page-cache']]).toEqual([url, undefined]);
        expect([url, answer.headers['cache-control']]).toEqual([url, 'private, no-store']);
      }
    }
  });

  it("leaves the pages cached for every visitor as they are, a visitor's other cookies or not", async () => {
    const asked: Record<string, string>[] = [{}, { cookie: 'cookie_consent=all' }];
    for (const headers of asked) {
      const answers = await askThrice('/en/products/a-picture', headers);
      expect(answers.map((answer) => answer.headers['x-page-cache'])).toContain('hit');
      for (const answer of answers) expect(answer.headers['cache-control']).toBeUndefined();
    }
  });
});
