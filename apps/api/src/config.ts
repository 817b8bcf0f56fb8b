import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './db/paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An IPv4/IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For, in the forms Fastify's `trustProxy` takes: false, a
 * number of hops, or a comma-separated list of addresses and CIDR ranges. `true` (trust whatever
 * address a request claims) is refused: anyone could then pose as any address, and every per-address
 * limit (logins, resets, registrations) would count nothing.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    // A bare number is a hop count (`1`: the one proxy in front), not a flag; `0` trusts none.
    const lower = value.toLowerCase();
    if (['true', 'yes'].includes(lower)) {
      context.addIssue({
        code: 'custom',
        message:
          'true would trust any X-Forwarded-For a client sends, so anyone could pose as any address; give the number of proxies in front of the server (1 for one reverse proxy) or their addresses/CIDR ranges (127.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (['false', 'no'].includes(lower)) return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxy hops, or a comma-separated list of IP addresses/CIDR ranges (not ${bad.map((entry) => JSON.stringify(entry)).join(', ')})`,
    });
    return z.NEVER;
  });

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address people use to reach the shop; links in mails, canonical and sitemap URLs, the
   * Secure cookie flag and HSTS follow it.
   */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the embedded database and local files live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL server instead of the embedded database. */
  DATABASE_URL: postgresUrl.optional(),
  /**
   * The PostgreSQL server itself when DATABASE_URL goes through a pooler in transaction mode
   * (PgBouncer): LISTEN, migrations and their lock need a session of their own. Set, and not
   * DATABASE_URL itself, it also tells the shop not to name prepared statements on DATABASE_URL.
   */
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  /** The longest a request waits for a database connection (from the pool, or a new one). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  /** The server ends a statement that runs longer (PostgreSQL's statement_timeout). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The process gives up waiting for a query's answer after this long and drops its connection. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(6_000),
  /**
   * The database work of one request, all its queries together, ends this long after the request
   * came: a later query fails at once and the request is answered 503.
   */
  DATABASE_REQUEST_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(8_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** The longest a session lives, however busy: it then ends and the user signs in again. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  TRUST_PROXY: trustProxy.default(false),
  /** Serve the server-rendered web app from this process (off for an API-only deployment). */
  SERVE_WEB: booleanFlag.default(true),
  /** Seed the demo shop's base data into an empty database at start-up. */
  SEED_ON_START: booleanFlag.default(true),
  /** How many of the 120 demo products a fresh shop gets (fewer start faster, e.g. for tests). */
  SEED_DEMO_PRODUCTS: z.coerce.number().int().min(1).max(10_000).default(120),
  /** Server processes under the supervisor on PostgreSQL (default: the number of cores); one on the embedded database. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Milliseconds a worker renders the shop's common screens for itself before it takes visitors (0: not at all). */
  WARM_UP_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** The first back-office admin: this address is made an admin at start-up (created if need be). */
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  /** The password of a created first admin; an existing account keeps its own. */
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  /** Secret for signed links; without it a random one is kept in DATA_DIR/app.key. */
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp://user:pass@host:port or smtps://…; without it mail is written to DATA_DIR/mail as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PromptMarket <no-reply@promptmarket.example>'),
  /** Files go to this S3 bucket when set, else to DATA_DIR/storage. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** An S3-compatible server (MinIO, R2, …); empty for AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as a path (`host/bucket/key`), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** The longest an S3 call waits for its connection to open. */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  /** The longest an S3 call waits for the storage server's next bytes. */
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Deposits go through Stripe Checkout when set; otherwise through the built-in sandbox. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Another Stripe API host, e.g. a local mock: http://127.0.0.1:12111 */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Card payouts through Stripe Connect (a Custom connected account per seller's card) instead of
   * the sandbox payout provider; needs Connect on the Stripe account. Only with STRIPE_SECRET_KEY.
   */
  STRIPE_CONNECT_PAYOUTS: booleanFlag.default(false),
  /** The country of the connected accounts made for sellers' cards (ISO 3166-1 alpha-2). */
  STRIPE_CONNECT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .default('DE'),
  /** An image service (see IMAGE_API_KIND); without it the local demo engine draws. */
  IMAGE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * What IMAGE_API_URL speaks: an OpenAI-compatible `/v1/images/generations`, the AUTOMATIC1111 or
   * Forge web UI API (`/sdapi/v1/txt2img`), or ComfyUI (a workflow queued at `/prompt`).
   */
  IMAGE_API_KIND: z.enum(['openai', 'automatic1111', 'comfyui']).default('openai'),
  /** A ComfyUI workflow in API format whose texts hold `%prompt%`; a plain text-to-image one by default. */
  IMAGE_COMFYUI_WORKFLOW: z.string().min(1).optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  IMAGE_MODEL: z.string().min(1).max(100).default('gpt-image-1'),
  /** How long a generation may take before it is given up and refunded. */
  IMAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Where the sandbox sends its webhooks; by default this server's own /api/webhooks/sandbox. */
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The sandbox's webhook signing secret; by default derived from APP_KEY. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * Lets the sandbox take payments of a shop served at a public address (APP_URL https, or any
   * host but localhost and loopback): a demo open to others, never a real shop.
   */
  PAYMENTS_SANDBOX: booleanFlag.default(false),
  /** The shop's own account, the debtor of the SEPA payout files (pain.001); SEPA payouts export only with it. */
  SEPA_DEBTOR_NAME: z.string().trim().min(1).max(70).optional(),
  SEPA_DEBTOR_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/, 'must be an IBAN'))
    .optional(),
  /** The debtor's bank (BIC); optional in SEPA, sent when set. */
  SEPA_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC (8 or 11 characters)')
    .optional(),
  /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics when set; off without it. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
});

