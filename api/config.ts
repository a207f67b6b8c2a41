// Server configuration: every environment variable is read here, once, and nowhere else.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('data/kickoff.sqlite'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(200).default(10),
  APP_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_DIR: z.string().min(1).default('data/mail'),
  SEED_DEMO: bool.default(true),
  PAYHERE_MERCHANT_ID: z.string().min(1).optional(),
  PAYHERE_MERCHANT_SECRET: z.string().min(1).optional(),
  PAYHERE_MODE: z.enum(['live', 'sandbox', 'simulator']).optional(),
  SUPPORT_EMAIL: z.email().default('support@kickoff.local'),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number in international format')
    .optional(),
  TRUST_PROXY: bool.default(false),
  STATIC_DIR: z.string().min(1).default('dist'),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  database: DatabaseConfig;
  appUrl: string;
  smtpUrl: string | undefined;
  mailDir: string;
  seedDemo: boolean;
  payhere: { merchantId?: string; merchantSecret?: string; mode: 'live' | 'sandbox' | 'simulator' };
  supportEmail: string;
  supportWhatsapp: string | undefined;
  trustProxy: boolean;
  staticDir: string;
};

/** SQLite (one file, the embedded default) or PostgreSQL (selected by DATABASE_URL). */
export type DatabaseConfig = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; poolSize: number };
export type DatabaseEngine = DatabaseConfig['engine'];

export class ConfigError extends Error {}

/**
 * The engine this process runs on. The tables are bound to one dialect when the schema module loads
 * (api/db/schema.ts), before any config object exists, so it is read from the environment here.
 */
export function databaseEngine(source: Record<string, string | undefined> = process.env): DatabaseEngine {
  return source.DATABASE_URL ? 'postgres' : 'sqlite';
}

/**
 * Under `scripts/with-postgres.ts`: the migrated database each test file copies, and the cluster's
 * maintenance database (to create and drop those copies).
 */
export function postgresTestUrls(source: Record<string, string | undefined> = process.env): { template: string; admin: string } | undefined {
  const template = source.DATABASE_URL;
  const admin = source.KICKOFF_PG_ADMIN_URL;
  return template && admin ? { template, admin } : undefined;
}

/** Parses the environment; an empty string counts as unset so `FOO= npm start` behaves. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const mode = env.PAYHERE_MODE ?? (env.NODE_ENV === 'production' ? 'live' : 'simulator');
  if (mode === 'simulator' && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: PAYHERE_MODE simulator is not allowed in production');
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { engine: 'sqlite', path: env.DATABASE_PATH },
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailDir: env.MAIL_DIR,
    seedDemo: env.SEED_DEMO,
    payhere: { merchantId: env.PAYHERE_MERCHANT_ID, merchantSecret: env.PAYHERE_MERCHANT_SECRET, mode },
    supportEmail: env.SUPPORT_EMAIL,
    supportWhatsapp: env.SUPPORT_WHATSAPP,
    trustProxy: env.TRUST_PROXY,
    staticDir: env.STATIC_DIR,
  };
}
