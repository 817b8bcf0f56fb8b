import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, checkPublicServing, isPublicUrl, loadConfig, withAppKey } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: embedded database under ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('production');
    expect(config.database.kind).toBe('pglite');
    expect(config.database).toMatchObject({ dataDir: expect.stringMatching(/data[/\\]db$/) });
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.session).toEqual({ idleMinutes: 120, maxDays: 7, secureCookies: false });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('runs WEB_CONCURRENCY workers on PostgreSQL (the cores by default), one on the embedded database', () => {
    const postgres = { DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' };
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).workers).toBe(3);
    expect(loadConfig(postgres).workers).toBe(availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).workers).toBe(1);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('warms a worker up for WARM_UP_MS (2 s by default, 0 for not at all), and refuses what is not a time', () => {
    expect(loadConfig({}).warmUpMs).toBe(2_000);
    expect(loadConfig({ WARM_UP_MS: '0' }).warmUpMs).toBe(0);
    expect(loadConfig({ WARM_UP_MS: '500' }).warmUpMs).toBe(500);
    for (const wrong of ['-1', 'soon', '1.5', '600000']) {
      expect(() => loadConfig({ WARM_UP_MS: wrong })).toThrow(/WARM_UP_MS/);
    }
  });

  it('refuses TRUST_PROXY=true, which would let anyone pose as any address, and says what to give', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*number of proxies.*addresses/,
      );
    }
  });

  it('reads TRUST_PROXY as false, a number of hops or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.1,proxy.internal', '-1', '1.5', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('names the first admin only with both ADMIN_EMAIL and a long enough ADMIN_PASSWORD', () => {
    expect(loadConfig({}).admin).toBeNull();
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.test' }).admin).toBeNull();
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'a long password' }).admin).toEqual(
      {
        email: 'boss@example.test',
        password: 'a long password',
      },
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'not an address', ADMIN_PASSWORD: 'a long password' })).toThrow(
      ConfigError,
    );
  });

  it('caps sessions at SESSION_MAX_DAYS, 7 by default', () => {
    expect(loadConfig({ SESSION_MAX_DAYS: '30' }).session.maxDays).toBe(30);
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop@db.internal:5432/shop' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://shop@db.internal:5432/shop',
      directUrl: 'postgres://shop@db.internal:5432/shop',
      pooled: false,
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 5_000,
      queryTimeoutMs: 6_000,
      requestBudgetMs: 8_000,
    });
  });

  it('reaches PostgreSQL through a pooler when DATABASE_DIRECT_URL names the server itself', () => {
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://shop@pgbouncer.internal:6432/shop',
      DATABASE_DIRECT_URL: 'postgres://shop@db.internal:5432/shop',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
      DATABASE_REQUEST_BUDGET_MS: '4000',
    }).database;
    expect(pooled).toMatchObject({
      url: 'postgres://shop@pgbouncer.internal:6432/shop',
      directUrl: 'postgres://shop@db.internal:5432/shop',
      pooled: true,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 2_000,
      queryTimeoutMs: 2_500,
      requestBudgetMs: 4_000,
    });
    // The same address twice is no pooler.
    const same = 'postgres://shop@db.internal:5432/shop';
    expect(loadConfig({ DATABASE_URL: same, DATABASE_DIRECT_URL: same }).database).toMatchObject({
      pooled: false,
    });
    expect(() => loadConfig({ DATABASE_DIRECT_URL: same })).toThrow(
      /DATABASE_DIRECT_URL: set DATABASE_URL too/,
    );
    expect(() => loadConfig({ DATABASE_URL: same, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL: must start with postgres/,
    );
    expect(() => loadConfig({ DATABASE_URL: same, DATABASE_QUERY_TIMEOUT_MS: '0' })).toThrow(
      /DATABASE_QUERY_TIMEOUT_MS/,
    );
  });

  it('reads a relative DATA_DIR from the project folder, wherever the command runs', () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    expect(loadConfig({ DATA_DIR: './data' }).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).dataDir).toBe(path.resolve('/srv/shop'));
  });

  it('keeps files on disk under DATA_DIR/storage unless an S3 bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).storage).toEqual({
      kind: 'disk',
      dir: path.resolve('/srv/shop/storage'),
    });
    expect(
      loadConfig({
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      connectTimeoutMs: 3_000,
      requestTimeoutMs: 15_000,
    });
    expect(() => loadConfig({ S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'set both or neither',
    );
    expect(() => loadConfig({ S3_BUCKET: 'shop-files', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT');
  });

  it('takes deposits through the sandbox unless Stripe is configured, with its webhook secret', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'sandbox',
      webhookUrl: null,
      webhookSecret: null,
      onPublicUrl: false,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'http://127.0.0.1:12111',
      connectPayouts: null,
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_CONNECT_PAYOUTS: 'true',
        STRIPE_CONNECT_COUNTRY: 'FR',
      }).payments,
    ).toMatchObject({ provider: 'stripe', connectPayouts: { country: 'FR' } });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('draws with the local demo engine unless an OpenAI-compatible service is named', () => {
    expect(loadConfig({}).images).toEqual({
      engine: 'local',
      url: null,
      apiKey: null,
      model: 'gpt-image-1',
      timeoutMs: 60_000,
      workflow: null,
    });
    expect(
      loadConfig({ IMAGE_API_URL: 'http://127.0.0.1:8080', IMAGE_API_KEY: 'k', IMAGE_TIMEOUT_SECONDS: '5' })
        .images,
    ).toMatchObject({ engine: 'openai', url: 'http://127.0.0.1:8080', apiKey: 'k', timeoutMs: 5000 });
    // IMAGE_API_KIND names what the service speaks; without IMAGE_API_URL the demo engine draws all the same.
    expect(
      loadConfig({ IMAGE_API_URL: 'http://127.0.0.1:7860', IMAGE_API_KIND: 'automatic1111' }).images.engine,
    ).toBe('automatic1111');
    expect(
      loadConfig({
        IMAGE_API_URL: 'http://127.0.0.1:8188',
        IMAGE_API_KIND: 'comfyui',
        IMAGE_COMFYUI_WORKFLOW: '/srv/workflow.json',
      }).images,
    ).toMatchObject({ engine: 'comfyui', workflow: '/srv/workflow.json' });
    expect(loadConfig({ IMAGE_API_KIND: 'comfyui' }).images.engine).toBe('local');
    expect(() => loadConfig({ IMAGE_API_KIND: 'midjourney' })).toThrow(/IMAGE_API_KIND/);
    expect(() => loadConfig({ IMAGE_TIMEOUT_SECONDS: '0' })).toThrow(/IMAGE_TIMEOUT_SECONDS/);
  });

  it('sends Secure cookies when the shop is reached over https', () => {
    expect(loadConfig({ APP_URL: 'https://shop.example/' }).session.secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'https://shop.example/' }).appUrl).toBe('https://shop.example');
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVE_WEB: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SERVE_WEB');
    }
  });

  it('keeps a generated signing key in the data folder when APP_KEY is not set', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-config-'));
    const first = withAppKey(loadConfig({ DATA_DIR: dataDir }));
    const second = withAppKey(loadConfig({ DATA_DIR: dataDir }));
    expect(first.appKey).toMatch(/^[\w-]{43}$/);
    expect(second.appKey).toBe(first.appKey);
    const explicit = withAppKey(loadConfig({ DATA_DIR: dataDir, APP_KEY: 'k'.repeat(40) }));
    expect(explicit.appKey).toBe('k'.repeat(40));
    expect(() => loadConfig({ APP_KEY: 'short' })).toThrow(/APP_KEY/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes mail to files unless SMTP_URL is set', () => {
    expect(loadConfig({}).mail.smtpUrl).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

describe('a shop served at a public address', () => {
  const key = { APP_KEY: 'k'.repeat(40) };
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      checkPublicServing(loadConfig(env));
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems.map((problem) => problem.split(':')[0]);
    }
  };

  it('is one at https, or at any host but localhost and loopback', () => {
    for (const url of [
      'https://localhost',
      'http://shop.example',
      'http://192.0.2.10:3000',
      'http://[2001:db8::1]',
    ]) {
      expect(isPublicUrl(url), url).toBe(true);
    }
    for (const url of [
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      expect(isPublicUrl(url), url).toBe(false);
    }
  });

  it('refuses the sandbox payment provider unless PAYMENTS_SANDBOX says it is a demo', () => {
    expect(problemsOf({ APP_URL: 'https://shop.example', ...key })).toEqual(['STRIPE_SECRET_KEY']);
    expect(problemsOf({ APP_URL: 'http://203.0.113.7', ...key })).toEqual(['STRIPE_SECRET_KEY']);
    expect(problemsOf({ APP_URL: 'https://shop.example', PAYMENTS_SANDBOX: 'true', ...key })).toEqual([]);
    expect(problemsOf({ APP_URL: 'https://shop.example', ...stripe, ...key })).toEqual([]);
  });

  it('needs APP_KEY, so the signing and sealing key does not live in DATA_DIR', () => {
    expect(problemsOf({ APP_URL: 'https://shop.example', ...stripe })).toEqual(['APP_KEY']);
    expect(problemsOf({ APP_URL: 'https://shop.example' })).toEqual(['STRIPE_SECRET_KEY', 'APP_KEY']);
  });

  it('is not: `npm start` on a fresh machine runs as it is, with the sandbox and a key in DATA_DIR', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ APP_URL: 'http://127.0.0.1:3000' })).toEqual([]);
  });
});
