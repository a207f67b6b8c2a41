// Every way of signing in (password, SSO, passkey, second factor) ends in completeSignIn, so a session
// always starts the same way: a fresh id (it rotates at every step-up), the sign-in recorded, the user answered.
import type { Context } from 'hono';
import { found } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { getSessionUser, recordSignIn } from './auth.queries.ts';
import { type SessionMethod, startSession } from './sessions.ts';

export async function completeSignIn(c: Context<AppEnv>, userId: string, method: SessionMethod) {
  const { db } = c.var.deps;
  await startSession(c, userId, method);
  await recordSignIn(db, userId);
  return found(await getSessionUser(db, userId), 'User');
}