/** A PostgreSQL server, and the limits on waiting for it. */
export type PostgresConfig = {
  kind: 'postgres';
  url: string;
  /** Where sessions go (LISTEN, migrations, their lock): DATABASE_DIRECT_URL, or `url`. */
  directUrl: string;
  /** `url` goes through a pooler in transaction mode: no named prepared statements, no session settings. */
  pooled: boolean;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  requestBudgetMs: number;
};

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  /** APP_URL is an address others reach: https, or a host but localhost and loopback. */
  publicUrl: boolean;
  logLevel: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | PostgresConfig;
  session: { idleMinutes: number; maxDays: number; secureCookies: boolean };
  trustProxy: false | number | string[];
  serveWeb: boolean;
  /** How many server processes the supervisor runs (always 1 on the embedded database). */
  workers: number;
  /** How long a worker warms up before it takes visitors (`warm-up.ts`); 0 when it does not. */
  warmUpMs: number;
  seedOnStart: boolean;
  seedDemoProducts: number;
  /** The first admin, made at start-up when both are set. */
  admin: { email: string; password: string } | null;
  /** Null until start-up resolves it (see `withAppKey`). */
  appKey: string | null;
  mail: { smtpUrl: string | null; from: string; dir: string };
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        forcePathStyle: boolean;
        connectTimeoutMs: number;
        requestTimeoutMs: number;
      };
  images: {
    engine: 'local' | 'openai' | 'automatic1111' | 'comfyui';
    /** ComfyUI only: the path of the workflow to queue, or null for the built-in one. */
    workflow: string | null;
    url: string | null;
    apiKey: string | null;
    model: string;
    timeoutMs: number;
  };
  payments:
    | {
        provider: 'sandbox';
        webhookUrl: string | null;
        webhookSecret: string | null;
        /** PAYMENTS_SANDBOX: allowed at a public APP_URL (start-up refuses it otherwise). */
        onPublicUrl: boolean;
      }
    | {
        provider: 'stripe';
        secretKey: string;
        webhookSecret: string;
        apiUrl: string | null;
        /** STRIPE_CONNECT_PAYOUTS: card payouts through Stripe Connect, in this country. */
        connectPayouts: { country: string } | null;
      };
  /** The debtor of SEPA payout files; null until SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN are set. */
  sepaDebtor: { name: string; iban: string; bic: string | null } | null;
  /** The Prometheus metrics server (lib/metrics.ts); null when METRICS_PORT is not set. */
  metrics: { host: string; port: number; token: string | null } | null;
}>;

