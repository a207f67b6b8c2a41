// /api/templates: list, read, create, replace and soft-delete onboarding templates (DESIGN.md section 5),
// and who else has one open in the editor.
import { Hono } from 'hono';
import { TemplateInputSchema } from '../../shared/templates.ts';
import { pokePlanIds, pokeRoles, STAFF } from '../events/publish.ts';
import { found, notFound } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { reapplyTemplate } from '../onboarding/reapply.queries.ts';
import { heartbeat, leaveTemplate } from './presence.queries.ts';
import { createTemplate, deleteTemplate, findTemplates, getTemplateWithSections, isTemplateOfOwnPlan, updateTemplate } from './templates.queries.ts';

export const templatesRoutes = new Hono<AppEnv>()
  .get('/', requireRole('admin', 'manager'), async (c) => {
    const user = currentUser(c);
    return c.json(await findTemplates(c.var.deps.db, user.companyId));
  })

  .get('/:id', requireUser, async (c) => {
    const user = currentUser(c);
    const { db } = c.var.deps;
    const id = c.req.param('id');
    // A new hire sees only the template of their own plan; any other id is simply not there for them.
    if (user.role === 'new_hire' && !(await isTemplateOfOwnPlan(db, user, id))) throw notFound('Template');
    return c.json(found(await getTemplateWithSections(db, user.companyId, id), 'Template'));
  })

  .post('/', requireRole('admin', 'manager'), validate('json', TemplateInputSchema), async (c) => {
    const user = currentUser(c);
    const template = await createTemplate(c.var.deps.db, user, c.req.valid('json'));
    await pokeRoles(c.var.deps, user.companyId, 'templates', STAFF);
    return c.json(template, 201);
  })

  .patch('/:id', requireRole('admin', 'manager'), validate('json', TemplateInputSchema), async (c) => {
    const user = currentUser(c);
    const template = await updateTemplate(c.var.deps.db, user, c.req.param('id'), c.req.valid('json'));
    await pokeRoles(c.var.deps, user.companyId, 'templates', STAFF);
    return c.json(template);
  })

  .delete('/:id', requireRole('admin', 'manager'), async (c) => {
    const user = currentUser(c);
    await deleteTemplate(c.var.deps.db, user, c.req.param('id'));
    await pokeRoles(c.var.deps, user.companyId, 'templates', STAFF);
    return c.json({ message: 'Template deleted successfully!' });
  })

  /** Adds the template's new tasks to its live, open plans the caller may edit (finished and removed ones stay as they are). */
  .post('/:id/reapply', requireRole('admin', 'manager'), async (c) => {
    const user = currentUser(c);
    const { changedPlanIds, ...result } = await reapplyTemplate(c.var.deps.db, user, c.req.param('id'));
    await pokePlanIds(c.var.deps, user.companyId, 'tasks', changedPlanIds);
    return c.json(result);
  })

  /** The editor's heartbeat (every TEMPLATE_PRESENCE.heartbeatMs while open): who else has it open. */
  .post('/:id/presence', requireRole('admin', 'manager'), async (c) => c.json(await heartbeat(c.var.deps.db, currentUser(c), c.req.param('id'))))

  /** The editor closed. */
  .delete('/:id/presence', requireRole('admin', 'manager'), async (c) => {
    await leaveTemplate(c.var.deps.db, currentUser(c), c.req.param('id'));
    return c.body(null, 204);
  });
