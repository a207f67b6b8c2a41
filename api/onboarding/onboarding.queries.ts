// Onboarding plans: reading them as each role may, assigning one from a template, editing, deleting.
import { and, asc, countDistinct, desc, eq, getTableName, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { limitReachedMessage, withinPlanLimit } from '../../shared/catalogue.ts';
import { PLAN_ROLE_KINDS, resolveAssignee, type AssigneeKind, type PlanParties } from '../../shared/assignees.ts';
import type { PlaceholderValues } from '../../shared/placeholders.ts';
import { canSeePlan, type OnboardingTask, type PlanDetails, type PlanSummary } from '../../shared/onboarding.ts';
import { PLANS_PAGE_DEFAULT } from '../../shared/onboarding-requests.ts';
import { isReleased, taskDates, type PlanCalendar } from '../../shared/plan-calendar.ts';
import { progressFromCounts } from '../../shared/progress.ts';
import { isStaff, type Role } from '../../shared/roles.ts';
import { pickTaskContent, type TemplateKind } from '../../shared/templates.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { jsonRows } from '../db/json-rows.ts';
import { flatRows, preparedFor } from '../db/prepared.ts';
import { companies, messages, onboardingPlans, onboardingTasks, templates, templateSections, templateTasks, users } from '../db/schema.ts';
import { badRequest, forbidden, found, notFound, planLimitReached } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { movePlanFigures, planFigureColumns, uncountPlans } from '../stats/plan-counters.ts';
import { recordPlanHandover, recordTasksLeaving } from '../sync/tombstones.ts';
import { takePlanFiles } from '../uploads/file-cleanup.ts';
import { assertCanEditPlan, getVisiblePlan, perRole, visiblePlanParams } from './access.ts';
import { planParties, placeholderValuesFrom } from './plan-parties.ts';
import { recountPlan } from './plan-recount.ts';
import { serverToday, taskAssignee, taskAssigneeJoin, taskWithAssigneeColumns, toOnboardingTask } from './tasks.queries.ts';
import { planBuddy, planManager, planNewHire, planPeopleColumns } from './plan-people.ts';
import { enqueueWebhookEvent, webhookPlan } from '../webhooks/webhook-events.ts';

/** Plans as lists show them, with their people, template and task counters (decision 008). */
const summaryColumns = {
  id: onboardingPlans.id,
  newHireId: onboardingPlans.newHireId,
  templateId: onboardingPlans.templateId,
  managerId: onboardingPlans.managerId,
  companyId: onboardingPlans.companyId,
  startDate: onboardingPlans.startDate,
  currentPhase: onboardingPlans.currentPhase,
  kind: onboardingPlans.kind,
  businessDays: onboardingPlans.businessDays,
  buddyId: onboardingPlans.buddyId,
  isCompleted: onboardingPlans.isCompleted,
  completedAt: onboardingPlans.completedAt,
  createdAt: onboardingPlans.createdAt,
  updatedAt: onboardingPlans.updatedAt,
  totalTasks: onboardingPlans.tasksTotal,
  completedTasks: onboardingPlans.tasksDone,
  newHireTotalTasks: onboardingPlans.newHireTasksTotal,
  newHireCompletedTasks: onboardingPlans.newHireTasksDone,
  ...planPeopleColumns,
};

/** One plan's summary with what its tasks' placeholders are filled from (the summary has the rest). */
const planColumns = {
  ...summaryColumns,
  newHireFirstName: planNewHire.firstName,
  newHireLastName: planNewHire.lastName,
  buddyFirstName: planBuddy.firstName,
  buddyLastName: planBuddy.lastName,
  companyName: companies.name,
};

/**
 * A page of the plans `scope` shows, newest first (ties by id in the same direction), with their people
 * and template: flat columns of the tables themselves, mapped by flatRows (db/prepared.ts); `toSummary`
 * nests them. The page is chosen from the plans alone, walking a scope index (ending in deleted_at,
 * created_at, id) backwards, and only its rows are joined, on both engines: joining first made
 * PostgreSQL join and sort every plan of the company (67 ms for 10,000), and choosing ids first then
 * looking each up again cost SQLite a fifth more SQL for the same time on PostgreSQL. deletedAt is null
 * on every row here; naming it lets PostgreSQL read the index in order (it does not count `is null` as
 * fixing that column's order, SQLite does): without it, it sorted the 10,000 (5 ms).
 */
function summaryPageQuery(db: Db, scope: SQL) {
  const newestFirst = [desc(onboardingPlans.createdAt), desc(onboardingPlans.id)];
  // Under the table's own name, so the joins and columns below read the page unchanged.
  const page = db
    .select()
    .from(onboardingPlans)
    .where(scope)
    .orderBy(desc(onboardingPlans.deletedAt), ...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as(getTableName(onboardingPlans));
  return db
    .select(summaryColumns)
    .from(page)
    .innerJoin(planNewHire, eq(planNewHire.id, onboardingPlans.newHireId))
    .leftJoin(planManager, eq(planManager.id, onboardingPlans.managerId))
    .leftJoin(planBuddy, eq(planBuddy.id, onboardingPlans.buddyId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .orderBy(...newestFirst);
}

/**
 * One plan in one statement, flat columns as the page's: its people, template, what its placeholders are
 * filled from, and its live tasks in order (issue 20). Its summary alone reads the same: the tasks of one
 * plan cost little, and one query shape keeps the joins in one place.
 */
function planQuery(db: Db, where: SQL) {
  return db
    .select({ ...planColumns, tasks: jsonRows(db, planTasksQuery(db), ['order', 'id']) })
    .from(onboardingPlans)
    .innerJoin(companies, eq(companies.id, onboardingPlans.companyId))
    .innerJoin(planNewHire, eq(planNewHire.id, onboardingPlans.newHireId))
    .leftJoin(planManager, eq(planManager.id, onboardingPlans.managerId))
    .leftJoin(planBuddy, eq(planBuddy.id, onboardingPlans.buddyId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(where);
}

/** The live tasks of the plan `planId` names, with their assignees (jsonRows orders them). */
function planTasksQuery(db: Db) {
  return db
    .select(taskWithAssigneeColumns)
    .from(onboardingTasks)
    .leftJoin(taskAssignee, taskAssigneeJoin)
    .where(and(eq(onboardingTasks.planId, sql.placeholder('planId')), isNull(onboardingTasks.deletedAt)));
}

const statements = preparedFor((db) => {
  const visiblePlan = (scope: SQL) => and(eq(onboardingPlans.id, sql.placeholder('planId')), scope) as SQL;
  return {
    summaryPage: perRole((scope, role) => flatRows(summaryPageQuery(db, scope).prepare(`onboarding.plans.page.${role}`))),
    planOne: perRole((scope, role) => flatRows(planQuery(db, visiblePlan(scope)).prepare(`onboarding.plans.one.${role}`))),
  };
});

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

type SummaryRow = Awaited<ReturnType<ReturnType<typeof statements>['summaryPage']['admin']['execute']>>[number];

function toSummary(row: SummaryRow): PlanSummary {
  return {
    id: row.id,
    newHireId: row.newHireId,
    templateId: row.templateId,
    managerId: row.managerId,
    companyId: row.companyId,
    startDate: row.startDate,
    currentPhase: row.currentPhase,
    kind: row.kind,
    businessDays: row.businessDays,
    buddyId: row.buddyId,
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
    buddy: row.buddyId && row.buddyEmail !== null ? { id: row.buddyId, fullName: row.buddyFullName, email: row.buddyEmail, profileImageUrl: row.buddyImageUrl } : null,
    template: row.templateTitle && row.templateDuration !== null ? { title: row.templateTitle, duration: row.templateDuration, description: row.templateDescription } : null,
    ...progressFromCounts(row.completedTasks, row.totalTasks),
    newHireProgress: progressFromCounts(row.newHireCompletedTasks, row.newHireTotalTasks),
  };
}

/** GET /api/onboarding-plans: the plans the caller may see, newest first, paged (default 100, max 500). */
export async function findPlans(db: Db, user: CurrentUser, page = { limit: PLANS_PAGE_DEFAULT, offset: 0 }): Promise<PlanSummary[]> {
  const rows = await statements(db).summaryPage[user.role].execute({ ...visiblePlanParams(user), limit: page.limit, offset: page.offset });
  return rows.map(toSummary);
}

async function findPlanRow(db: Db | Tx, user: CurrentUser, planId: string) {
  return found(await first(statements(db).planOne[user.role].execute({ ...visiblePlanParams(user), planId })), 'Onboarding plan');
}

export async function getPlanSummary(db: Db | Tx, user: CurrentUser, planId: string): Promise<PlanSummary> {
  return toSummary(await findPlanRow(db, user, planId));
}

type TaskRow = Awaited<ReturnType<typeof planTasksQuery>>[number];

/**
 * The plan's live tasks (in order), filled with its placeholder values. The plan's own person reads only
 * what is released to them by today (UTC); staff read every task.
 */
function shownTasks(user: CurrentUser, plan: { newHireId: string }, rows: TaskRow[], values: PlaceholderValues | undefined): OnboardingTask[] {
  const today = serverToday();
  const heldBack = user.role === 'new_hire' && user.id === plan.newHireId;
  return rows.filter((row) => !heldBack || isReleased(row, today)).map((row) => toOnboardingTask(row, values));
}

/** The plan's live tasks in order (404 unless the caller may see the plan). */
export async function findPlanTasks(db: Db | Tx, user: CurrentUser, planId: string): Promise<OnboardingTask[]> {
  return (await getPlanDetails(db, user, planId)).tasks;
}

/** The summary plus its tasks; the progress comes from the plan's counters, which count these same live tasks. */
export async function getPlanDetails(db: Db | Tx, user: CurrentUser, planId: string): Promise<PlanDetails> {
  const row = await findPlanRow(db, user, planId);
  const values = placeholderValuesFrom({
    newHire: { firstName: row.newHireFirstName, lastName: row.newHireLastName, fullName: row.newHireFullName, email: row.newHireEmail },
    manager: { firstName: row.managerFirstName, lastName: row.managerLastName, fullName: row.managerFullName, email: row.managerEmail },
    buddy: { firstName: row.buddyFirstName, lastName: row.buddyLastName, fullName: row.buddyFullName, email: row.buddyEmail },
    startDate: row.startDate,
    companyName: row.companyName,
  });
  return { ...toSummary(row), tasks: shownTasks(user, row, row.tasks, values) };
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

/** The plan's own person: a new hire for onboarding; anyone of the company (any role) for offboarding. */
async function assertPlanPerson(db: Db | Tx, companyId: string, userId: string, kind: TemplateKind): Promise<void> {
  const person = await companyUser(db, companyId, userId);
  if (!person) throw notFound('User');
  if (kind === 'onboarding' && person.role !== 'new_hire') throw badRequest('Onboarding plans can only be assigned to new hires.');
}

async function assertPlanManager(db: Db | Tx, companyId: string, userId: string): Promise<void> {
  const person = await companyUser(db, companyId, userId);
  if (!person) throw notFound('Manager');
  const canManage: Role[] = ['manager', 'admin'];
  if (!canManage.includes(person.role)) throw badRequest('The manager must be a manager or an admin.');
}

/** A buddy is any colleague of the company other than the plan's own person. */
async function assertBuddy(db: Db | Tx, companyId: string, buddyId: string, planPersonId: string): Promise<void> {
  if (!(await companyUser(db, companyId, buddyId))) throw notFound('Buddy');
  if (buddyId === planPersonId) throw badRequest('The buddy must be someone in your company.');
}

/** Active new hires (DESIGN.md section 8): people with an onboarding plan not completed, optionally ignoring one plan. */
export async function activeNewHireIds(db: Db | Tx, companyId: string, exceptPlanId?: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ newHireId: onboardingPlans.newHireId })
    .from(onboardingPlans)
    .where(
      and(
        eq(onboardingPlans.companyId, companyId),
        isNull(onboardingPlans.deletedAt),
        eq(onboardingPlans.kind, 'onboarding'),
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

// ---- copying a template into a plan ----

type NewTaskRow = typeof onboardingTasks.$inferInsert;
/** A template task ready to copy: its content and window; dates and assignee come from the plan. */
export type TemplateTaskCopy = Omit<NewTaskRow, 'planId' | 'companyId' | 'version' | 'opensOn' | 'dueDate' | 'releaseOn' | 'assigneeId'> & {
  dayStart: number;
  dayEnd: number;
};
type TemplateCopy = { kind: TemplateKind; businessDays: boolean; firstPhase: string | null; tasks: TemplateTaskCopy[] };

/** The template's tasks in section then task order, ready to copy into a plan (numbered from 0); its first section's title. */
export async function templateTaskCopies(db: Db | Tx, companyId: string, templateId: string): Promise<{ tasks: TemplateTaskCopy[]; firstPhase: string | null }> {
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
        ...pickTaskContent(task),
        // A copied checklist starts unticked.
        checklistItems: task.checklistItems?.map((item) => ({ ...item, isCompleted: false })) ?? null,
        order: tasks.length,
      });
    }
  }
  return { tasks, firstPhase: sections[0]?.title ?? null };
}

/** A live template with its tasks ready to copy into a plan; 404 / 400 for a draft. */
async function templateToCopy(db: Db | Tx, companyId: string, templateId: string): Promise<TemplateCopy> {
  const template = await first(
    db
      .select({ id: templates.id, isActive: templates.isActive, kind: templates.kind, businessDays: templates.businessDays })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.companyId, companyId), isNull(templates.deletedAt))),
  );
  if (!template) throw notFound('Template');
  if (!template.isActive) throw badRequest('Draft templates cannot be assigned.');
  return { kind: template.kind, businessDays: template.businessDays, ...(await templateTaskCopies(db, companyId, templateId)) };
}

/** The named people of these tasks who are still in the company: a task of someone who left goes to nobody. */
async function namedPeopleInCompany(db: Db | Tx, companyId: string, tasks: ReadonlyArray<{ assigneePersonId?: string | null }>): Promise<Set<string>> {
  const ids = [...new Set(tasks.map((task) => task.assigneePersonId).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.companyId, companyId)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The rows of a plan's tasks: each dated on the plan's calendar and given to the person its kind
 * names on this plan. Shared with live plans' template re-application.
 */
export async function planTaskRows(
  db: Db | Tx,
  plan: PlanCalendar & { id: string; companyId: string },
  parties: PlanParties,
  tasks: readonly TemplateTaskCopy[],
  version: number,
): Promise<NewTaskRow[]> {
  const present = await namedPeopleInCompany(db, plan.companyId, tasks);
  return tasks.map((task) => {
    const kind = task.assigneeKind ?? 'new_hire';
    const personId = task.assigneePersonId && present.has(task.assigneePersonId) ? task.assigneePersonId : null;
    return {
      ...task,
      ...taskDates(plan, { dayStart: task.dayStart, dayEnd: task.dayEnd, releaseDaysBefore: task.releaseDaysBefore ?? null }),
      assigneeId: resolveAssignee(kind, personId, parties),
      planId: plan.id,
      companyId: plan.companyId,
      version,
    };
  });
}

async function insertTasks(tx: Tx, rows: NewTaskRow[]): Promise<void> {
  if (rows.length) await tx.insert(onboardingTasks).values(rows);
}

export type AssignPlanOptions = { newHireId: string; templateId: string; startDate: string; managerId?: string | null; buddyId?: string | null };

/**
 * Creates a plan from a template (admin or manager): onboarding for a new hire, offboarding for anyone
 * of the company. A manager becomes the plan's manager unless they name another; the Starter/Growth
 * limits on active new hires apply to onboarding plans (403).
 */
export async function assignPlanFromTemplate(db: Db, actor: CurrentUser, options: AssignPlanOptions): Promise<PlanDetails> {
  if (!isStaff(actor.role)) throw forbidden();
  const { companyId } = actor;
  const managerId = options.managerId || (actor.role === 'manager' ? actor.id : null);
  const buddyId = options.buddyId || null;

  // Checked under the company's lock, so the people, template and limit cannot change before the insert.
  const planId = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, companyId);
    const template = await templateToCopy(tx, companyId, options.templateId);
    await assertPlanPerson(tx, companyId, options.newHireId, template.kind);
    if (actor.role === 'manager' && managerId !== actor.id) {
      throw forbidden('Managers can only assign plans they manage themselves.');
    }
    if (managerId) await assertPlanManager(tx, companyId, managerId);
    if (buddyId) await assertBuddy(tx, companyId, buddyId, options.newHireId);
    if (template.kind === 'onboarding') await assertActiveNewHireFits(tx, companyId, options.newHireId);
    const [plan] = await tx
      .insert(onboardingPlans)
      .values({
        newHireId: options.newHireId,
        templateId: options.templateId,
        managerId,
        buddyId,
        companyId,
        createdBy: actor.id,
        startDate: options.startDate,
        currentPhase: template.firstPhase,
        kind: template.kind,
        businessDays: template.businessDays,
        tasksTotal: template.tasks.length,
        newHireTasksTotal: template.tasks.filter((task) => (task.assigneeKind ?? 'new_hire') === 'new_hire').length,
        version,
      })
      .returning({
        id: onboardingPlans.id,
        companyId: onboardingPlans.companyId,
        newHireId: onboardingPlans.newHireId,
        managerId: onboardingPlans.managerId,
        buddyId: onboardingPlans.buddyId,
        createdBy: onboardingPlans.createdBy,
        businessDays: onboardingPlans.businessDays,
        ...planFigureColumns,
      });
    if (!plan) throw new Error('assignPlanFromTemplate: the insert returned no plan');
    await insertTasks(tx, await planTaskRows(tx, plan, await planParties(tx, plan), template.tasks, version));
    await movePlanFigures(tx, companyId, [], [plan]);
    await enqueueWebhookEvent(tx, companyId, 'plan.created', async () => ({ plan: await webhookPlan(tx, plan.id) }));
    return plan.id;
  });
  return getPlanDetails(db, actor, planId);
}

