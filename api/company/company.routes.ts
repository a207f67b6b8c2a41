// /api/company: the caller's company settings; every member reads them, admins change them.
import { Hono } from 'hono';
import { CompanySettingsSchema } from '../../shared/company.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { getCompanySettings, updateCompanySettings } from './company.queries.ts';

export const companyRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await getCompanySettings(c.var.deps.db, currentUser(c).companyId)))

  .patch('/', requireRole('admin'), validate('json', CompanySettingsSchema), async (c) =>
    c.json(await updateCompanySettings(c.var.deps.db, currentUser(c).companyId, c.req.valid('json'))),
  );
