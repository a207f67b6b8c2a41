// Server configuration: every environment variable is read here, once, and nowhere else.
import { dirname, join } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' }).transform((value) => value === 'true' || value === '1');

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
  SEED_DEMO: bool.optional(),
  ALLOW_INSECURE_HTTP: bool.default(false),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(7),
  BACKUP_INTERVAL: z
    .string()
    .regex(/^[1-9][0-9]*(s|m|h|d)$/, 'must be a number and a unit (s, m, h or d), e.g. 24h')
    .default('24h'),
  PAYHERE_MERCHANT_ID: z.string().min(1).optional(),
  PAYHERE_MERCHANT_SECRET: z.string().min(1).optional(),
  PAYHERE_MODE: z.enum(['live', 'sandbox', 'simulator']).optional(),
  PAYHERE_APP_ID: z.string().min(1).optional(),
  PAYHERE_APP_SECRET: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().default('support@kickoff.local'),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+?[0-9 ]{6,20}$/, 'must be a phone number in international format')
    .optional(),
  TRUST_PROXY: bool.default(false),
  STATIC_DIR: z.string().min(1).default('dist'),
  // Web Push (VAPID) keys as `npx web-push generate-vapid-keys` prints them: an uncompressed P-256 point and its private scalar.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a URL-safe base64 P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a URL-safe base64 P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  // Uploaded files (issue 19): a folder (default: uploads/ beside the SQLite file), or S3-compatible storage when S3_BUCKET is set.
  UPLOAD_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Webhooks (issue 21): may endpoints be on private, loopback or link-local addresses? Default: yes outside production, no in it (SSRF).
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  // Seals SSO client secrets and TOTP secrets at rest (issue 24): 32 random bytes, base64 (`openssl rand -base64 32`).
  SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  database: DatabaseConfig;
  appUrl: string;
  smtpUrl: string | undefined;
  mailDir: string;
  /**
   * Whether to seed the demo company on an empty database, and with which password: the README's one
   * only where nobody else can reach the server; otherwise a random one, printed once.
   */
  demoSeed: 'off' | 'documented-password' | 'random-password';
  /** appId / appSecret: the API key of PayHere's Subscription Manager API, which stops recurring billing on cancel. */
  payhere: { merchantId?: string; merchantSecret?: string; appId?: string; appSecret?: string; mode: 'live' | 'sandbox' | 'simulator' };
  supportEmail: string;
  supportWhatsapp: string | undefined;
  trustProxy: boolean;
  staticDir: string;
  /** HOST is beyond loopback: anyone on the network can reach the server directly. */
  exposed: boolean;
  /**
   * Demo-only conveniences are refused (the PayHere simulator, mail to files, the known demo
   * password): the server is exposed, or NODE_ENV=production. Names why, for start-up errors.
   */
  deployment: { reason: string } | undefined;
  /** Session cookie `__Host-` prefixed and Secure: deployed, unless ALLOW_INSECURE_HTTP. */
  secureCookies: boolean;
  /** Strict-Transport-Security sent: same rule as secureCookies. */
  hsts: boolean;
  /** Scheduled online backups of the SQLite file (BACKUP_DIR); undefined when off. */
  backup: { dir: string; keep: number; intervalMs: number } | undefined;
  /** Web Push: the VAPID keys from the environment (else made once and kept in server_settings) and the contact push services see. */
  push: { vapidKeys: { publicKey: string; privateKey: string } | undefined; subject: string };
  /** Where uploaded files' bytes live (api/uploads/file-storage.ts). */
  files: FileStorageConfig;
  /** Webhook endpoints on private, loopback or link-local addresses are allowed (tests, development); never by default in production (SSRF). */
  webhooks: { allowPrivate: boolean };
  /**
   * The AES-256 key that seals secrets at rest (api/lib/secret-box.ts). Outside a deployment a fixed
   * development key stands in; deployed without SECRETS_KEY it is undefined and SSO and TOTP set-up are refused.
   */
  secretsKey: Buffer | undefined;
};

/** Not a secret: seals local development and test data only; a deployment must set SECRETS_KEY. */
const DEVELOPMENT_SECRETS_KEY = 'a2lja29mZi1kZXZlbG9wbWVudC1vbmx5LXNlY3JldHM=';

/**
 * A folder on this machine, or an S3-compatible bucket: `endpoint` is AWS's regional one unless set;
 * `forcePathStyle` puts the bucket in the path (MinIO and most self-hosted stores) instead of the host name.
 */
export type FileStorageConfig =
  { kind: 'disk'; dir: string } | { kind: 's3'; bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

/** SQLite (one file, the embedded default) or PostgreSQL (selected by DATABASE_URL). */
export type DatabaseConfig = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; poolSize: number };
export type DatabaseEngine = DatabaseConfig['engine'];

