// /api/tasks/{taskId}/acknowledgement: the new hire accepts the task's policy (issue 19).
import { Hono } from 'hono';
import { AcceptPolicySchema } from '../../shared/acknowledgements.ts';
import { pokePlans } from '../events/publish.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { requestAddress } from '../middleware/rate-limit.ts';
import { acceptPolicy } from './acknowledgements.queries.ts';

export const acknowledgementRoutes = new Hono<AppEnv>().post('/:taskId/acknowledgement', requireUser, validate('json', AcceptPolicySchema), async (c) => {
  const user = currentUser(c);
  const origin = { ipAddress: requestAddress(c) ?? null, userAgent: c.req.header('user-agent') ?? null };
  const { record, tick } = await acceptPolicy(c.var.deps.db, user, c.req.param('taskId'), c.req.valid('json'), origin);
  // As a tick: the task completed, and only its assignee has it in their My tasks.
  await pokePlans(c.var.deps, user.companyId, 'tasks', [tick.plan], { doers: tick.task.assigneeId ? [tick.task.assigneeId] : [] });
  return c.json(record, 201);
});
