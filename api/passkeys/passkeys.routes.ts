// Passkeys (issue 24). /api/users/me/passkeys: the signed-in person's own passkeys (any role), added
// through a WebAuthn ceremony, renamed and removed; another person's is not found. /api/auth/passkey:
// signing in with one, public and rate-limited (api/passkeys/passkeys.ts holds the ceremonies).
import { Hono } from 'hono';
import { PasskeySignInSchema, RegisterPasskeySchema, RenamePasskeySchema } from '../../shared/passkeys.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { finishRegistration, finishSignIn, startRegistration, startSignIn } from './passkeys.ts';
import { listPasskeys, removePasskey, renamePasskey } from './passkeys.queries.ts';

export const passkeysRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listPasskeys(c.var.deps.db, currentUser(c).id)))

  /** Starts adding a passkey: the options for navigator.credentials.create, its challenge kept for this browser. */
  .post('/options', requireUser, async (c) => c.json(await startRegistration(c, currentUser(c))))

  .post('/', requireUser, validate('json', RegisterPasskeySchema), async (c) => c.json(await finishRegistration(c, currentUser(c), c.req.valid('json')), 201))

  .patch('/:id', requireUser, validate('json', RenamePasskeySchema), async (c) =>
    c.json(await renamePasskey(c.var.deps.db, currentUser(c).id, c.req.param('id'), c.req.valid('json').name)),
  )

  .delete('/:id', requireUser, async (c) => {
    await removePasskey(c.var.deps.db, currentUser(c).id, c.req.param('id'));
    return c.json({ message: 'The passkey has been removed. It can no longer sign you in.' });
  });

export const passkeySignInRoutes = new Hono<AppEnv>()
  /** A challenge for any passkey of this site: no email, the passkey names its person. */
  .post('/options', async (c) => c.json(await startSignIn(c)))

  .post('/', validate('json', PasskeySignInSchema), async (c) => c.json({ user: await finishSignIn(c, c.req.valid('json')) }));
