// GET /api/companies/{companyId}/stats: admins see the company, managers their own team, new hires nothing.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../lib/env.ts';
import { notFound } from '../lib/app-error.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole } from '../middleware/auth.ts';
import { getCompanyStats } from './stats.queries.ts';

/** Mounted at /api/companies. */
export const statsRoutes = new Hono<AppEnv>().get('/:companyId/stats', requireRole('admin', 'manager'), validate('param', v.object({ companyId: v.string() })), async (c) => {
  const user = currentUser(c);
  // Another company's id is answered like a missing one.
  if (c.req.valid('param').companyId !== user.companyId) throw notFound('Company');
  return c.json(await getCompanyStats(c.var.deps.db, user));
});
