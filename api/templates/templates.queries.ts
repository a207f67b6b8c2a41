// Template queries: lists with counts, one template with its ordered sections and tasks, and the
// whole-template writes (one transaction each, stamped with the company's next sync version).
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { issuePath } from '../../shared/field-errors.ts';
import { ERROR_CODE } from '../../shared/errors.ts';
import { canEditTemplate, type Role } from '../../shared/roles.ts';
import {
  STALE_TEMPLATE_MESSAGE,
  TemplateInputSchema,
  type TemplateDetails,
  type TemplateInputRaw,
  type TemplateSection,
  type TemplateSummary,
  type TemplateTask,
} from '../../shared/templates.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { onboardingPlans, templateSections, templates, templateTasks, users } from '../db/schema.ts';
import { AppError, forbidden, found, validationFailed } from '../lib/app-error.ts';

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
  kind: templates.kind,
  businessDays: templates.businessDays,
  createdBy: templates.createdBy,
  creatorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
  version: templates.version,
};

const liveTemplateOf = (companyId: string, id: string) => and(eq(templates.id, id), eq(templates.companyId, companyId), isNull(templates.deletedAt));

/** GET /api/templates: every non-deleted template of the company, newest first, with counts. */
export async function findTemplates(db: DbOrTx, companyId: string): Promise<TemplateSummary[]> {
  const rows = await db
    .select(templateColumns)
    .from(templates)
    .leftJoin(users, eq(users.id, templates.createdBy))
    .where(and(eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .orderBy(desc(templates.createdAt), asc(templates.title), asc(templates.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const [sectionCounts, taskCounts, usedInCounts] = await Promise.all([
    db
      .select({ templateId: templateSections.templateId, n: count() })
      .from(templateSections)
      .where(and(eq(templateSections.companyId, companyId), inArray(templateSections.templateId, ids)))
      .groupBy(templateSections.templateId),
    db
      .select({ templateId: templateSections.templateId, n: count() })
      .from(templateTasks)
      .innerJoin(templateSections, eq(templateSections.id, templateTasks.sectionId))
      .where(and(eq(templateTasks.companyId, companyId), inArray(templateSections.templateId, ids)))
      .groupBy(templateSections.templateId),
    db
      .select({ templateId: onboardingPlans.templateId, n: count() })
      .from(onboardingPlans)
      .where(and(eq(onboardingPlans.companyId, companyId), inArray(onboardingPlans.templateId, ids), isNull(onboardingPlans.deletedAt)))
      .groupBy(onboardingPlans.templateId),
  ]);
  const countOf = (counts: { templateId: string | null; n: number }[]) => new Map(counts.map((row) => [row.templateId, row.n]));
  const sectionsByTemplate = countOf(sectionCounts);
  const tasksByTemplate = countOf(taskCounts);
  const plansByTemplate = countOf(usedInCounts);

  return rows.map((row) => ({
    ...row,
    sectionCount: sectionsByTemplate.get(row.id) ?? 0,
    taskCount: tasksByTemplate.get(row.id) ?? 0,
    usedInCount: plansByTemplate.get(row.id) ?? 0,
  }));
}

/**
 * One non-deleted template of the company with its sections (by `order`) and each section's
 * tasks (by `order`); undefined when missing, deleted or another company's.
 */
export async function getTemplateWithSections(db: DbOrTx, companyId: string, id: string): Promise<TemplateDetails | undefined> {
  const template = await first(db.select(templateColumns).from(templates).leftJoin(users, eq(users.id, templates.createdBy)).where(liveTemplateOf(companyId, id)).limit(1));
  if (!template) return undefined;

  const sectionRows = await db
    .select()
    .from(templateSections)
    .where(and(eq(templateSections.companyId, companyId), eq(templateSections.templateId, id)))
    .orderBy(asc(templateSections.order), asc(templateSections.id));
  const taskRows = sectionRows.length
    ? await db
        .select()
        .from(templateTasks)
        .where(
          and(
            eq(templateTasks.companyId, companyId),
            inArray(
              templateTasks.sectionId,
              sectionRows.map((section) => section.id),
            ),
          ),
        )
        .orderBy(asc(templateTasks.order), asc(templateTasks.id))
    : [];

  // The API shape carries neither the row timestamps nor the shard key of sections and tasks.
  const tasksBySection = new Map<string, TemplateTask[]>();
  for (const { createdAt: _createdAt, companyId: _companyId, ...task } of taskRows) {
    const list = tasksBySection.get(task.sectionId) ?? [];
    list.push(task);
    tasksBySection.set(task.sectionId, list);
  }
  const sections: TemplateSection[] = sectionRows.map(({ createdAt: _createdAt, companyId: _companyId, ...section }) => ({
    ...section,
    tasks: tasksBySection.get(section.id) ?? [],
  }));
  return { ...template, sections };
}

/** Validates with the API's own schema, so the seed and the routes can never store different things. */
function parseTemplateInput(input: TemplateInputRaw) {
  const result = v.safeParse(TemplateInputSchema, input);
  if (!result.success) {
    const issues = result.issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));
    throw validationFailed(issues, 'Invalid template');
  }
  return result.output;
}

export const ASSIGNEE_NOT_IN_COMPANY_MESSAGE = 'Choose a person of your company';

/**
 * A task for a named person names someone of the template's own company: the id comes from the client,
 * and a plan made from the template would hand that person the task (and show them the new hire's plan).
 */
async function assertAssigneesInCompany(tx: Tx, companyId: string, sections: ReturnType<typeof parseTemplateInput>['sections']) {
  const named = sections.flatMap((section, sectionIndex) =>
    section.tasks.flatMap((task, taskIndex) =>
      task.assigneePersonId ? [{ personId: task.assigneePersonId, path: `sections.${sectionIndex}.tasks.${taskIndex}.assigneePersonId` }] : [],
    ),
  );
  if (named.length === 0) return;
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...new Set(named.map((task) => task.personId))])));
  const memberIds = new Set(members.map((member) => member.id));
  const issues = named.filter((task) => !memberIds.has(task.personId)).map((task) => ({ path: task.path, message: ASSIGNEE_NOT_IN_COMPANY_MESSAGE }));
  if (issues.length) throw validationFailed(issues, 'Invalid template');
}

