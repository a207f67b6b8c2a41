// Web Push for the signed-in person's devices: the server's public key, and subscribing or not.
import { Hono } from 'hono';
import * as v from 'valibot';
import { PushSubscriptionSchema } from '../../shared/notifications.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { deletePushSubscription, savePushSubscription } from './push.queries.ts';
import { vapidKeys } from './vapid-keys.ts';

const UnsubscribeSchema = v.object({ endpoint: v.pipe(v.string(), v.nonEmpty('Please send the push endpoint'), v.maxLength(2000)) });

export const pushRoutes = new Hono<AppEnv>()
  .use(requireUser)

  /** The applicationServerKey a browser subscribes with. */
  .get('/key', async (c) => {
    const { publicKey } = await vapidKeys(c.var.deps.db, c.var.deps.config);
    return c.json({ publicKey });
  })

  .post('/subscriptions', validate('json', PushSubscriptionSchema), async (c) => {
    const { created } = await savePushSubscription(c.var.deps.db, currentUser(c), c.req.valid('json'));
    return c.json({ subscribed: true }, created ? 201 : 200);
  })

  /** Answers 204 whether or not the caller had that endpoint: unsubscribing twice is not an error. */
  .delete('/subscriptions', validate('json', UnsubscribeSchema), async (c) => {
    await deletePushSubscription(c.var.deps.db, currentUser(c).id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });
