// /api/jobs: the admins' view of their company's scheduled jobs (last and next run, failures) and outbox.
import { Hono } from 'hono';
import type { AppEnv } from '../lib/env.ts';
import { currentUser, requireRole } from '../middleware/auth.ts';
import { jobsOverview } from './jobs.queries.ts';

export const jobsRoutes = new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => c.json(await jobsOverview(c.var.deps.db, currentUser(c).companyId, new Date())));