/** The ids a template's sections and tasks have now: a save keeps those it is sent back. */
type SavedIds = { sections: Set<string>; tasks: Set<string> };

async function savedIdsOf(tx: Tx, companyId: string, templateId: string): Promise<SavedIds> {
  const rows = await tx
    .select({ sectionId: templateSections.id, taskId: templateTasks.id })
    .from(templateSections)
    .leftJoin(templateTasks, eq(templateTasks.sectionId, templateSections.id))
    .where(and(eq(templateSections.companyId, companyId), eq(templateSections.templateId, templateId)));
  return {
    sections: new Set(rows.map((row) => row.sectionId)),
    tasks: new Set(rows.flatMap((row) => (row.taskId ? [row.taskId] : []))),
  };
}

/**
 * Writes all sections in one statement and all their tasks in another, however large the template:
 * section ids are made here so the tasks can point at them without a round trip per section. An id
 * sent back that the template held (`saved`) is kept, once; any other gets a new one.
 */
async function insertSections(tx: Tx, companyId: string, templateId: string, sections: ReturnType<typeof parseTemplateInput>['sections'], saved?: SavedIds) {
  if (sections.length === 0) return;
  const idFor = (sent: string | undefined, held: Set<string> | undefined) => {
    if (sent && held?.delete(sent)) return sent;
    return crypto.randomUUID();
  };
  const sectionRows = sections.map(({ tasks, id, ...section }, sectionIndex) => ({
    section: { ...section, id: idFor(id, saved?.sections), companyId, templateId, order: sectionIndex },
    tasks,
  }));
  await tx.insert(templateSections).values(sectionRows.map((row) => row.section));
  const taskRows = sectionRows.flatMap(({ section, tasks }) =>
    tasks.map(({ id, ...task }, taskIndex) => ({ ...task, id: idFor(id, saved?.tasks), companyId, sectionId: section.id, order: taskIndex })),
  );
  if (taskRows.length) await tx.insert(templateTasks).values(taskRows);
}

