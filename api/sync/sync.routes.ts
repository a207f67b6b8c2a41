// The sync endpoints (DESIGN.md section 6): push queued mutations, pull changes since a cursor.
import { Hono } from 'hono';
import { PullQuerySchema, PushRequestSchema } from '../../shared/sync.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { pullChanges, pushMutations } from './sync.queries.ts';

export const syncRoutes = new Hono<AppEnv>()
  .post('/push', requireUser, validate('json', PushRequestSchema), async (c) => c.json(await pushMutations(c.var.deps.db, currentUser(c), c.req.valid('json'))))

  .get('/pull', requireUser, validate('query', PullQuerySchema), async (c) => {
    const { clientId, cursor } = c.req.valid('query');
    return c.json(await pullChanges(c.var.deps.db, currentUser(c), { clientId, cursor }));
  });
