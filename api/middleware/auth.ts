// Who is calling: loads the session's user, and guards routes by sign-in and role (DESIGN.md section 5).
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles.ts';
import { getSessionId, readSessionUser } from '../auth/sessions.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';

export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sid = getSessionId(c);
  if (sid) {
    const user = await readSessionUser(c.var.deps.db, sid);
    if (user) {
      c.set('user', user);
      c.set('sessionId', sid);
    }
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
};

/** Signed in and one of these roles; otherwise 401 or 403. */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/** The caller, after requireUser or requireRole has run. */
export function currentUser(c: Context<AppEnv>): CurrentUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}
