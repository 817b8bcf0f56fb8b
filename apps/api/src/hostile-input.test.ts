import { isErrorCode } from '@promptmarket/contracts';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type BrowserSession,
  call,
  randomAddress,
  registerUser,
  registerVerifiedUser,
  strongPassword,
  uniqueEmail,
} from './test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from './test/app';
import { contactForm } from './test/contact';
import { multipart, postMultipart } from './test/multipart';

const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366aa' } })
  .png()
  .toBuffer();

type Route = { method: string; url: string; fields: string[] };

const routes: Route[] = [];
let app: TestApp;

/** Field names a schema lists, looking through pipes and transforms, so the fuzzer hits real fields. */
function fieldsOf(schema: unknown): string[] {
  const candidate = schema as { shape?: Record<string, unknown>; def?: { in?: unknown } } | undefined;
  if (!candidate) return [];
  if (candidate.shape) return Object.keys(candidate.shape);
  if (candidate.def?.in) return fieldsOf(candidate.def.in);
  return [];
}

beforeAll(async () => {
  app = await createTestApp({}, undefined, (route: RouteOptions) => {
    if (route.url.startsWith('/api/docs')) return;
    const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
    const fields = [...fieldsOf(schema.body), ...fieldsOf(schema.querystring)];
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, fields });
  });
});
afterAll(() => app.close());

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const nastyStrings = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  '1.5',
  '99999999999',
  '2147483648',
  '9223372036854775808',
  '1e308',
  '1e400',
  '-1e308',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(3000),
  'a'.repeat(101),
  '\u0000',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '🙂'.repeat(40),
  'ß\u202e\ud800',
  ',,,,',
  Array.from({ length: 30 }, (_, i) => `slug-${i}`).join(','),
  'user@example.test',
  'price_desc',
  'bogus-enum',
] as const;
const nastyNumbers = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 99_999_999_999, 1e308, -1e308] as const;
const extraFields = ['id', 'email', 'password', 'page', '__proto__', 'constructor', 'role'] as const;

function value(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 4 : 6)) {
    case 0:
      return random.pick(nastyStrings);
    case 1:
      return random.pick(nastyNumbers);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return random.pick(nastyStrings);
    case 4:
      return Array.from({ length: random.int(4) }, () => value(random, depth + 1));
    default:
      return objectFor(random, [], depth + 1);
  }
}