export class ConfigError extends Error {}

/** What a scheduled backup on PostgreSQL answers: there is no file to copy. */
export const POSTGRES_BACKUP_DIR_MESSAGE =
  'Invalid configuration: BACKUP_DIR copies the SQLite file, but DATABASE_URL selects PostgreSQL: schedule pg_dump instead, e.g. pg_dump --format=custom --file=kickoff.dump "$DATABASE_URL" (see the README).';

/** Live or sandbox PayHere with a merchant but no Subscription Manager API key: a cancel could not stop the billing. */
export const PAYHERE_APP_REQUIRED_MESSAGE =
  "Invalid configuration: PAYHERE_APP_ID and PAYHERE_APP_SECRET are required with PAYHERE_MERCHANT_ID in live and sandbox mode: cancelling a subscription stops PayHere's recurring billing through its Subscription Manager API (create the key in PayHere under Settings > API Keys).";

/** Addresses only this machine can reach (the whole 127.0.0.0/8 block is loopback). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function durationMs(value: string): number {
  const unit = value.slice(-1) as keyof typeof UNIT_MS;
  return Number(value.slice(0, -1)) * UNIT_MS[unit];
}

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
  const exposed = !isLoopback(env.HOST);
  const production = env.NODE_ENV === 'production';
  const deployment = production ? { reason: 'NODE_ENV=production' } : exposed ? { reason: `HOST=${env.HOST} listens beyond loopback` } : undefined;

  // The simulator completes payments for free: only on a server nobody else can reach.
  const mode = env.PAYHERE_MODE ?? (deployment ? 'live' : 'simulator');
  if (mode === 'simulator' && deployment) {
    throw new ConfigError(`Invalid configuration: PAYHERE_MODE=simulator is for local demos only and ${deployment.reason}; use live, or sandbox on a private staging server.`);
  }
  if (mode === 'sandbox' && production) {
    throw new ConfigError('Invalid configuration: PAYHERE_MODE=sandbox is not allowed with NODE_ENV=production (payments would not be real); use live.');
  }
  if (!env.PAYHERE_APP_ID !== !env.PAYHERE_APP_SECRET) {
    throw new ConfigError('Invalid configuration: PAYHERE_APP_ID and PAYHERE_APP_SECRET go together (one PayHere API key); set both or neither.');
  }
  // Every checkout is a recurring subscription: a server that can take payments must be able to stop them.
  if (mode !== 'simulator' && env.PAYHERE_MERCHANT_ID && !env.PAYHERE_APP_ID) {
    throw new ConfigError(PAYHERE_APP_REQUIRED_MESSAGE);
  }
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (one key pair); set both or neither.');
  }
  if (env.BACKUP_DIR && env.DATABASE_URL) throw new ConfigError(POSTGRES_BACKUP_DIR_MESSAGE);
  if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the key that may read and write the bucket).');
  }
  const backupIntervalMs = durationMs(env.BACKUP_INTERVAL);
  // Node's timers hold at most 2^31 - 1 ms (24.8 days); a longer one would fire at once.
  if (backupIntervalMs > 24 * UNIT_MS.d) throw new ConfigError('Invalid configuration: BACKUP_INTERVAL must be at most 24d');

  // Deployed, the demo company is made only when asked for, and never with the README's password.
  const seedWanted = env.SEED_DEMO ?? deployment === undefined;
  const demoSeed = !seedWanted ? 'off' : deployment ? 'random-password' : 'documented-password';
  const secure = deployment !== undefined && !env.ALLOW_INSECURE_HTTP;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { engine: 'sqlite', path: env.DATABASE_PATH },
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailDir: env.MAIL_DIR,
    demoSeed,
    payhere: {
      merchantId: env.PAYHERE_MERCHANT_ID,
      merchantSecret: env.PAYHERE_MERCHANT_SECRET,
      appId: env.PAYHERE_APP_ID,
      appSecret: env.PAYHERE_APP_SECRET,
      mode,
    },
    supportEmail: env.SUPPORT_EMAIL,
    supportWhatsapp: env.SUPPORT_WHATSAPP,
    trustProxy: env.TRUST_PROXY,
    staticDir: env.STATIC_DIR,
    exposed,
    deployment,
    secureCookies: secure,
    hsts: secure,
    backup: env.BACKUP_DIR ? { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, intervalMs: backupIntervalMs } : undefined,
    push: {
      vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
    },
    files:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET,
            endpoint: (env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk', dir: env.UPLOAD_DIR ?? join(dirname(env.DATABASE_PATH), 'uploads') },
    webhooks: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE ?? !production },
    secretsKey: env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'base64') : deployment ? undefined : Buffer.from(DEVELOPMENT_SECRETS_KEY, 'base64'),
  };
}
