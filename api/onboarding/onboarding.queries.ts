// Onboarding plans: reading them as each role may, assigning one from a template, editing, deleting.
import { and, asc, countDistinct, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { limitReachedMessage, withinPlanLimit } from '../../shared/catalogue.ts';
import { canSeePlan, dueDateFor, PLANS_PAGE_DEFAULT, type OnboardingTask, type PlanDetails, type PlanSummary } from '../../shared/onboarding.ts';
import { progressFromCounts } from '../../shared/progress.ts';
import { isStaff, type Role } from '../../shared/roles.ts';
import { pickTaskContent } from '../../shared/templates.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { messages, onboardingPlans, onboardingTasks, templates, templateSections, templateTasks, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound, planLimitReached } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { movePlanFigures, planFigureColumns, uncountPlans } from '../stats/plan-counters.ts';
import { recordPlanHandover } from '../sync/tombstones.ts';
import { assertCanEditPlan, getVisiblePlan, perRole, visiblePlanParams } from './access.ts';
import { toOnboardingTask } from './tasks.queries.ts';

const newHire = alias(users, 'plan_new_hire');
const manager = alias(users, 'plan_manager');

/**
 * Plans as lists show them, with their people, template and task counters (decision 008): one query a
 * page. Flat columns of the tables themselves (drizzle maps them about twice as fast as nested objects
 * or a subquery's columns); `toSummary` nests them.
 */
function summaryQuery(db: Db, where: SQL) {
  return db
    .select({
      id: onboardingPlans.id,
      newHireId: onboardingPlans.newHireId,
      templateId: onboardingPlans.templateId,
      managerId: onboardingPlans.managerId,
      companyId: onboardingPlans.companyId,
      startDate: onboardingPlans.startDate,
      currentPhase: onboardingPlans.currentPhase,
      isCompleted: onboardingPlans.isCompleted,
      completedAt: onboardingPlans.completedAt,
      createdAt: onboardingPlans.createdAt,
      updatedAt: onboardingPlans.updatedAt,
      totalTasks: onboardingPlans.tasksTotal,
      completedTasks: onboardingPlans.tasksDone,
      newHireFullName: newHire.fullName,
      newHireEmail: newHire.email,
      newHireImageUrl: newHire.profileImageUrl,
      managerFullName: manager.fullName,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
      managerImageUrl: manager.profileImageUrl,
      templateTitle: templates.title,
      templateDuration: templates.duration,
      templateDescription: templates.description,
    })
    .from(onboardingPlans)
    .innerJoin(newHire, eq(newHire.id, onboardingPlans.newHireId))
    .leftJoin(manager, eq(manager.id, onboardingPlans.managerId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(where);
}

const statements = preparedFor((db) => ({
  // Newest first, ties by id in the same direction. The page's ids are chosen from the plans alone, so
  // the scope indexes (ending in deleted_at, created_at, id) walk it backwards; joining first made
  // PostgreSQL join and sort every plan of the company (67 ms for 10,000) before keeping 100. deletedAt is
  // null on every row here; naming it lets PostgreSQL read the index in order (it does not count `is
  // null` as fixing that column's order, SQLite does): without it, it sorted the 10,000 (5 ms).
  summaryPage: perRole((scope, role) => {
    const newestFirst = [desc(onboardingPlans.createdAt), desc(onboardingPlans.id)];
    const pageIds = db
      .select({ id: onboardingPlans.id })
      .from(onboardingPlans)
      .where(scope)
      .orderBy(desc(onboardingPlans.deletedAt), ...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return summaryQuery(db, inArray(onboardingPlans.id, pageIds))
      .orderBy(...newestFirst)
      .prepare(`onboarding.plans.page.${role}`);
  }),
  summaryOne: perRole((scope, role) => summaryQuery(db, and(eq(onboardingPlans.id, sql.placeholder('planId')), scope) as SQL).prepare(`onboarding.plans.one.${role}`)),
  planTasks: db
    .select()
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, sql.placeholder('planId')), isNull(onboardingTasks.deletedAt)))
    .orderBy(asc(onboardingTasks.order), asc(onboardingTasks.id))
    .prepare('onboarding.plans.tasks'),
}));

type TaskCount = { total: number; done: number };

/** Task counts per plan, read from the plans' counters (decision 008). */
export async function taskCountsByPlan(db: Db | Tx, planIds: string[]): Promise<Map<string, TaskCount>> {
  const counts = new Map<string, TaskCount>();
  if (!planIds.length) return counts;
  // Not prepared: the list of ids varies, and a portable array parameter would cost more than it saves.
  const rows = await db
    .select({ planId: onboardingPlans.id, total: onboardingPlans.tasksTotal, done: onboardingPlans.tasksDone })
    .from(onboardingPlans)
    .where(inArray(onboardingPlans.id, planIds));
  for (const row of rows) counts.set(row.planId, { total: row.total, done: row.done });
  return counts;
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof statements>['summaryOne']['admin']['execute']>>[number];

function toSummary(row: SummaryRow): PlanSummary {
  return {
    id: row.id,
    newHireId: row.newHireId,
    templateId: row.templateId,
    managerId: row.managerId,
    companyId: row.companyId,
    startDate: row.startDate,
    currentPhase: row.currentPhase,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    newHire: { id: row.newHireId, fullName: row.newHireFullName, email: row.newHireEmail, profileImageUrl: row.newHireImageUrl },
    manager:
      row.managerId && row.managerEmail !== null
        ? {
            id: row.managerId,
            fullName: row.managerFullName,
            firstName: row.managerFirstName,
            lastName: row.managerLastName,
            email: row.managerEmail,
            profileImageUrl: row.managerImageUrl,
          }
        : null,
    template: row.templateTitle && row.templateDuration !== null ? { title: row.templateTitle, duration: row.templateDuration, description: row.templateDescription } : null,
    ...progressFromCounts(row.completedTasks, row.totalTasks),
  };
}

/** GET /api/onboarding-plans: the plans the caller may see, newest first, paged (default 100, max 500). */
export async function findPlans(db: Db, user: CurrentUser, page = { limit: PLANS_PAGE_DEFAULT, offset: 0 }): Promise<PlanSummary[]> {
  const rows = await statements(db).summaryPage[user.role].execute({ ...visiblePlanParams(user), limit: page.limit, offset: page.offset });
  return rows.map(toSummary);
}

async function findSummaryRow(db: Db | Tx, user: CurrentUser, planId: string): Promise<SummaryRow> {
  const [row] = await statements(db).summaryOne[user.role].execute({ ...visiblePlanParams(user), planId });
  if (!row) throw notFound('Onboarding plan');
  return row;
}

export async function getPlanSummary(db: Db | Tx, user: CurrentUser, planId: string): Promise<PlanSummary> {
  return toSummary(await findSummaryRow(db, user, planId));
}

async function planTasks(db: Db | Tx, planId: string): Promise<OnboardingTask[]> {
  return (await statements(db).planTasks.execute({ planId })).map(toOnboardingTask);
}

/** The plan's live tasks in order (404 unless the caller may see the plan). */
export async function findPlanTasks(db: Db | Tx, user: CurrentUser, planId: string): Promise<OnboardingTask[]> {
  await getVisiblePlan(db, user, planId);
  return planTasks(db, planId);
}

/** The summary plus its tasks; the progress comes from the plan's counters, which count these same live tasks. */
export async function getPlanDetails(db: Db | Tx, user: CurrentUser, planId: string): Promise<PlanDetails> {
  const row = await findSummaryRow(db, user, planId);
  return { ...toSummary(row), tasks: await planTasks(db, row.id) };
}

// ---- rules for who can be put on a plan ----

function companyUser(db: Db | Tx, companyId: string, userId: string) {
  return first(
    db
      .select({ id: users.id, role: users.role, managerId: users.managerId })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId))),
  );
}

