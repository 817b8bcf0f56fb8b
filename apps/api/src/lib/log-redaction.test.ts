import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../modules/accounts/accounts.tables';
import { openTestDatabase } from '../test/database';
import { INTERNAL_CALL_HEADER, internalCallToken } from './internal-calls';
import { errorLogSerializer, errorMessageWithoutQueryValues, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/en/reset-password?token=abc123&email=eve%40example.test')).toBe(
      '/en/reset-password?token=[redacted]&email=[redacted]',
    );
    expect(redactUrl('/api/email/verify/1/2?expires=1700000000&signature=ff00')).toBe(
      '/api/email/verify/1/2?expires=[redacted]&signature=[redacted]',
    );
    expect(redactUrl('/api/products?page=2&search=cat&%74oken=x')).toBe(
      '/api/products?page=2&search=cat&%74oken=[redacted]',
    );
    expect(redactUrl('/en/products')).toBe('/en/products');
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent', APP_URL: 'http://shop.test' }),
      database,
      closeDatabase: false,
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    app.addHook('onClose', () => database.drop());
    // The same row twice: the second insert fails in the database, with the row's values as parameters.
    app.post('/test/failing-insert', async () => {
      const row = {
        email: 'twice@example.test',
        firstName: 'Secretname',
        lastName: 'Hiddenlastname',
        passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secret-hash-value',
        locale: 'en',
      };
      await app.db.insert(users).values(row);
      await app.db.insert(users).values(row);
      return { status: 'OK' };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('never hold the token of a reset link or the signature of a verification link', async () => {
    await app.inject({ method: 'GET', url: '/api/ping?token=secret-reset-token&email=eve%40example.test' });
    await app.inject({
      method: 'GET',
      url: '/api/email/verify/x/y?expires=1700000000&signature=abcdef0123456789',
    });
    const logged = lines.join('');
    expect(logged).toContain('/api/ping?token=[redacted]&email=[redacted]');
    expect(logged).toContain('signature=[redacted]');
    expect(logged).not.toContain('secret-reset-token');
    expect(logged).not.toContain('eve%40example.test');
    expect(logged).not.toContain('abcdef0123456789');
  });

  it('never hold the values of a failed query: no password hash, no name, no address', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'POST', url: '/test/failing-insert' });
    expect(answer.statusCode).toBe(500);
    const logged = lines.join('');
    const entry = JSON.parse(lines.find((line) => line.includes('unhandled error')) ?? '{}');
    // The failure is still told: what failed and why, without the row.
    expect(entry.err.message).toContain('insert into "users"');
    expect(JSON.stringify(entry.err)).toMatch(/duplicate key|unique/i);
    for (const secret of ['secret-hash-value', 'Secretname', 'Hiddenlastname', 'twice@example.test']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('logs each request once, with its status and time, and a page’s own API calls only at debug', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/ping?once=1' });
    await app.inject({
      method: 'GET',
      url: '/api/ping?inner=1',
      headers: { [INTERNAL_CALL_HEADER]: internalCallToken },
    });
    await app.inject({
      method: 'GET',
      url: '/api/ping?forged=1',
      headers: { [INTERNAL_CALL_HEADER]: 'guess' },
    });
    const logged = lines.join('');
    expect(logged.match(/once=1/g)).toHaveLength(1);
    const line = JSON.parse(lines.find((entry) => entry.includes('once=1')) ?? '{}');
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(typeof line.responseTime).toBe('number');
    expect(logged).not.toContain('inner=1');
    expect(logged).toContain('forged=1');
  });
});

describe('errors whose fields are getters of their kind', () => {
  it('keeps the name and message of an aborted or timed-out fetch, in the logs and in a job', () => {
    const timedOut = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(errorMessageWithoutQueryValues(timedOut)).toBe('The operation was aborted due to timeout');
    const logged = errorLogSerializer(timedOut) as { type: string; message: string };
    expect(logged.message).toBe('The operation was aborted due to timeout');
  });
});
