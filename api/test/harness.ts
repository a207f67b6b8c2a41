// In-process API for tests: a private database (in-memory SQLite, or a fresh copy of the migrated
// PostgreSQL database under scripts/with-postgres.ts), mail captured in memory, and sign-in helpers.
import { createApp } from '../app.ts';
import { createSession, sessionCookieName } from '../auth/sessions.ts';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import { type Config, databaseEngine, loadConfig, postgresTestUrls } from '../config.ts';
import { type Db, type OpenDatabase, openDatabase } from '../db/client.ts';
import type { ChangeBusOptions } from '../events/bus.ts';
import { createChangeBus } from '../events/create-bus.ts';
import type { Mail } from '../mail/mailer.ts';
import { settleBackgroundDeliveries } from '../mail/outbox.ts';
import { createFileStorage } from '../uploads/file-storage.ts';
import { createDatabase, dropDatabase } from '../../scripts/postgres-cluster.ts';

// A precomputed Argon2id hash of TEST_PASSWORD, so fixtures do not pay for hashing.
export const TEST_PASSWORD = 'Test#Pass1';
export const TEST_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bM49eif3V2TWgBfv08eS1g$97hHcwCmC8imN3eELGlYqLvosB1gf38u+Ze5LIYpQw4';

export type RequestOptions = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

export const testEngine = databaseEngine();

const openDatabases = new Set<() => Promise<void>>();
/** Change buses (on PostgreSQL each may hold a LISTEN connection): closed before their databases are dropped. */
const openBuses = new Set<() => Promise<void>>();

/** Closes every test database opened so far (api/test/setup.ts runs it after each test file). */
export async function closeTestDatabases(): Promise<void> {
  // A delivery still writing must finish before its database goes, or it would never settle, and the
  // next file's requests (which wait for every background delivery) would wait forever.
  await settleBackgroundDeliveries();
  await Promise.all([...openBuses].map((close) => close()));
  openBuses.clear();
  await Promise.all([...openDatabases].map((close) => close()));
  openDatabases.clear();
}

/**
 * A private, migrated database of the engine under test; closed (and on PostgreSQL dropped) after the
 * test file. `template` copies another test database instead (PostgreSQL's CREATE DATABASE ... TEMPLATE).
 */
export async function openTestDatabase(template?: string): Promise<OpenDatabase & { config: Config['database']; name?: string }> {
  const urls = postgresTestUrls();
  if (testEngine === 'sqlite' || !urls) {
    const config = { engine: 'sqlite', path: ':memory:' } as const;
    const database = await openDatabase(config);
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= database.close());
    openDatabases.add(close);
    return { ...database, close, config };
  }
  const name = `test_${crypto.randomUUID().replaceAll('-', '')}`;
  await createDatabase(urls.admin, name, template ?? new URL(urls.template).pathname.slice(1));
  const url = new URL(urls.template);
  url.pathname = `/${name}`;
  const config = { engine: 'postgres', url: url.toString(), poolSize: 4 } as const;
  const database = await openDatabase(config);
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= database.close().then(() => dropDatabase(urls.admin, name)));
  openDatabases.add(close);
  return { ...database, close, config, name };
}

/** A Cookie header for a fresh session of the user, made in the database: no sign-in, no Argon2, no rate limit. */
export async function sessionCookie(db: Db, userId: string, secureCookies = false): Promise<string> {
  return `${sessionCookieName(secureCookies)}=${await createSession(db, userId)}`;
}

/** The API over a given database: requests in process, mail captured in memory, sessions on demand. */
export function apiOver(db: Db, config: Config, busOptions: ChangeBusOptions = {}) {
  const mails: Mail[] = [];
  const mailer = { send: async (mail: Mail) => void mails.push(mail) };
  const changes = createChangeBus(config.database, db, busOptions);
  openBuses.add(() => changes.close());
  const files = createFileStorage(config.files);
  const app = createApp({ db, config, mailer, changes, files });

  async function request(path: string, options: RequestOptions = {}) {
    const { method = 'GET', body, cookie, headers = {} } = options;
    const response = await app.request(path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    // Mails a route sends without waiting (forgot-password) have arrived by the time the test reads them.
    await settleBackgroundDeliveries();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, text, body: json as any };
  }

  /** A cookie header for a fresh session of this user. */
  const cookieFor = (userId: string) => sessionCookie(db, userId, config.secureCookies);

  return { app, db, config, mails, changes, files, request, cookieFor };
}

/** `busOptions`: the change bus's, e.g. a short keep-alive for the event stream's tests. */
export async function createTestContext(env: Record<string, string> = {}, busOptions: ChangeBusOptions = {}) {
  const database = await openTestDatabase();
  // Uploads in a folder of this context's own: test files run at once.
  const uploadDir = `/tmp/kickoff-test-uploads/${crypto.randomUUID()}`;
  const config = { ...loadConfig({ NODE_ENV: 'test', MAIL_DIR: '/tmp/kickoff-test-mail', UPLOAD_DIR: uploadDir, ...env }), database: database.config };
  const { db } = database;
  const { app, mails, changes, files, request, cookieFor } = apiOver(db, config, busOptions);

  /** A company with an admin, a manager and a new hire (managed by the manager), each signed in. */
  async function createCompany(name = 'Acme') {
    const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}`;
    const { company, user: admin } = await createCompanyWithAdmin(db, {
      fullName: `${name} Admin`,
      email: `admin@${slug}.test`,
      passwordHash: TEST_PASSWORD_HASH,
      companyName: name,
      companyAddress: '1 Test Street',
      isEmailVerified: true,
    });
    const member = (role: 'manager' | 'new_hire', label: string, managerId?: string) =>
      createTeamMember(db, {
        companyId: company.id,
        email: `${label}@${slug}.test`,
        fullName: `${name} ${label}`,
        role,
        managerId,
        passwordHash: TEST_PASSWORD_HASH,
        isEmailVerified: true,
      });
    const manager = await member('manager', 'manager');
    const newHire = await member('new_hire', 'newhire', manager.id);
    return {
      company,
      admin,
      manager,
      newHire,
      cookies: { admin: await cookieFor(admin.id), manager: await cookieFor(manager.id), newHire: await cookieFor(newHire.id) },
    };
  }

  return { app, db, database, config, mails, changes, files, request, cookieFor, createCompany };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
