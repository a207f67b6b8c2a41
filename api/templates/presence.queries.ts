// Who else has a template open in the editor: each open editor says so every TEMPLATE_PRESENCE.heartbeatMs,
// and whoever was not heard from for TEMPLATE_PRESENCE.windowMs has left (a killed tab sends nothing).
// A row is one person on one template, so rows left by templates nobody opens again stay few.
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { TEMPLATE_PRESENCE, type TemplatePresence } from '../../shared/templates.ts';
import type { Db } from '../db/client.ts';
import { templatePresence, users } from '../db/schema.ts';
import { assertEditable, type TemplateEditor } from './templates.queries.ts';

/**
 * POST /api/templates/{id}/presence: the caller has the template open now. Only those who may edit it
 * are seen (404 for another company's or a deleted template, 403 for a template a manager did not
 * make). Answers with the others heard from within the window, by name.
 */
export async function heartbeat(db: Db, editor: TemplateEditor, templateId: string, now = new Date()): Promise<TemplatePresence> {
  await assertEditable(db, editor, templateId);
  const seenAt = now.toISOString();
  const ofTemplate = and(eq(templatePresence.companyId, editor.companyId), eq(templatePresence.templateId, templateId));
  await db
    .insert(templatePresence)
    .values({ templateId, userId: editor.id, companyId: editor.companyId, seenAt })
    .onConflictDoUpdate({ target: [templatePresence.templateId, templatePresence.userId], set: { seenAt } });
  // Editors gone quiet (a killed tab) are cleaned up here, by whoever still has the template open.
  const quietSince = new Date(now.getTime() - TEMPLATE_PRESENCE.windowMs).toISOString();
  await db.delete(templatePresence).where(and(ofTemplate, lt(templatePresence.seenAt, quietSince)));
  const name = sql<string>`coalesce(${users.fullName}, ${users.email})`;
  const others = await db
    .select({ id: users.id, name })
    .from(templatePresence)
    .innerJoin(users, eq(users.id, templatePresence.userId))
    .where(and(ofTemplate, ne(templatePresence.userId, editor.id)))
    .orderBy(asc(name), asc(users.id));
  return { others };
}

/** DELETE /api/templates/{id}/presence: the caller closed the editor; the same checks as the heartbeat. */
export async function leaveTemplate(db: Db, editor: TemplateEditor, templateId: string): Promise<void> {
  await assertEditable(db, editor, templateId);
  await db
    .delete(templatePresence)
    .where(and(eq(templatePresence.companyId, editor.companyId), eq(templatePresence.templateId, templateId), eq(templatePresence.userId, editor.id)));
}
