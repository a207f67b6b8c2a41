// /api/company: the caller's company settings; every member reads them, admins change them.
import { Hono } from 'hono';
import { CompanySettingsSchema } from '../../shared/company.ts';
import { EVERYONE, pokeRoles } from '../events/publish.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { getCompanySettings, updateCompanySettings } from './company.queries.ts';

export const companyRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await getCompanySettings(c.var.deps.db, currentUser(c).companyId)))

  .patch('/', requireRole('admin'), validate('json', CompanySettingsSchema), async (c) => {
    const { companyId } = currentUser(c);
    const settings = await updateCompanySettings(c.var.deps.db, companyId, c.req.valid('json'), new Date());
    await pokeRoles(c.var.deps, companyId, 'company', EVERYONE);
    return c.json(settings);
  });
