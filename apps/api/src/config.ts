import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  TRUST_PROXY: booleanFlag.default(false),
  /** Serve the server-rendered web app from this process (off for an API-only deployment). */
  SERVE_WEB: booleanFlag.default(true),
  /** Seed the demo shop's base data into an empty database at start-up. */
  SEED_ON_START: booleanFlag.default(true),
  /** Secret for signed links; without it a random one is kept in DATA_DIR/app.key. */
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp://user:pass@host:port or smtps://…; without it mail is written to DATA_DIR/mail as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('PromptMarket <no-reply@promptmarket.example>'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  logLevel: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  session: { idleMinutes: number; secureCookies: boolean };
  trustProxy: boolean;
  serveWeb: boolean;
  seedOnStart: boolean;
  /** Null until start-up resolves it (see `withAppKey`). */
  appKey: string | null;
  mail: { smtpUrl: string | null; from: string; dir: string };
}>;

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
  const dataDir = path.resolve(values.DATA_DIR);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    appUrl,
    logLevel: values.LOG_LEVEL,
    dataDir,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    session: { idleMinutes: values.SESSION_IDLE_MINUTES, secureCookies: appUrl.startsWith('https://') },
    trustProxy: values.TRUST_PROXY,
    serveWeb: values.SERVE_WEB,
    seedOnStart: values.SEED_ON_START,
    appKey: values.APP_KEY ?? null,
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM, dir: path.join(dataDir, 'mail') },
  } satisfies Config);
}

/**
 * The config with its signing key: APP_KEY when set, else a random key created once and kept
 * in DATA_DIR/app.key, so signed links survive restarts.
 */
export function withAppKey(config: Config): Config {
  if (config.appKey) return config;
  const file = path.join(config.dataDir, 'app.key');
  let key = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (key.length < 32) {
    mkdirSync(config.dataDir, { recursive: true });
    key = randomBytes(32).toString('base64url');
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  return Object.freeze({ ...config, appKey: key });
}
