// The Hono environment: dependencies every handler reads, and the signed-in user once loaded.
import type { ApiKeyScope } from '../../shared/api-keys.ts';
import type { Role } from '../../shared/roles.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { sessions } from '../db/schema.ts';
import type { ChangeBus } from '../events/bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { FileStorage } from '../uploads/file-storage.ts';

/**
 * `changes`: where write routes publish pokes and event streams subscribe (api/events/bus.ts); `files`:
 * where uploaded files' bytes are kept (api/uploads/file-storage.ts).
 */
export type AppDeps = { db: Db; config: Config; mailer: Mailer; changes: ChangeBus; files: FileStorage };

/** What every authenticated handler knows about the caller; all queries scope by companyId. */
export type CurrentUser = {
  id: string;
  email: string;
  role: Role;
  companyId: string;
  fullName: string | null;
  managerId: string | null;
};

/** The caller's fields of a user row: tests and benchmarks call the queries as a person, with no request. */
export function asCurrentUser(row: CurrentUser): CurrentUser {
  return { id: row.id, email: row.email, role: row.role, companyId: row.companyId, fullName: row.fullName, managerId: row.managerId };
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: CurrentUser | undefined;
    sessionId: string | undefined;
    /** How the request's session began (sessions.method; null for sessions older than issue 24). */
    sessionMethod: NonNullable<typeof sessions.$inferSelect.method> | null | undefined;
    /** The company requires a second factor of this admin or manager and the session has none (issue 24). */
    secondFactorMissing: boolean | undefined;
    /** Set when the request is authenticated by an API key (api/api-keys/api-key-auth.ts); `user` is then its creator. */
    apiKey: { id: string; scope: ApiKeyScope } | undefined;
  };
};