/** POST /api/templates (and the demo seed): the template, its sections and tasks in one transaction. */
export async function createTemplate(db: Db, actor: TemplateActor, input: TemplateInputRaw): Promise<TemplateDetails> {
  // A new template has no version to be stale against: one sent is ignored.
  const { sections, version: _loaded, ...fields } = parseTemplateInput(input);
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, actor.companyId);
    await assertAssigneesInCompany(tx, actor.companyId, sections);
    const [created] = await tx
      .insert(templates)
      .values({ ...fields, companyId: actor.companyId, createdBy: actor.id, version })
      .returning({ id: templates.id });
    const { id } = found(created, 'Template');
    await insertSections(tx, actor.companyId, id, sections);
    return found(await getTemplateWithSections(tx, actor.companyId, id), 'Template');
  });
}

/** Loads a live template of the editor's company and checks they may change it (404, then 403). */
export async function assertEditable(db: DbOrTx, editor: TemplateEditor, id: string): Promise<{ version: number }> {
  const template = found(
    await first(db.select({ createdBy: templates.createdBy, version: templates.version }).from(templates).where(liveTemplateOf(editor.companyId, id)).limit(1)),
    'Template',
  );
  if (!canEditTemplate(editor, template)) throw forbidden('You can only change templates you created.');
  return { version: template.version };
}

// The writes below take the company's version (and with it the company row's lock) before checking the
// template, so the check reads what the previous writer committed; a refusal rolls the version back.

/** PATCH /api/templates/{id}: replaces the fields, sections and tasks as one change, or changes nothing. */
export async function updateTemplate(db: Db, editor: TemplateEditor, id: string, input: TemplateInputRaw): Promise<TemplateDetails> {
  const { sections, version: loaded, ...fields } = parseTemplateInput(input);
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, editor.companyId);
    const current = await assertEditable(tx, editor, id);
    // Saved by someone else since this editor loaded it: refuse rather than silently drop their changes.
    if (loaded !== undefined && loaded !== current.version) {
      throw new AppError(409, STALE_TEMPLATE_MESSAGE, { code: ERROR_CODE.staleVersion, currentVersion: current.version });
    }
    await assertAssigneesInCompany(tx, editor.companyId, sections);
    await tx
      .update(templates)
      .set({ ...fields, version })
      .where(liveTemplateOf(editor.companyId, id));
    // Tasks go with their sections (ON DELETE CASCADE); plans keep their own copies. Rewritten under the
    // ids they had, so plans still know which of the template's tasks they hold.
    const saved = await savedIdsOf(tx, editor.companyId, id);
    await tx.delete(templateSections).where(and(eq(templateSections.companyId, editor.companyId), eq(templateSections.templateId, id)));
    await insertSections(tx, editor.companyId, id, sections, saved);
    return found(await getTemplateWithSections(tx, editor.companyId, id), 'Template');
  });
}

/** DELETE /api/templates/{id}: a tombstone for sync; plans made from it keep their tasks and still read its title. */
export async function deleteTemplate(db: Db, editor: TemplateEditor, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const version = await nextVersion(tx, editor.companyId);
    await assertEditable(tx, editor, id);
    await tx.update(templates).set({ deletedAt: new Date().toISOString(), version }).where(liveTemplateOf(editor.companyId, id));
  });
}

/** A new hire may read a template only through a live plan of their own. */
export async function isTemplateOfOwnPlan(db: DbOrTx, user: TemplateActor, templateId: string): Promise<boolean> {
  const plan = await first(
    db
      .select({ id: onboardingPlans.id })
      .from(onboardingPlans)
      .where(
        and(eq(onboardingPlans.companyId, user.companyId), eq(onboardingPlans.newHireId, user.id), eq(onboardingPlans.templateId, templateId), isNull(onboardingPlans.deletedAt)),
      )
      .limit(1),
  );
  return plan !== undefined;
}
