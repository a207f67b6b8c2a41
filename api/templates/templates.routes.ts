// /api/templates: list, read, create, replace and soft-delete onboarding templates (DESIGN.md section 5).
import { Hono } from 'hono';
import { TemplateInputSchema } from '../../shared/templates.ts';
import { found, notFound } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import {
  createTemplate,
  deleteTemplate,
  findTemplates,
  getTemplateWithSections,
  isTemplateOfOwnPlan,
  updateTemplate,
} from './templates.queries.ts';

export const templatesRoutes = new Hono<AppEnv>();

templatesRoutes.get('/templates', requireRole('admin', 'manager'), async (c) => {
  const user = currentUser(c);
  return c.json(await findTemplates(c.var.deps.db, user.companyId));
});

templatesRoutes.get('/templates/:id', requireUser, async (c) => {
  const user = currentUser(c);
  const { db } = c.var.deps;
  const id = c.req.param('id');
  // A new hire sees only the template of their own plan; any other id is simply not there for them.
  if (user.role === 'new_hire' && !(await isTemplateOfOwnPlan(db, user, id))) throw notFound('Template');
  return c.json(found(await getTemplateWithSections(db, user.companyId, id), 'Template'));
});

templatesRoutes.post('/templates', requireRole('admin', 'manager'), validate('json', TemplateInputSchema), async (c) => {
  const user = currentUser(c);
  return c.json(await createTemplate(c.var.deps.db, user, c.req.valid('json')), 201);
});

templatesRoutes.patch('/templates/:id', requireRole('admin', 'manager'), validate('json', TemplateInputSchema), async (c) => {
  const user = currentUser(c);
  return c.json(await updateTemplate(c.var.deps.db, user, c.req.param('id'), c.req.valid('json')));
});

templatesRoutes.delete('/templates/:id', requireRole('admin', 'manager'), async (c) => {
  const user = currentUser(c);
  await deleteTemplate(c.var.deps.db, user, c.req.param('id'));
  return c.json({ message: 'Template deleted successfully!' });
});
