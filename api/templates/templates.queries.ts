// Template queries: lists with counts, one template with its ordered sections and tasks, and the
// whole-template writes (one synchronous transaction each, stamped with a sync version).
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Role } from '../../shared/roles.ts';
import {
  canEditTemplate,
  TemplateInputSchema,
  type TemplateDetails,
  type TemplateInputRaw,
  type TemplateSection,
  type TemplateSummary,
  type TemplateTask,
} from '../../shared/templates.ts';
import { nextVersion, type Db, type Tx } from '../db/client.ts';
import { onboardingPlans, templateSections, templates, templateTasks, users } from '../db/schema.ts';
import { badRequest, forbidden, found } from '../lib/app-error.ts';

type DbOrTx = Db | Tx;

/** Who writes: the creator is recorded, and every query stays inside their company. */
export type TemplateActor = { id: string; companyId: string };
/** Who edits or deletes: managers may change only their own templates. */
export type TemplateEditor = TemplateActor & { role: Role };

const templateColumns = {
  id: templates.id,
  companyId: templates.companyId,
  title: templates.title,
  description: templates.description,
  duration: templates.duration,
  isActive: templates.isActive,
  createdBy: templates.createdBy,
  creatorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};

const liveTemplateOf = (companyId: string, id: string) =>
  and(eq(templates.id, id), eq(templates.companyId, companyId), isNull(templates.deletedAt));

/** GET /api/templates: every non-deleted template of the company, newest first, with counts. */
export function findTemplates(db: DbOrTx, companyId: string): TemplateSummary[] {
  const rows = db
    .select(templateColumns)
    .from(templates)
    .leftJoin(users, eq(users.id, templates.createdBy))
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .orderBy(sql`${templates.createdAt} desc`, asc(templates.title))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const sectionCounts = new Map(
    db
      .select({ templateId: templateSections.templateId, n: count() })
      .from(templateSections)
      .where(inArray(templateSections.templateId, ids))
      .groupBy(templateSections.templateId)
      .all()
      .map((row) => [row.templateId, row.n]),
  );
  const taskCounts = new Map(
    db
      .select({ templateId: templateSections.templateId, n: count() })
      .from(templateTasks)
      .innerJoin(templateSections, eq(templateSections.id, templateTasks.sectionId))
      .where(inArray(templateSections.templateId, ids))
      .groupBy(templateSections.templateId)
      .all()
      .map((row) => [row.templateId, row.n]),
  );
  const usedInCounts = new Map(
    db
      .select({ templateId: onboardingPlans.templateId, n: count() })
      .from(onboardingPlans)
      .where(
        and(
          eq(onboardingPlans.companyId, companyId),
          inArray(onboardingPlans.templateId, ids),
          isNull(onboardingPlans.deletedAt),
        ),
      )
      .groupBy(onboardingPlans.templateId)
      .all()
      .map((row) => [row.templateId, row.n]),
  );

  return rows.map((row) => ({
    ...row,
    sectionCount: sectionCounts.get(row.id) ?? 0,
    taskCount: taskCounts.get(row.id) ?? 0,
    usedInCount: usedInCounts.get(row.id) ?? 0,
  }));
}

/**
 * One non-deleted template of the company with its sections (by `order`) and each section's
 * tasks (by `order`); undefined when missing, deleted or another company's.
 */
export function getTemplateWithSections(db: DbOrTx, companyId: string, id: string): TemplateDetails | undefined {
  const template = db
    .select(templateColumns)
    .from(templates)
    .leftJoin(users, eq(users.id, templates.createdBy))
    .where(liveTemplateOf(companyId, id))
    .get();
  if (!template) return undefined;

  const sectionRows = db
    .select()
    .from(templateSections)
    .where(eq(templateSections.templateId, id))
    .orderBy(asc(templateSections.order))
    .all();
  const taskRows = sectionRows.length
    ? db
        .select()
        .from(templateTasks)
        .where(inArray(templateTasks.sectionId, sectionRows.map((section) => section.id)))
        .orderBy(asc(templateTasks.order))
        .all()
    : [];

  const tasksBySection = new Map<string, TemplateTask[]>();
  for (const { createdAt: _createdAt, ...task } of taskRows) {
    const list = tasksBySection.get(task.sectionId) ?? [];
    list.push(task);
    tasksBySection.set(task.sectionId, list);
  }
  const sections: TemplateSection[] = sectionRows.map(({ createdAt: _createdAt, ...section }) => ({
    ...section,
    tasks: tasksBySection.get(section.id) ?? [],
  }));
  return { ...template, sections };
}

