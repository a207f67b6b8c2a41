// /api/onboarding-plans and /api/onboarding-tasks (spec section 7; permissions in DESIGN.md section 5).
import { Hono } from 'hono';
import { AssignPlanSchema, PlansPageSchema, SetTaskCompletedSchema, UpdatePlanSchema } from '../../shared/onboarding.ts';
import { transaction } from '../db/client.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import {
  assignPlanFromTemplate,
  deletePlan,
  findPlans,
  findPlanTasks,
  getPlanDetails,
  getPlanSummary,
  updatePlan,
} from './onboarding.queries.ts';
import { setTaskCompleted } from './tasks.queries.ts';

export const onboardingRoutes = new Hono<AppEnv>();
const staff = requireRole('admin', 'manager');

/** Paged: `?limit=` (default 100, at most 500) and `?offset=`; the headers echo the page used. */
onboardingRoutes.get('/onboarding-plans', requireUser, validate('query', PlansPageSchema), async (c) => {
  const page = c.req.valid('query');
  c.header('X-Page-Limit', String(page.limit));
  c.header('X-Page-Offset', String(page.offset));
  return c.json(await findPlans(c.var.deps.db, currentUser(c), page));
});

onboardingRoutes.post('/onboarding-plans', staff, validate('json', AssignPlanSchema), async (c) => {
  const plan = await assignPlanFromTemplate(c.var.deps.db, currentUser(c), c.req.valid('json'));
  return c.json(plan, 201);
});

onboardingRoutes.get('/onboarding-plans/:id', requireUser, async (c) =>
  c.json(await getPlanSummary(c.var.deps.db, currentUser(c), c.req.param('id'))),
);

onboardingRoutes.get('/onboarding-plans/:id/details', requireUser, async (c) =>
  c.json(await getPlanDetails(c.var.deps.db, currentUser(c), c.req.param('id'))),
);

onboardingRoutes.get('/onboarding-plans/:id/tasks', requireUser, async (c) =>
  c.json(await findPlanTasks(c.var.deps.db, currentUser(c), c.req.param('id'))),
);

onboardingRoutes.patch('/onboarding-plans/:id', requireUser, validate('json', UpdatePlanSchema), async (c) =>
  c.json(await updatePlan(c.var.deps.db, currentUser(c), c.req.param('id'), c.req.valid('json'))),
);

onboardingRoutes.delete('/onboarding-plans/:id', requireUser, async (c) => {
  await deletePlan(c.var.deps.db, currentUser(c), c.req.param('id'));
  return c.json({ message: 'Onboarding plan deleted' });
});

onboardingRoutes.patch('/onboarding-tasks/:taskId', requireUser, validate('json', SetTaskCompletedSchema), async (c) => {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const input = { ...c.req.valid('json'), taskId: c.req.param('taskId') };
  return c.json(await transaction(db, (tx) => setTaskCompleted(tx, user, input)));
});