function objectFor(random: Random, fields: string[], depth = 0): Record<string, unknown> {
  const names = [...fields, ...extraFields];
  const result: Record<string, unknown> = {};
  for (let i = random.int(names.length + 1); i > 0; i -= 1) {
    Object.defineProperty(result, random.pick(names), {
      value: value(random, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return result;
}

/** A path segment; a lone surrogate becomes bytes that are not UTF-8, and some are broken escapes. */
function segment(random: Random): string {
  if (random.int(8) === 0) return random.pick(['%E0%A4%A', '%ED%A0%80', '%', '%zz', '%2F..%2F']);
  try {
    return encodeURIComponent(random.pick(nastyStrings)) || 'x';
  } catch {
    return '%ED%A0%80';
  }
}

function pathFor(random: Random, url: string): string {
  const path = url
    .replace(/:(\w+)/g, () => segment(random))
    .replace(/\*$/, () =>
      random.pick(['a.webp', '../secret.png', `${'d/'.repeat(60)}x.avif`, '%2e%2e/x.svg', 'x']),
    );
  // Trailing slashes are ignored by the router: `/api/products/` is `/api/products`.
  return random.int(6) === 0 ? `${path}/` : path;
}

function queryFor(random: Random, fields: string[]): string {
  const query = new URLSearchParams();
  const names = [...fields, 'page'];
  for (let i = random.int(4); i > 0; i -= 1) {
    const name = random.pick(names);
    const repeat = random.int(4) === 0 ? 2 : 1;
    for (let r = 0; r < repeat; r += 1)
      query.append(random.int(6) === 0 ? `${name}[]` : name, random.pick(nastyStrings));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

type Payload = { payload?: string; contentType?: string };

function bodyFor(random: Random, fields: string[]): Payload {
  switch (random.int(9)) {
    case 0:
      return {};
    case 1:
      return { payload: '{"email": ', contentType: 'application/json' };
    case 2:
      return { payload: '', contentType: 'application/json' };
    case 3:
      return { payload: JSON.stringify(value(random)), contentType: 'application/json' };
    case 4:
      return { payload: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' };
    case 5:
      return { payload: 'plain text', contentType: 'text/plain' };
    case 6:
      return { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' };
    default:
      return { payload: JSON.stringify(objectFor(random, fields)), contentType: 'application/json' };
  }
}

const REQUESTS_PER_ROUTE = 5;

/** `{message, code}` with one of our codes, and for a 422 also `{errors: {field: [text]}}`. */
function laravelShaped(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown; code?: unknown };
    return (
      typeof parsed.message === 'string' &&
      (parsed.errors === undefined || typeof parsed.errors === 'object') &&
      isErrorCode(parsed.code)
    );
  } catch {
    return false;
  }
}

describe('hostile input', () => {
  it('never gets a 5xx from any route, signed in or not, and every refusal is Laravel-shaped with a code', {
    timeout: 120_000,
  }, async () => {
    expect(routes.length).toBeGreaterThan(25);
    const random = generator(20_261_122);
    const failures: string[] = [];
    let sent = 0;
    let signedIn: BrowserSession = (await registerUser(app)).session;
    const guest = await startBrowserSession(app);

    for (const route of routes) {
      for (const mode of ['nobody', 'guest', 'signed-in'] as const) {
        for (let i = 0; i < REQUESTS_PER_ROUTE; i += 1) {
          const url = `${pathFor(random, route.url)}${queryFor(random, route.fields)}`;
          const hasBody = !['GET', 'HEAD'].includes(route.method);
          const { payload, contentType } = hasBody ? bodyFor(random, route.fields) : ({} as Payload);
          const headers: Record<string, string> = {
            ...(mode === 'guest' ? guest.headers() : mode === 'signed-in' ? signedIn.headers() : {}),
            ...(contentType ? { 'content-type': contentType } : {}),
            ...(random.int(5) === 0 ? { 'frontend-language': random.pick(nastyStrings) } : {}),
          };
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers,
            remoteAddress: `203.0.113.${1 + random.int(250)}`,
            ...(payload === undefined ? {} : { payload }),
          });
          sent += 1;
          if (response.statusCode >= 400 && route.method !== 'HEAD' && !laravelShaped(response.body)) {
            failures.push(
              `${route.method} ${url.slice(0, 200)} -> ${response.statusCode} not Laravel-shaped`,
            );
          }
          if (response.statusCode >= 500) {
            failures.push(
              `${route.method} ${url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
          // Signing out or deleting the account ends the session: sign in again for what follows.
          if (mode === 'signed-in' && response.statusCode === 200 && /logout|delete/.test(route.url)) {
            signedIn = (await registerUser(app)).session;
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });
});

describe('input limits', () => {
  it('answers 404 for a product id past the integer range', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products/99999999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND' });
  });

  it('answers a broken URL escape 400 and an over-long path segment 404, echoing neither', async () => {
    const broken = await app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Bad Request', code: 'BAD_REQUEST' });
    const long = await app.inject({ method: 'GET', url: `/api/static-pages/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND' });
  });

  it('answers 422 for a like of a product id past the integer range', async () => {
    const { session } = await registerUser(app);
    const response = await call(app, session, 'POST', '/api/products/99999999999/like');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['id']);
  });

  it('answers 422 for a 3,000-character login name, and for a list where a string belongs', async () => {
    const session = await startBrowserSession(app);
    const long = await call(app, session, 'POST', '/api/login', {
      username: 'x'.repeat(3000),
      password: 'secret',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ username: ['This field is too long.'] });

    const list = await call(app, session, 'POST', '/api/login', {
      email: ['a@example.test'],
      password: 'secret',
    });
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({ email: ['Please enter a valid email'] });
  });

  it('answers malformed JSON with a Laravel-shaped 400', async () => {
    const session = await startBrowserSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...session.headers(), 'content-type': 'application/json' },
      payload: '{"email": "a@example.test",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body.', code: 'BAD_REQUEST' });
  });

  it('takes at most 20 category or style slugs of at most 100 characters each', async () => {
    const slugs = (count: number) => Array.from({ length: count }, (_, i) => `slug-${i}`).join(',');
    const twenty = await app.inject({ method: 'GET', url: `/api/products?category_slugs=${slugs(20)}` });
    expect(twenty.statusCode).toBe(200);

    const many = await app.inject({
      method: 'GET',
      url: `/api/products?style_slugs=${slugs(21)}`,
      headers: { 'frontend-language': 'pl' },
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({ style_slugs: ['Podano zbyt wiele wartości.'] });

    const long = await app.inject({
      method: 'GET',
      url: `/api/products?category_slugs=ok,${'a'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ 'category_slugs.1': ['This field is too long.'] });
  });

  it('answers 422 for an unknown sort and a page number out of range', async () => {
    const sort = await app.inject({ method: 'GET', url: '/api/products?sort=cheapest' });
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors).toEqual({ sort: ['This value is invalid.'] });
    const page = await app.inject({ method: 'GET', url: '/api/products?page=1e400' });
    expect(page.statusCode).toBe(422);
    expect(page.json().errors).toEqual({ page: ['This value is invalid.'] });
  });
});

describe('a NUL character in a text field', () => {
  const nul = 'Ada\u0000Lovelace';

  it('answers 422 on its field, in the caller language, at register, login and the profile', async () => {
    const session = await startBrowserSession(app);
    const register = await call(
      app,
      session,
      'POST',
      '/api/register',
      {
        first_name: nul,
        last_name: 'Lovelace',
        email: uniqueEmail(),
        password: strongPassword,
        password_confirmation: strongPassword,
        terms: true,
      },
      { 'frontend-language': 'de' },
      randomAddress(),
    );
    expect(register.statusCode).toBe(422);
    expect(register.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { first_name: ['Dieses Feld darf kein NUL-Zeichen enthalten.'] },
    });

    const login = await call(app, session, 'POST', '/api/login', { email: 'a@example.test', password: nul });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toEqual({ password: ['This field may not contain a NUL character.'] });

    const { session: signedIn } = await registerUser(app);
    const profile = await call(app, signedIn, 'PUT', '/api/user/profile', { first_name: nul });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toEqual({ first_name: ['This field may not contain a NUL character.'] });
  });

  it('answers 422 at the contact form, a deposit, a generation, in a query and in a nested list', async () => {
    const session = await startBrowserSession(app);
    const contact = await call(
      app,
      session,
      'POST',
      '/api/contact',
      { ...contactForm, message: `Bulk?${'\u0000'}` },
      { 'frontend-language': 'pl' },
      randomAddress(),
    );
    expect(contact.statusCode).toBe(422);
    expect(contact.json().errors).toEqual({ message: ['To pole nie może zawierać znaku NUL.'] });

    const { session: signedIn } = await registerUser(app);
    const deposit = await call(app, signedIn, 'POST', '/api/deposit/checkout', {
      amount: '10',
      currency: 'EUR',
      payment_method_id: 'card',
      city: nul,
    });
    expect(deposit.statusCode).toBe(422);
    expect(deposit.json().errors).toEqual({ city: ['This field may not contain a NUL character.'] });

    const generate = await call(app, signedIn, 'POST', '/api/purchase/generate-image', {
      title: 'Harbour',
      prompt: `a quiet harbour${'\u0000'} at dawn`,
      format: 'webp',
      size: '512x512',
    });
    expect(generate.statusCode).toBe(422);
    expect(generate.json().errors).toEqual({ prompt: ['This field may not contain a NUL character.'] });

    const query = await app.inject({ method: 'GET', url: '/api/products?search=a%00b' });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ search: ['This field may not contain a NUL character.'] });

    const nested = await call(app, signedIn, 'POST', '/api/contact', { tags: ['ok', 'x\u0000'] });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({ 'tags.1': ['This field may not contain a NUL character.'] });
  });

  it('answers 422 in a multipart field of an offer and of a verification', async () => {
    const { session } = await registerVerifiedUser(app);
    const offered = await postMultipart(app, session, '/api/offer/create', [
      { name: 'title', value: nul },
      { name: 'prompt', value: 'A harbour at night' },
      { name: 'media', filename: 'work.png', type: 'image/png', data: png },
    ]);
    expect(offered.statusCode).toBe(422);
    expect(offered.json().errors).toEqual({ title: ['This field may not contain a NUL character.'] });

    const verified = await postMultipart(app, session, '/api/verification', [
      { name: 'full_name', value: 'Ada Lovelace' },
      { name: 'document_front', filename: 'front.png', type: 'image/png', data: png },
      { name: 'city', value: nul },
    ]);
    expect(verified.statusCode).toBe(422);
    expect(verified.json().errors).toEqual({ city: ['This field may not contain a NUL character.'] });
  });
});

describe('a malformed multipart body', () => {
  it('answers 400 on an offer and a verification, truncated or garbled', async () => {
    const { session } = await registerVerifiedUser(app);
    const whole = multipart([
      { name: 'title', value: 'Neon harbour' },
      { name: 'media', filename: 'work.png', type: 'image/png', data: png },
    ]);
    const bodies = [
      whole.payload.subarray(0, whole.payload.length - 40),
      Buffer.from('------promptmarket-test-boundary\r\nContent-Disposition: form-data; name="title"\r\n'),
      Buffer.from('------promptmarket-test-boundary\r\nthis is no header at all\r\n\r\nvalue\r\n'),
    ];
    for (const url of ['/api/offer/create', '/api/verification']) {
      for (const payload of bodies) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...session.headers(), ...whole.headers },
          payload,
        });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json()).toEqual({ message: 'Malformed multipart body.', code: 'BAD_REQUEST' });
      }
    }
  });
});
