// What new hires handed in, for staff (issue 19): a plan's Responses view, and one template task's
// answers or policy acceptances across the template's plans as a CSV download. Mounted at /api.
import { Hono } from 'hono';
import { csvAttachment } from '../lib/csv.ts';
import type { AppEnv } from '../lib/env.ts';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { exportResponsesCsv, planResponses } from './responses.queries.ts';

// requireUser, not requireRole: a new hire hears 403 only for their own plan, 404 for anything unseen.
export const responsesRoutes = new Hono<AppEnv>()
  .get('/plans/:planId/responses', requireUser, async (c) => c.json(await planResponses(c.var.deps.db, currentUser(c), c.req.param('planId'))))

  .get('/templates/:templateId/tasks/:templateTaskId/responses.csv', requireUser, async (c) => {
    return csvAttachment(c, await exportResponsesCsv(c.var.deps.db, currentUser(c), c.req.param('templateId'), c.req.param('templateTaskId')));
  });
