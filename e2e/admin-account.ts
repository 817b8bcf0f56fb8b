import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { stepAt, TOTP_STEP_SECONDS, totpCode } from '../apps/api/src/lib/totp';

/** The back office's first admin, made by the server at start-up (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@promptmarket.test', password: 'an admin password for tests' } as const;

// The back office answers an admin only with two-factor sign-in on. The first sign-in on a server
// turns it on through the admin's own setup; the key and the last step used are kept in a file per
// server, so the test files (run one after another) sign in with codes never used before.
// A code is good for one sign-in, and two steps of 30 seconds are open at a time, so browser
// sign-ins share one session (kept in the same file) rather than wait for the next step.

type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>;
type Keys = { secret: string; lastStep: number; session?: SessionCookies };

const keysFile = (baseURL: string) =>
  path.join(tmpdir(), 'promptmarket-e2e-admin-keys', `${encodeURIComponent(baseURL)}.json`);

function readKeys(baseURL: string): Keys | null {
  try {
    return JSON.parse(readFileSync(keysFile(baseURL), 'utf8')) as Keys;
  } catch {
    return null;
  }
}

function writeKeys(baseURL: string, keys: Keys) {
  mkdirSync(path.dirname(keysFile(baseURL)), { recursive: true });
  writeFileSync(keysFile(baseURL), JSON.stringify(keys));
}

const stepMs = TOTP_STEP_SECONDS * 1000;

/**
 * The code of the first step after the last one used. The server takes the step after the
 * current one too (a phone's clock may run ahead); a later one is waited for.
 */
async function nextCode(keys: Keys): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const step = Math.max(stepAt(now), keys.lastStep + 1);
    if (step <= stepAt(now) + 1) return { code: totpCode(keys.secret, step * stepMs), step };
    await new Promise((resolve) => setTimeout(resolve, (stepAt(now) + 1) * stepMs - now + 50));
  }
}

type Answer = { status: number; json(): Promise<unknown> };
type Call<A extends Answer> = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<A>;

/**
 * Signs in as ADMIN through `call` (a client holding cookies and the XSRF token of `baseURL`) and
 * answers the login's answer. Turns two-factor sign-in on first when it is off.
 */
export async function signInAsAdmin<A extends Answer>(baseURL: string, call: Call<A>): Promise<A> {
  for (let attempt = 0; ; attempt++) {
    const keys = readKeys(baseURL);
    const next = keys ? await nextCode(keys) : null;
    // An account without two-factor sign-in ignores a code.
    const login = await call('POST', '/api/login', {
      email: ADMIN.email,
      password: ADMIN.password,
      ...(next ? { code: next.code } : {}),
    });
    if (login.status === 422 && keys && attempt === 0) {
      // The step was used by a sign-in the file did not see: the next one.
      writeKeys(baseURL, { ...keys, lastStep: stepAt(Date.now()) + 1 });
      continue;
    }
    if (login.status !== 200) return login;
    if (keys && next) writeKeys(baseURL, { ...keys, lastStep: next.step });
    const state = (await (await call('GET', '/api/admin/two-factor')).json()) as {
      payload: { enabled: boolean };
    };
    if (state.payload.enabled) return login;
    const setup = (await (await call('POST', '/api/admin/two-factor/setup')).json()) as {
      payload: { secret: string };
    };
    const now = Date.now();
    const on = await call('POST', '/api/admin/two-factor/enable', {
      code: totpCode(setup.payload.secret, now),
    });
    if (on.status !== 200) throw new Error(`turning on two-factor sign-in answered ${on.status}`);
    writeKeys(baseURL, { secret: setup.payload.secret, lastStep: stepAt(now) });
    return login;
  }
}

/** The browser context of `page` as a client of the shop: its cookies, its XSRF token. */
function pageCaller(page: Page): Call<Answer> {
  return async (method, url, body) => {
    const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
    const answer = await page.request.fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf.value) } : {}),
      },
      ...(body === undefined ? {} : { data: body }),
    });
    return { status: answer.status(), json: () => answer.json() };
  };
}

/** The cookies of a signed-in session: the session's own and its XSRF token, no visitor's choices. */
const SESSION_COOKIES = new Set(['promptmarket_session', 'XSRF-TOKEN']);

/**
 * Takes the admin session an earlier browser sign-in kept, when it still answers the back office
 * with two-factor sign-in on (a sign-out, or two-factor sign-in turned on again, ends it).
 */
async function reuseAdminSession(page: Page, baseURL: string): Promise<boolean> {
  const session = readKeys(baseURL)?.session;
  if (!session?.length) return false;
  await page.context().addCookies(session);
  const state = await pageCaller(page)('GET', '/api/admin/two-factor');
  if (state.status === 200) {
    const { payload } = (await state.json()) as { payload: { enabled: boolean } };
    if (payload.enabled) return true;
  }
  for (const name of SESSION_COOKIES) await page.context().clearCookies({ name });
  return false;
}

/** Signs in as ADMIN in the browser context of `page`, with two-factor sign-in on. */
export async function logInAsAdmin(page: Page, baseURL: string) {
  if (await reuseAdminSession(page, baseURL)) return;
  const call = pageCaller(page);
  await call('GET', '/sanctum/csrf-cookie');
  const login = await signInAsAdmin(baseURL, call);
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
  const keys = readKeys(baseURL);
  const cookies = await page.context().cookies(baseURL);
  if (keys)
    writeKeys(baseURL, { ...keys, session: cookies.filter((cookie) => SESSION_COOKIES.has(cookie.name)) });
}

/** Turns ADMIN's two-factor sign-in off from the signed-in browser context of `page`. */
export async function turnOffAdminTwoFactor(page: Page, baseURL: string) {
  const keys = readKeys(baseURL);
  if (!keys) throw new Error('two-factor sign-in was not turned on by these tests');
  const { code, step } = await nextCode(keys);
  const off = await pageCaller(page)('POST', '/api/admin/two-factor/disable', {
    password: ADMIN.password,
    code,
  });
  if (off.status !== 200) throw new Error(`turning off two-factor sign-in answered ${off.status}`);
  writeKeys(baseURL, { ...keys, lastStep: step });
}
