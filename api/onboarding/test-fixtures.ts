// Test-only: a template written straight to the tables, so plan tests do not depend on the templates API.
import type { AssigneeKind } from '../../shared/assignees.ts';
import type { TemplateKind } from '../../shared/templates.ts';
import type { Db } from '../db/client.ts';
import { templates, templateSections, templateTasks } from '../db/schema.ts';

/** A task by title (the new hire's, shown from the start), or with who does it and when the new hire first sees it. */
export type TaskSpec = string | { title: string; description?: string; assigneeKind?: AssigneeKind; assigneePersonId?: string; releaseDaysBefore?: number };
export type SectionSpec = { title: string; dayStart: number; dayEnd: number; order: number; tasks: TaskSpec[] };

export async function insertTemplate(
  db: Db,
  companyId: string,
  options: { title?: string; isActive?: boolean; createdBy?: string; kind?: TemplateKind; businessDays?: boolean; sections?: SectionSpec[] } = {},
) {
  const sections = options.sections ?? [
    // Deliberately inserted out of order: plans must follow `order`, not insertion.
    { title: 'Week Two', dayStart: 8, dayEnd: 14, order: 2, tasks: ['Ship a fix', 'Demo'] },
    { title: 'First Week', dayStart: 1, dayEnd: 7, order: 1, tasks: ['Laptop setup', 'Meet the team', 'Read handbook'] },
  ];
  const [template] = await db
    .insert(templates)
    .values({
      title: options.title ?? 'Engineering',
      companyId,
      createdBy: options.createdBy,
      duration: 30,
      isActive: options.isActive ?? true,
      kind: options.kind ?? 'onboarding',
      businessDays: options.businessDays ?? false,
    })
    .returning();
  if (!template) throw new Error('insertTemplate: the insert returned no template');
  for (const section of sections) {
    const [row] = await db
      .insert(templateSections)
      .values({ templateId: template.id, companyId, title: section.title, dayStart: section.dayStart, dayEnd: section.dayEnd, order: section.order })
      .returning({ id: templateSections.id });
    if (!row) throw new Error('insertTemplate: the insert returned no section');
    // Tasks inserted one by one in reverse so order, not insertion, decides.
    for (const [order, spec] of [...section.tasks.entries()].reverse()) {
      const task = typeof spec === 'string' ? { title: spec } : spec;
      await db.insert(templateTasks).values({
        sectionId: row.id,
        companyId,
        order,
        type: 'checklist',
        description: `${task.title} details`,
        ...task,
      });
    }
  }
  return template;
}
