// The sync endpoints (DESIGN.md section 6): push queued mutations, pull changes since a cursor.
import { Hono } from 'hono';
import { PullQuerySchema, PushRequestSchema } from '../../shared/sync.ts';
import type { TickedTaskRef } from '../events/events.queries.ts';
import { appliedMutations, pokePushed } from '../events/publish.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { pushNewMessages } from '../push/message-push.ts';
import { pullChanges, pushMutations } from './sync.queries.ts';

export const syncRoutes = new Hono<AppEnv>()
  .post('/push', requireUser, validate('json', PushRequestSchema), async (c) => {
    const user = currentUser(c);
    const request = c.req.valid('json');
    const ticked: TickedTaskRef[] = [];
    const response = await pushMutations(c.var.deps.db, user, request, ticked);
    const applied = appliedMutations(request.mutations, response);
    await pokePushed(c.var.deps, user, applied, ticked);
    // Messages written offline notify their receivers too, once they reach the server.
    await pushNewMessages(c.var.deps, user.companyId, applied.sentMessageIds, new Date());
    return c.json(response);
  })

  .get('/pull', requireUser, validate('query', PullQuerySchema), async (c) => {
    const { clientId, cursor } = c.req.valid('query');
    return c.json(await pullChanges(c.var.deps.db, currentUser(c), { clientId, cursor }));
  });