export type UpdatePlanOptions = {
  currentPhase: string;
  newHireId?: string;
  templateId?: string;
  managerId?: string | null;
  buddyId?: string | null;
  startDate?: string;
};

/** Moves the open tasks of a plan to the dates of its calendar (completed tasks keep theirs): one write per window. */
async function redateOpenTasks(tx: Tx, planId: string, calendar: PlanCalendar, version: number): Promise<void> {
  const windows = await tx
    .selectDistinct({ dayStart: onboardingTasks.dayStart, dayEnd: onboardingTasks.dayEnd, releaseDaysBefore: onboardingTasks.releaseDaysBefore })
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, planId), isNull(onboardingTasks.deletedAt), eq(onboardingTasks.isCompleted, false)));
  for (const window of windows) {
    if (window.dayStart === null || window.dayEnd === null) continue;
    await tx
      .update(onboardingTasks)
      .set({ ...taskDates(calendar, { dayStart: window.dayStart, dayEnd: window.dayEnd, releaseDaysBefore: window.releaseDaysBefore }), version })
      .where(
        and(
          eq(onboardingTasks.planId, planId),
          isNull(onboardingTasks.deletedAt),
          eq(onboardingTasks.isCompleted, false),
          eq(onboardingTasks.dayStart, window.dayStart),
          eq(onboardingTasks.dayEnd, window.dayEnd),
          window.releaseDaysBefore === null ? isNull(onboardingTasks.releaseDaysBefore) : eq(onboardingTasks.releaseDaysBefore, window.releaseDaysBefore),
        ),
      );
  }
}

