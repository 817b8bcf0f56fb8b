import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address people use to reach the shop; links in mails and the Secure cookie flag follow it. */
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
  } satisfies Config);
}