/** Whether others can reach `url`: https, or any host but localhost and the loopback addresses. */
export function isPublicUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host) === 4) return !host.startsWith('127.');
  if (isIP(host) === 6) return host !== '::1';
  return true;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once. Throws ConfigError naming every bad variable, so start-up
 * stops with a message a person can act on.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set']);
  }
  if (values.DATABASE_DIRECT_URL && !values.DATABASE_URL) {
    throw new ConfigError(['DATABASE_DIRECT_URL: set DATABASE_URL too (the address requests use)']);
  }
  // A relative DATA_DIR is the project's folder's, wherever a command was started from.
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    appUrl,
    publicUrl: isPublicUrl(appUrl),
    logLevel: values.LOG_LEVEL,
    dataDir,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          url: values.DATABASE_URL,
          directUrl: values.DATABASE_DIRECT_URL ?? values.DATABASE_URL,
          pooled: Boolean(values.DATABASE_DIRECT_URL) && values.DATABASE_DIRECT_URL !== values.DATABASE_URL,
          connectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
          queryTimeoutMs: values.DATABASE_QUERY_TIMEOUT_MS,
          requestBudgetMs: values.DATABASE_REQUEST_BUDGET_MS,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    session: {
      idleMinutes: values.SESSION_IDLE_MINUTES,
      maxDays: values.SESSION_MAX_DAYS,
      secureCookies: appUrl.startsWith('https://'),
    },
    trustProxy: values.TRUST_PROXY,
    serveWeb: values.SERVE_WEB,
    workers: values.DATABASE_URL ? (values.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    warmUpMs: values.WARM_UP_MS,
    seedOnStart: values.SEED_ON_START,
    seedDemoProducts: values.SEED_DEMO_PRODUCTS,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : null,
    appKey: values.APP_KEY ?? null,
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    storage: values.S3_BUCKET
      ? {
          kind: 's3',
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT ?? null,
          accessKeyId: values.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: values.S3_FORCE_PATH_STYLE,
          connectTimeoutMs: values.S3_CONNECT_TIMEOUT_MS,
          requestTimeoutMs: values.S3_REQUEST_TIMEOUT_MS,
        }
      : { kind: 'disk', dir: path.join(dataDir, 'storage') },
    images: {
      engine: values.IMAGE_API_URL ? values.IMAGE_API_KIND : 'local',
      workflow: values.IMAGE_COMFYUI_WORKFLOW ?? null,
      url: values.IMAGE_API_URL ?? null,
      apiKey: values.IMAGE_API_KEY ?? null,
      model: values.IMAGE_MODEL,
      timeoutMs: values.IMAGE_TIMEOUT_SECONDS * 1000,
    },
    payments:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiUrl: values.STRIPE_API_URL ?? null,
            connectPayouts: values.STRIPE_CONNECT_PAYOUTS ? { country: values.STRIPE_CONNECT_COUNTRY } : null,
          }
        : {
            provider: 'sandbox',
            webhookUrl: values.SANDBOX_WEBHOOK_URL ?? null,
            webhookSecret: values.SANDBOX_WEBHOOK_SECRET ?? null,
            onPublicUrl: values.PAYMENTS_SANDBOX,
          },
    sepaDebtor:
      values.SEPA_DEBTOR_NAME && values.SEPA_DEBTOR_IBAN
        ? {
            name: values.SEPA_DEBTOR_NAME,
            iban: values.SEPA_DEBTOR_IBAN,
            bic: values.SEPA_DEBTOR_BIC ?? null,
          }
        : null,
    metrics: values.METRICS_PORT
      ? { host: values.METRICS_HOST, port: values.METRICS_PORT, token: values.METRICS_TOKEN ?? null }
      : null,
  } satisfies Config);
}

/**
 * What a shop served at a public address may not run with, checked at start-up (tests build apps
 * at made-up public addresses without it). Throws ConfigError naming each:
 * - the sandbox payment provider, whose Pay button credits any amount without real money, unless
 *   PAYMENTS_SANDBOX says this is a demo;
 * - no APP_KEY: the key that signs links and seals secrets would live in DATA_DIR beside the
 *   database (and its backups).
 */
export function checkPublicServing(config: Config): void {
  if (!config.publicUrl) return;
  const problems: string[] = [];
  if (config.payments.provider === 'sandbox' && !config.payments.onPublicUrl) {
    problems.push(
      `STRIPE_SECRET_KEY: required when APP_URL (${config.appUrl}) is a public address: the sandbox payment provider takes test payments that credit real balances. For a demo open to others, set PAYMENTS_SANDBOX=true`,
    );
  }
  if (!config.appKey) {
    problems.push(
      `APP_KEY: required when APP_URL (${config.appUrl}) is a public address, so the key that signs links and seals secrets is not kept in DATA_DIR; generate one with \`openssl rand -base64 48\` (a shop that ran without it: use the contents of DATA_DIR/app.key)`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * The config with its signing key: APP_KEY when set, else a random key created once and kept
 * in DATA_DIR/app.key, so signed links survive restarts (only at a local address: see
 * `checkPublicServing`).
 */
export function withAppKey(config: Config): Config {
  if (config.appKey) return config;
  const file = path.join(config.dataDir, 'app.key');
  let key = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (key.length < 32) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    key = randomBytes(32).toString('base64url');
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  return Object.freeze({ ...config, appKey: key });
}
