// /api/notifications: a person's choice of reminder kinds, and the unsubscribe link of reminder mails
// (which works signed out: its token is signed, see unsubscribe-token.ts; RFC 8058 one-click POST).
import { Hono } from 'hono';
import * as v from 'valibot';
import { NotificationPreferencesSchema } from '../../shared/notifications.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { preferencesOf, savePreferences } from './preferences.queries.ts';
import { INVALID_UNSUBSCRIBE_LINK, previewUnsubscribe, unsubscribe } from './unsubscribe.queries.ts';

const UnsubscribeQuery = v.object({ token: v.pipe(v.string(INVALID_UNSUBSCRIBE_LINK), v.minLength(1, INVALID_UNSUBSCRIBE_LINK), v.maxLength(512, INVALID_UNSUBSCRIBE_LINK)) });

export const notificationsRoutes = new Hono<AppEnv>()
  .get('/preferences', requireUser, async (c) => c.json(await preferencesOf(c.var.deps.db, currentUser(c).id)))

  .put('/preferences', requireUser, validate('json', NotificationPreferencesSchema), async (c) => c.json(await savePreferences(c.var.deps.db, currentUser(c), c.req.valid('json'))))

  .get('/unsubscribe', validate('query', UnsubscribeQuery), async (c) => c.json(await previewUnsubscribe(c.var.deps.db, c.req.valid('query').token)))

  /** The body (`List-Unsubscribe=One-Click` from a mail client, JSON or nothing from the app) carries no meaning. */
  .post('/unsubscribe', validate('query', UnsubscribeQuery), async (c) => c.json(await unsubscribe(c.var.deps.db, c.req.valid('query').token)));
