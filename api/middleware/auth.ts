// Guards routes by sign-in and role (DESIGN.md section 5); api/auth/sessions.ts loadUser sets the caller.
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import { SECOND_FACTOR_REQUIRED } from '../../shared/two-factor.ts';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';

/**
 * What a session that owes a second factor may still reach (issue 24): who is signed in, and the routes
 * that set up or confirm a second factor (authenticator app, passkeys). Signing out needs no session.
 */
const SECOND_FACTOR_SETUP_PATHS = ['/api/auth/user', '/api/users/me/two-factor', '/api/users/me/passkeys'];

/** 403 when the company requires a second factor of this admin or manager and the session has none yet. */
function assertSecondFactor(c: Context<AppEnv>): void {
  if (!c.var.secondFactorMissing) return;
  const path = c.req.path;
  if (SECOND_FACTOR_SETUP_PATHS.some((allowed) => path === allowed || path.startsWith(`${allowed}/`))) return;
  throw new AppError(403, SECOND_FACTOR_REQUIRED, { code: ERROR_CODE.secondFactorRequired });
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized();
  assertSecondFactor(c);
  await next();
};

/** Signed in and one of these roles; otherwise 401 or 403. */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    assertSecondFactor(c);
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
