// /api/my-tasks: the tasks assigned to the signed-in person across plans (any role); ticking goes through /api/onboarding-tasks.
import { Hono } from 'hono';
import type { MyTasksCount, MyTasksResponse } from '../../shared/onboarding.ts';
import { MyTasksQuerySchema } from '../../shared/onboarding-requests.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { countMyTasks, findMyTasks } from './my-tasks.queries.ts';

export const myTasksRoutes = new Hono<AppEnv>()
  .get('/', requireUser, validate('query', MyTasksQuerySchema), async (c) => {
    const answer: MyTasksResponse = { tasks: await findMyTasks(c.var.deps.db, currentUser(c), c.req.valid('query')) };
    return c.json(answer);
  })
  .get('/count', requireUser, async (c) => {
    const answer: MyTasksCount = await countMyTasks(c.var.deps.db, currentUser(c));
    return c.json(answer);
  });