async function assertNewHire(db: Db | Tx, companyId: string, userId: string) {
  const person = await companyUser(db, companyId, userId);
  if (!person) throw notFound('User');
  if (person.role !== 'new_hire') throw badRequest('Onboarding plans can only be assigned to new hires.');
  return person;
}

async function assertPlanManager(db: Db | Tx, companyId: string, userId: string): Promise<void> {
  const person = await companyUser(db, companyId, userId);
  if (!person) throw notFound('Manager');
  const canManage: Role[] = ['manager', 'admin'];
  if (!canManage.includes(person.role)) throw badRequest('The manager must be a manager or an admin.');
}

/** Active new hires (DESIGN.md section 8): new hires with a plan not completed, optionally ignoring one plan. */
async function activeNewHireIds(db: Db | Tx, companyId: string, exceptPlanId?: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ newHireId: onboardingPlans.newHireId })
    .from(onboardingPlans)
    .where(
      and(
        eq(onboardingPlans.companyId, companyId),
        isNull(onboardingPlans.deletedAt),
        eq(onboardingPlans.isCompleted, false),
        exceptPlanId ? ne(onboardingPlans.id, exceptPlanId) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.newHireId));
}

/**
 * 403 'limit reached' when making `newHireId` active would go over the company's plan. Run it in the
 * write transaction after `nextVersion`: the company's lock keeps two assignments from both fitting.
 */
