// /api/people: the CSV import of people (a preview, then the import) and the people export; and the
// plans export, mounted at /api/onboarding-plans ahead of that router's `/:id` (issue 21).
import { Hono } from 'hono';
import { ImportRequestSchema } from '../../shared/people-import.ts';
import { pokePlans, pokeRoles, STAFF } from '../events/publish.ts';
import { csvAttachment } from '../lib/csv.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { queueAccountMail } from '../mail/account-mails.tsx';
import { currentUser, requireRole } from '../middleware/auth.ts';
import { clientAddress } from '../middleware/rate-limit.ts';
import { exportPeopleCsv, exportPlansCsv } from './people-export.queries.ts';
import { importPeople, previewImport } from './people-import.queries.ts';

const staff = requireRole('admin', 'manager');

export const peopleRoutes = new Hono<AppEnv>()
  .post('/import/preview', staff, validate('json', ImportRequestSchema), async (c) => c.json(await previewImport(c.var.deps.db, currentUser(c), c.req.valid('json').csv)))

  .post('/import', staff, validate('json', ImportRequestSchema), async (c) => {
    const { deps } = c.var;
    const importer = currentUser(c);
    const { result, plans, mails } = await importPeople(deps.db, deps.config.appUrl, importer, c.req.valid('json').csv, clientAddress(c));
    await pokeRoles(deps, importer.companyId, 'team', STAFF);
    if (plans.length) await pokePlans(deps, importer.companyId, 'plans', plans);
    // Queued as inviting by hand queues them; sent in the background, so a large file answers at once.
    const now = new Date();
    for (const { recipient, mail } of mails) await queueAccountMail(deps, 'invitation', recipient, mail, now);
    return c.json(result, 201);
  })

  .get('/export.csv', staff, async (c) => csvAttachment(c, await exportPeopleCsv(c.var.deps.db, currentUser(c))));

export const plansExportRoutes = new Hono<AppEnv>().get('/export.csv', staff, async (c) => csvAttachment(c, await exportPlansCsv(c.var.deps.db, currentUser(c))));
