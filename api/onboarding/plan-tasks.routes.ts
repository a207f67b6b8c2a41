// /api/onboarding-plans/{id}/...: one person's plan changed without touching its template (add, edit,
// remove, reorder tasks; re-apply the template), and exported as CSV. Mounted next to plansRoutes.
import { Hono } from 'hono';
import { PlanTaskInputSchema, TaskOrderSchema } from '../../shared/onboarding-requests.ts';
import { pokePlanIds, taskDoersOf } from '../events/publish.ts';
import { csvAttachment } from '../lib/csv.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { exportPlanCsv } from './plan-export.ts';
import { addPlanTask, removePlanTask, reorderPlanTasks, updatePlanTask } from './plan-tasks.queries.ts';
import { reapplyTemplateToPlan } from './reapply.queries.ts';

// requireUser, not requireRole: the plan's new hire hears 403 and anyone who cannot see it 404 (assertCanEditPlan).
export const planTasksRoutes = new Hono<AppEnv>()
  .post('/:id/tasks', requireUser, validate('json', PlanTaskInputSchema), async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    const task = await addPlanTask(c.var.deps.db, user, planId, c.req.valid('json'));
    await pokePlanIds(c.var.deps, user.companyId, 'tasks', [planId]);
    return c.json(task, 201);
  })

  .put('/:id/tasks/:taskId', requireUser, validate('json', PlanTaskInputSchema), async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    const previousDoers = await taskDoersOf(c.var.deps, user.companyId, [planId]);
    const task = await updatePlanTask(c.var.deps.db, user, planId, c.req.param('taskId'), c.req.valid('json'));
    await pokePlanIds(c.var.deps, user.companyId, 'tasks', [planId], { previousDoers });
    return c.json(task);
  })

  .delete('/:id/tasks/:taskId', requireUser, async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    const previousDoers = await taskDoersOf(c.var.deps, user.companyId, [planId]);
    await removePlanTask(c.var.deps.db, user, planId, c.req.param('taskId'));
    await pokePlanIds(c.var.deps, user.companyId, 'tasks', [planId], { previousDoers });
    return c.json({ message: 'Task removed' });
  })

  .put('/:id/task-order', requireUser, validate('json', TaskOrderSchema), async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    const tasks = await reorderPlanTasks(c.var.deps.db, user, planId, c.req.valid('json'));
    await pokePlanIds(c.var.deps, user.companyId, 'tasks', [planId]);
    return c.json(tasks);
  })

  .post('/:id/reapply-template', requireUser, async (c) => {
    const user = currentUser(c);
    const planId = c.req.param('id');
    const result = await reapplyTemplateToPlan(c.var.deps.db, user, planId);
    if (result.added) await pokePlanIds(c.var.deps, user.companyId, 'tasks', [planId]);
    return c.json(result);
  })

  .get('/:id/export.csv', requireUser, async (c) => {
    return csvAttachment(c, await exportPlanCsv(c.var.deps.db, currentUser(c), c.req.param('id')));
  });