/** Validates with the API's own schema, so the seed and the routes can never store different things. */
function parseTemplateInput(input: TemplateInputRaw) {
  const result = v.safeParse(TemplateInputSchema, input);
  if (!result.success) {
    const issues = result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
    throw badRequest(issues[0]?.message ?? 'Invalid template', issues);
  }
  return result.output;
}

function insertSections(tx: Tx, templateId: string, sections: ReturnType<typeof parseTemplateInput>['sections']) {
  sections.forEach(({ tasks, ...section }, sectionIndex) => {
    const { id: sectionId } = tx
      .insert(templateSections)
      .values({ ...section, templateId, order: sectionIndex })
      .returning({ id: templateSections.id })
      .get();
    if (tasks.length) {
      tx.insert(templateTasks)
        .values(tasks.map((task, taskIndex) => ({ ...task, sectionId, order: taskIndex })))
        .run();
    }
  });
}

/** POST /api/templates (and the demo seed): the template, its sections and tasks in one transaction. */
export function createTemplate(db: Db, actor: TemplateActor, input: TemplateInputRaw): TemplateDetails {
  const { sections, ...fields } = parseTemplateInput(input);
  return db.transaction((tx) => {
    const version = nextVersion(tx);
    const { id } = tx
      .insert(templates)
      .values({ ...fields, companyId: actor.companyId, createdBy: actor.id, version })
      .returning({ id: templates.id })
      .get();
    insertSections(tx, id, sections);
    return found(getTemplateWithSections(tx, actor.companyId, id), 'Template');
  });
}

/** Loads a live template of the editor's company and checks they may change it (404, then 403). */
function assertEditable(tx: DbOrTx, editor: TemplateEditor, id: string) {
  const template = found(
    tx
      .select({ createdBy: templates.createdBy })
      .from(templates)
      .where(liveTemplateOf(editor.companyId, id))
      .get(),
    'Template',
  );
  if (!canEditTemplate(editor, template)) throw forbidden('You can only change templates you created.');
}

/** PATCH /api/templates/{id}: replaces the fields, sections and tasks as one change, or changes nothing. */
export function updateTemplate(db: Db, editor: TemplateEditor, id: string, input: TemplateInputRaw): TemplateDetails {
  const { sections, ...fields } = parseTemplateInput(input);
  return db.transaction((tx) => {
    assertEditable(tx, editor, id);
    const version = nextVersion(tx);
    tx.update(templates).set({ ...fields, version }).where(eq(templates.id, id)).run();
    // Tasks go with their sections (ON DELETE CASCADE); plans keep their own copies.
    tx.delete(templateSections).where(eq(templateSections.templateId, id)).run();
    insertSections(tx, id, sections);
    return found(getTemplateWithSections(tx, editor.companyId, id), 'Template');
  });
}

/** DELETE /api/templates/{id}: a tombstone for sync; plans made from it keep their tasks and still read its title. */
export function deleteTemplate(db: Db, editor: TemplateEditor, id: string): void {
  db.transaction((tx) => {
    assertEditable(tx, editor, id);
    const version = nextVersion(tx);
    tx.update(templates).set({ deletedAt: new Date().toISOString(), version }).where(eq(templates.id, id)).run();
  });
}

/** A new hire may read a template only through a live plan of their own. */
export function isTemplateOfOwnPlan(db: DbOrTx, user: TemplateActor, templateId: string): boolean {
  const plan = db
    .select({ id: onboardingPlans.id })
    .from(onboardingPlans)
    .where(
      and(
        eq(onboardingPlans.companyId, user.companyId),
        eq(onboardingPlans.newHireId, user.id),
        eq(onboardingPlans.templateId, templateId),
        isNull(onboardingPlans.deletedAt),
      ),
    )
    .get();
  return plan !== undefined;
}
