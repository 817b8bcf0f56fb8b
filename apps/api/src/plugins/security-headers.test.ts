import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { contentSecurityPolicy, freshNonce } from './security-headers';

function directives(header: unknown): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ APP_URL: 'http://shop.test' });
  });
  afterAll(() => app.close());

  it.each([
    ['an API answer', '/api/health', 200],
    ['an API error', '/api/no-such-endpoint', 404],
    ['a missing media file', '/media/previews/missing.webp', 404],
    ['the CSRF handshake', '/sanctum/csrf-cookie', 204],
  ])('are on %s', async (_name, url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==' *$/);
    // Scripts and the <style> elements dialogs add share the response's one nonce.
    const nonce = csp.get('script-src')?.split(' ')[1];
    expect(csp.get('style-src')).toBe(`'self' ${nonce}`);
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('uses a new nonce for every response', async () => {
    const first = directives(
      (await app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy'],
    );
    const second = directives(
      (await app.inject({ method: 'GET', url: '/api/ping' })).headers['content-security-policy'],
    );
    expect(first.get('script-src')).not.toBe(second.get('script-src'));
  });

  it('draws each nonce of 128 bits once, also where the random block is filled again', () => {
    const nonces = Array.from({ length: 600 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('sends no Strict-Transport-Security while the shop is on http', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when APP_URL is https', async () => {
    const app = await createTestApp({ APP_URL: 'https://shop.test' });
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const missing = await app.inject({ method: 'GET', url: '/media/previews/missing.webp' });
    expect(missing.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});

describe('contentSecurityPolicy in development', () => {
  it('lets the Vite client run its inline scripts and reach its websocket', () => {
    const csp = directives(contentSecurityPolicy('abc', true));
    expect(csp.get('script-src')).toBe("'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp.get('connect-src')).toBe("'self' ws: wss:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });
});