/** Gives the open tasks of one assignee kind to the plan's new person in that role (done ones keep who did them). */
async function reassignOpenTasks(tx: Tx, plan: { id: string; companyId: string }, kind: AssigneeKind, assigneeId: string | null, version: number): Promise<void> {
  const moving = and(eq(onboardingTasks.planId, plan.id), isNull(onboardingTasks.deletedAt), eq(onboardingTasks.isCompleted, false), eq(onboardingTasks.assigneeKind, kind));
  const before = await tx.select({ id: onboardingTasks.id, assigneeId: onboardingTasks.assigneeId }).from(onboardingTasks).where(moving);
  await tx.update(onboardingTasks).set({ assigneeId, version }).where(moving);
  // A new hire who did one of them on someone else's plan drops their synced copy.
  await recordTasksLeaving(tx, plan.companyId, before, version);
}

/** A new version for the plan's tasks that name a placeholder, so devices pull their text filled with the new values. */
async function touchPlaceholderTasks(tx: Tx, planId: string, version: number): Promise<void> {
  await tx
    .update(onboardingTasks)
    .set({ version })
    .where(and(eq(onboardingTasks.planId, planId), isNull(onboardingTasks.deletedAt), or(like(onboardingTasks.title, '%{{%'), like(onboardingTasks.description, '%{{%'))));
}

