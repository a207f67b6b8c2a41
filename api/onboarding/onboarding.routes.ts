// /api/onboarding-plans and /api/onboarding-tasks, a router each (spec section 7; permissions in DESIGN.md section 5).
import { Hono } from 'hono';
import { AssignPlanSchema, PlansPageSchema, SetTaskCompletedSchema, UpdatePlanSchema } from '../../shared/onboarding-requests.ts';
import { transaction } from '../db/client.ts';
import { planRefs } from '../events/events.queries.ts';
import { pokePlanIds, pokePlans, taskDoersOf } from '../events/publish.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { assignPlanFromTemplate, deletePlan, findPlans, findPlanTasks, getPlanDetails, getPlanSummary, updatePlan } from './onboarding.queries.ts';
import { setTaskCompleted } from './tasks.queries.ts';
import { removeStoredFiles } from '../uploads/file-cleanup.ts';

const staff = requireRole('admin', 'manager');

export const plansRoutes = new Hono<AppEnv>()
  /** Paged: `?limit=` (default 100, at most 500) and `?offset=`; the headers echo the page used. */
  .get('/', requireUser, validate('query', PlansPageSchema), async (c) => {
    const page = c.req.valid('query');
    c.header('X-Page-Limit', String(page.limit));
    c.header('X-Page-Offset', String(page.offset));
    return c.json(await findPlans(c.var.deps.db, currentUser(c), page));
  })

  .post('/', staff, validate('json', AssignPlanSchema), async (c) => {
    const user = currentUser(c);
    const plan = await assignPlanFromTemplate(c.var.deps.db, user, c.req.valid('json'));
    await pokePlans(c.var.deps, user.companyId, 'plans', [plan]);
    return c.json(plan, 201);
  })

  .get('/:id', requireUser, async (c) => c.json(await getPlanSummary(c.var.deps.db, currentUser(c), c.req.param('id'))))

  .get('/:id/details', requireUser, async (c) => c.json(await getPlanDetails(c.var.deps.db, currentUser(c), c.req.param('id'))))

  .get('/:id/tasks', requireUser, async (c) => c.json(await findPlanTasks(c.var.deps.db, currentUser(c), c.req.param('id'))))

  .patch('/:id', requireUser, validate('json', UpdatePlanSchema), async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const planId = c.req.param('id');
    // Who saw the plan before: a manager or new hire it is handed away from hears of it too.
    const previously = await planRefs(db, user.companyId, [planId]);
    const previousDoers = await taskDoersOf(c.var.deps, user.companyId, [planId]);
    const plan = await updatePlan(db, user, planId, c.req.valid('json'));
    await pokePlans(c.var.deps, user.companyId, 'plans', [plan], { previously, previousDoers });
    return c.json(plan);
  })

  .delete('/:id', requireUser, async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    await removeStoredFiles(c.var.deps.files, await deletePlan(c.var.deps.db, user, planId));
    await pokePlanIds(c.var.deps, user.companyId, 'plans', [planId]);
    return c.json({ message: 'Onboarding plan deleted' });
  });

export const tasksRoutes = new Hono<AppEnv>().patch('/:taskId', requireUser, validate('json', SetTaskCompletedSchema), async (c) => {
  const { db } = c.var.deps;
  const user = currentUser(c);
  const input = { ...c.req.valid('json'), taskId: c.req.param('taskId') };
  const { task, plan } = await transaction(db, (tx) => setTaskCompleted(tx, user, input));
  // Only the task's assignee has it in their My tasks: no other doer of the plan needs to hear of it.
  await pokePlans(c.var.deps, user.companyId, 'tasks', [plan], { doers: task.assigneeId ? [task.assigneeId] : [] });
  return c.json(task);
});
