// In-process API for tests: a private in-memory database, mail captured in memory, and sign-in helpers.
import { createApp } from '../app.ts';
import { createSession, sessionCookieName } from '../auth/sessions.ts';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import type Database from 'better-sqlite3';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import type { Mail } from '../mail/mailer.ts';

// A precomputed Argon2id hash of TEST_PASSWORD, so fixtures do not pay for hashing.
export const TEST_PASSWORD = 'Test#Pass1';
export const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$bM49eif3V2TWgBfv08eS1g$97hHcwCmC8imN3eELGlYqLvosB1gf38u+Ze5LIYpQw4';

export type RequestOptions = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

/** The API over a given database: requests in process, mail captured in memory, sessions on demand. */
export function apiOver(db: Db, sqlite: Database.Database, config: Config) {
  const mails: Mail[] = [];
  const mailer = { send: async (mail: Mail) => void mails.push(mail) };
  const app = createApp({ db, sqlite, config, mailer });

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
  function cookieFor(userId: string): string {
    return `${sessionCookieName(false)}=${createSession(db, userId)}`;
  }

  return { app, db, sqlite, config, mails, request, cookieFor };
}

export function createTestContext(env: Record<string, string> = {}) {
  const { db, sqlite } = openDatabase(':memory:');
  const config = loadConfig({ NODE_ENV: 'test', MAIL_DIR: '/tmp/kickoff-test-mail', ...env });
  const { app, mails, request, cookieFor } = apiOver(db, sqlite, config);

  /** A company with an admin, a manager and a new hire (managed by the manager), each signed in. */
  function createCompany(name = 'Acme') {
    const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}`;
    const { company, user: admin } = createCompanyWithAdmin(db, {
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
    const manager = member('manager', 'manager');
    const newHire = member('new_hire', 'newhire', manager.id);
    return {
      company,
      admin,
      manager,
      newHire,
      cookies: { admin: cookieFor(admin.id), manager: cookieFor(manager.id), newHire: cookieFor(newHire.id) },
    };
  }

  return { app, db, sqlite, config, mails, request, cookieFor, createCompany };
}

export type TestContext = ReturnType<typeof createTestContext>;
