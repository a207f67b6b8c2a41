// Guards routes by sign-in and role (DESIGN.md section 5); api/auth/sessions.ts loadUser sets the caller.
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';

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