async function assertActiveNewHireFits(tx: Tx, companyId: string, newHireId: string, exceptPlanId?: string): Promise<void> {
  const active = await activeNewHireIds(tx, companyId, exceptPlanId);
  if (active.has(newHireId)) return;
  const planType = await currentPlanType(tx, companyId);
  if (!withinPlanLimit(planType, 'activeNewHires', active.size)) {
    throw planLimitReached(limitReachedMessage(planType, 'activeNewHires'));
  }
}

/** Counted for the manager limit (DESIGN.md section 8): users with role manager, not admins. */
export async function countManagers(db: Db | Tx, companyId: string): Promise<number> {
  const row = await first(
    db
      .select({ count: countDistinct(users.id) })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.role, 'manager'))),
  );
  return row?.count ?? 0;
}

type TemplateTaskCopy = Omit<typeof onboardingTasks.$inferInsert, 'planId' | 'companyId' | 'version'>;

/** The template's tasks in section then task order, ready to copy into a plan; 404 / 400 for a draft. */
async function templateTasksToCopy(db: Db | Tx, companyId: string, templateId: string, startDate: string) {
  const template = await first(
    db
      .select({ id: templates.id, isActive: templates.isActive })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.companyId, companyId), isNull(templates.deletedAt))),
  );
  if (!template) throw notFound('Template');
  if (!template.isActive) throw badRequest('Draft templates cannot be assigned.');
  const sections = await db
    .select()
    .from(templateSections)
    .where(and(eq(templateSections.templateId, templateId), eq(templateSections.companyId, companyId)))
    .orderBy(asc(templateSections.order), asc(templateSections.dayStart), asc(templateSections.id));
  const sectionIds = sections.map((section) => section.id);
  const taskRows = sectionIds.length
    ? await db
        .select()
        .from(templateTasks)
        .where(and(inArray(templateTasks.sectionId, sectionIds), eq(templateTasks.companyId, companyId)))
        .orderBy(asc(templateTasks.order), asc(templateTasks.id))
    : [];
  const tasks: TemplateTaskCopy[] = [];
  for (const section of sections) {
    for (const task of taskRows.filter((row) => row.sectionId === section.id)) {
      tasks.push({
        templateTaskId: task.id,
        sectionTitle: section.title,
        dayStart: section.dayStart,
        dayEnd: section.dayEnd,
        dueDate: dueDateFor(startDate, section.dayEnd),
        ...pickTaskContent(task),
        // A copied checklist starts unticked.
        checklistItems: task.checklistItems?.map((item) => ({ ...item, isCompleted: false })) ?? null,
        order: tasks.length,
      });
    }
  }
  return { tasks, firstPhase: sections[0]?.title ?? null };
}

async function insertTasks(tx: Tx, plan: { id: string; companyId: string }, tasks: TemplateTaskCopy[], version: number): Promise<void> {
  if (tasks.length) await tx.insert(onboardingTasks).values(tasks.map((task) => ({ ...task, planId: plan.id, companyId: plan.companyId, version })));
}

export type AssignPlanOptions = { newHireId: string; templateId: string; startDate: string; managerId?: string | null };

/**
 * Creates a plan for a new hire from a template (admin or manager). A manager becomes the plan's
 * manager unless they name another; the Starter/Growth limits on active new hires apply (403).
 */
export async function assignPlanFromTemplate(db: Db, actor: CurrentUser, options: AssignPlanOptions): Promise<PlanDetails> {
  if (!isStaff(actor.role)) throw forbidden();
  const { companyId } = actor;
  const managerId = options.managerId || (actor.role === 'manager' ? actor.id : null);

  // Checked under the company's lock, so the people, template and limit cannot change before the insert.
  const planId = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, companyId);
    await assertNewHire(tx, companyId, options.newHireId);
    if (actor.role === 'manager' && managerId !== actor.id) {
      throw forbidden('Managers can only assign plans they manage themselves.');
    }
    if (managerId) await assertPlanManager(tx, companyId, managerId);
    const { tasks, firstPhase } = await templateTasksToCopy(tx, companyId, options.templateId, options.startDate);
    await assertActiveNewHireFits(tx, companyId, options.newHireId);
    const [plan] = await tx
      .insert(onboardingPlans)
      .values({
        newHireId: options.newHireId,
        templateId: options.templateId,
        managerId,
        companyId,
        createdBy: actor.id,
        startDate: options.startDate,
        currentPhase: firstPhase,
        tasksTotal: tasks.length,
        version,
      })
      .returning({ id: onboardingPlans.id, companyId: onboardingPlans.companyId, ...planFigureColumns });
    if (!plan) throw new Error('assignPlanFromTemplate: the insert returned no plan');
    await insertTasks(tx, plan, tasks, version);
    await movePlanFigures(tx, companyId, [], [plan]);
    return plan.id;
  });
  return getPlanDetails(db, actor, planId);
}

