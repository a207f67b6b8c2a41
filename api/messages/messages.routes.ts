// Plan conversations over REST: list (with ?after= for cheap polls), send, mark read, unread counts.
import { Hono } from 'hono';
import * as v from 'valibot';
import { MessagesQuerySchema, SendMessageSchema } from '../../shared/messages.ts';
import { transaction } from '../db/client.ts';
import { pokePlanIds, pokePlans, readByStaff } from '../events/publish.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { pushNewMessage } from '../push/message-push.ts';
import { countUnread, listMessages, markMessageRead, markPlanRead, sendMessageOnPlan } from './messages.queries.ts';

const IdParamSchema = v.object({ id: v.string() });
const PlanParamSchema = v.object({ planId: v.string() });

export const messagesRoutes = new Hono<AppEnv>()
  .use(requireUser)

  // Registered before /:planId so 'unread' is never read as a plan id.
  .get('/unread', async (c) => c.json(await countUnread(c.var.deps.db, currentUser(c))))

  .get('/:planId', validate('param', PlanParamSchema), validate('query', MessagesQuerySchema), async (c) => {
    const { after } = c.req.valid('query');
    return c.json(await listMessages(c.var.deps.db, currentUser(c), c.req.valid('param').planId, after));
  })

  .post('/', validate('json', SendMessageSchema), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const { message, plan } = await transaction(c.var.deps.db, (tx) => sendMessageOnPlan(tx, user, input));
    await pokePlans(c.var.deps, user.companyId, 'messages', [plan], { staffOnly: message.audience === 'staff' });
    await pushNewMessage(c.var.deps, message, new Date());
    return c.json(message, 201);
  })

  .patch('/:id/read', validate('param', IdParamSchema), async (c) => {
    const user = currentUser(c);
    const message = await markMessageRead(c.var.deps.db, user, c.req.valid('param').id);
    await pokePlanIds(c.var.deps, user.companyId, 'messages', [message.planId], { staffOnly: message.audience === 'staff' });
    return c.json(message);
  })

  /** Marks all of a plan's messages to the caller as read: one request when a conversation opens. */
  .post('/:planId/read', validate('param', PlanParamSchema), async (c) => {
    const user = currentUser(c);
    const { planId } = c.req.valid('param');
    const marked = await markPlanRead(c.var.deps.db, user, planId);
    if (marked > 0) await pokePlanIds(c.var.deps, user.companyId, 'messages', [planId], { staffOnly: readByStaff(user) });
    return c.json({ marked });
  });