/**
 * PATCH a plan: phase text; its person, manager and buddy (their open tasks move with them); its start
 * date (open tasks' dates move); its template (replaces the tasks: progress resets).
 */
export async function updatePlan(db: Db, actor: CurrentUser, planId: string, options: UpdatePlanOptions): Promise<PlanDetails> {
  const { companyId } = actor;
  // The plan is read under the company's lock: a concurrent edit cannot slip between the checks and the write.
  const after = await transaction(db, async (tx) => {
    const version = await nextVersion(tx, companyId);
    const plan = await getVisiblePlan(tx, actor, planId);
    assertCanEditPlan(actor, plan);
    const templateChanged = options.templateId !== undefined && options.templateId !== plan.templateId;
    const replacement = templateChanged ? await templateToCopy(tx, companyId, options.templateId as string) : null;
    const kind = replacement?.kind ?? plan.kind;
    const newHireId = options.newHireId ?? plan.newHireId;
    const managerId = options.managerId !== undefined ? options.managerId : plan.managerId;
    const buddyId = options.buddyId !== undefined ? options.buddyId : plan.buddyId;
    const startDate = options.startDate ?? plan.startDate;
    if (newHireId !== plan.newHireId || kind !== plan.kind) await assertPlanPerson(tx, companyId, newHireId, kind);
    if (options.managerId) await assertPlanManager(tx, companyId, options.managerId);
    if (buddyId && (buddyId !== plan.buddyId || newHireId !== plan.newHireId)) await assertBuddy(tx, companyId, buddyId, newHireId);
    const becomesActive = replacement !== null || !plan.isCompleted;
    if (kind === 'onboarding' && becomesActive && (newHireId !== plan.newHireId || plan.isCompleted || plan.kind !== kind)) {
      await assertActiveNewHireFits(tx, companyId, newHireId, plan.id);
    }

    // A new template brings its own phases: keep a phase the person typed, else start at its first section.
    const phaseUnchanged = options.currentPhase === plan.currentPhase;
    const changed = {
      currentPhase: replacement && phaseUnchanged && replacement.firstPhase ? replacement.firstPhase : options.currentPhase,
      newHireId,
      managerId,
      buddyId,
      startDate,
      ...(replacement ? { templateId: options.templateId as string, kind: replacement.kind, businessDays: replacement.businessDays } : {}),
    };
    const updated = { ...plan, ...changed };
    await tx
      .update(onboardingPlans)
      .set({ ...changed, version })
      .where(eq(onboardingPlans.id, plan.id));
    await recordPlanHandover(tx, plan, { newHireId, managerId }, version);
    // The company's figures read the template and start date: move what the plan adds before recounting.
    if (updated.templateId !== plan.templateId || updated.startDate !== plan.startDate) await movePlanFigures(tx, companyId, [plan], [updated]);

    if (replacement) {
      await tx
        .update(onboardingTasks)
        .set({ deletedAt: new Date().toISOString(), version })
        .where(and(eq(onboardingTasks.planId, plan.id), isNull(onboardingTasks.deletedAt)));
      await insertTasks(tx, await planTaskRows(tx, updated, await planParties(tx, updated), replacement.tasks, version));
      await recountPlan(tx, plan.id, version);
    } else {
      if (startDate !== plan.startDate) await redateOpenTasks(tx, plan.id, updated, version);
      const people = { newHireId, managerId, buddyId } as const;
      for (const [role, assigneeKind] of Object.entries(PLAN_ROLE_KINDS) as [keyof typeof people, AssigneeKind][]) {
        if (people[role] !== plan[role]) await reassignOpenTasks(tx, plan, assigneeKind, people[role], version);
      }
    }
    const placeholderChanged = newHireId !== plan.newHireId || managerId !== plan.managerId || buddyId !== plan.buddyId || startDate !== plan.startDate;
    if (placeholderChanged && !replacement) await touchPlaceholderTasks(tx, plan.id, version);
    return { newHireId, managerId };
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
    .set({ deletedAt, version, tasksTotal: 0, tasksDone: 0, newHireTasksTotal: 0, newHireTasksDone: 0 })
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

/** Answers the storage keys of the plan's files (their rows are gone): the route removes the bytes after the commit. */
export async function deletePlan(db: Db, actor: CurrentUser, planId: string): Promise<string[]> {
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, actor.companyId);
    const plan = await getVisiblePlan(tx, actor, planId);
    assertCanEditPlan(actor, plan);
    await softDeletePlans(tx, [plan.id], version);
    return takePlanFiles(tx, actor.companyId, [plan.id]);
  });
}