export type UpdatePlanOptions = { currentPhase: string; newHireId?: string; templateId?: string; managerId?: string | null };

/** PATCH a plan: phase text, and reassigning new hire, template (replaces the tasks: progress resets) or manager. */
export async function updatePlan(db: Db, actor: CurrentUser, planId: string, options: UpdatePlanOptions): Promise<PlanDetails> {
  const { companyId } = actor;
  // The plan is read under the company's lock: a concurrent edit cannot slip between the checks and the write.
  const after = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, companyId);
    const plan = await getVisiblePlan(tx, actor, planId);
    assertCanEditPlan(actor, plan);
    const newHireId = options.newHireId ?? plan.newHireId;
    if (newHireId !== plan.newHireId) await assertNewHire(tx, companyId, newHireId);
    if (options.managerId) await assertPlanManager(tx, companyId, options.managerId);
    const templateChanged = options.templateId !== undefined && options.templateId !== plan.templateId;
    const replacement = templateChanged ? await templateTasksToCopy(tx, companyId, options.templateId as string, plan.startDate) : null;
    const becomesActive = replacement !== null || !plan.isCompleted;
    if (becomesActive && (newHireId !== plan.newHireId || plan.isCompleted)) await assertActiveNewHireFits(tx, companyId, newHireId, plan.id);

    // A new template brings its own phases: keep a phase the person typed, else start at its first section.
    const phaseUnchanged = options.currentPhase === plan.currentPhase;
    await tx
      .update(onboardingPlans)
      .set({
        currentPhase: replacement && phaseUnchanged && replacement.firstPhase ? replacement.firstPhase : options.currentPhase,
        newHireId,
        ...(options.managerId !== undefined ? { managerId: options.managerId } : {}),
        ...(replacement ? { templateId: options.templateId, isCompleted: false, completedAt: null, tasksTotal: replacement.tasks.length, tasksDone: 0 } : {}),
        version,
      })
      .where(eq(onboardingPlans.id, plan.id));
    const people = { newHireId, managerId: options.managerId !== undefined ? options.managerId : plan.managerId };
    await recordPlanHandover(tx, plan, people, version);
    if (replacement) {
      await tx
        .update(onboardingTasks)
        .set({ deletedAt: new Date().toISOString(), version })
        .where(and(eq(onboardingTasks.planId, plan.id), isNull(onboardingTasks.deletedAt)));
      await insertTasks(tx, plan, replacement.tasks, version);
      const replaced = { templateId: options.templateId as string, isCompleted: false, completedAt: null, tasksTotal: replacement.tasks.length, tasksDone: 0 };
      await movePlanFigures(tx, companyId, [plan], [{ ...plan, ...replaced }]);
    }
    return people;
  });
  // A manager who handed the plan to someone else can no longer read it: answer with what they sent.
  return getPlanDetails(db, canSeePlan(actor, after) ? actor : { ...actor, role: 'admin' }, planId);
}

/** Soft-deletes plans with their tasks and messages in one version, so pulls see tombstones; their counters leave the company's figures. */
export async function softDeletePlans(tx: Tx, planIds: string[], version: number): Promise<void> {
  if (!planIds.length) return;
  const deletedAt = new Date().toISOString();
  await uncountPlans(tx, planIds);
  await tx
    .update(onboardingPlans)
    .set({ deletedAt, version, tasksTotal: 0, tasksDone: 0 })
    .where(and(inArray(onboardingPlans.id, planIds), isNull(onboardingPlans.deletedAt)));
  await tx
    .update(onboardingTasks)
    .set({ deletedAt, version })
    .where(and(inArray(onboardingTasks.planId, planIds), isNull(onboardingTasks.deletedAt)));
  await tx
    .update(messages)
    .set({ deletedAt, version })
    .where(and(inArray(messages.planId, planIds), isNull(messages.deletedAt)));
}

export async function deletePlan(db: Db, actor: CurrentUser, planId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const version = await nextVersion(tx, actor.companyId);
    const plan = await getVisiblePlan(tx, actor, planId);
    assertCanEditPlan(actor, plan);
    await softDeletePlans(tx, [plan.id], version);
  });
}
