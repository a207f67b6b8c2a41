// Onboarding plans: reading them as each role may, assigning one from a template, editing, deleting.
import { and, asc, countDistinct, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { limitReachedMessage, withinPlanLimit } from '../../shared/catalogue.ts';
import {
  dueDateFor,
  PLANS_PAGE_DEFAULT,
  type OnboardingTask,
  type PlanDetails,
  type PlanSummary,
} from '../../shared/onboarding.ts';
import type { Role } from '../../shared/roles.ts';
import { nextVersion, type Db, type Tx } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { messages, onboardingPlans, onboardingTasks, templates, templateSections, templateTasks, users } from '../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { currentPlanType } from '../subscriptions/plan-status.ts';
import { recordPlanHandover } from '../sync/tombstones.ts';
import { assertCanEditPlan, getVisiblePlan, perRole, visiblePlanParams } from './access.ts';
import { toOnboardingTask } from './tasks.queries.ts';

const newHire = alias(users, 'plan_new_hire');
const manager = alias(users, 'plan_manager');

/** Plans as lists show them, with their people and template (task counts come from a second query). */
function summaryQuery(db: Db, where: SQL) {
  return db
    .select({
      plan: {
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
      },
      newHire: { id: newHire.id, fullName: newHire.fullName, email: newHire.email, profileImageUrl: newHire.profileImageUrl },
      manager: {
        id: manager.id,
        fullName: manager.fullName,
        firstName: manager.firstName,
        lastName: manager.lastName,
        email: manager.email,
        profileImageUrl: manager.profileImageUrl,
      },
      template: { title: templates.title, duration: templates.duration, description: templates.description },
    })
    .from(onboardingPlans)
    .innerJoin(newHire, eq(newHire.id, onboardingPlans.newHireId))
    .leftJoin(manager, eq(manager.id, onboardingPlans.managerId))
    .leftJoin(templates, eq(templates.id, onboardingPlans.templateId))
    .where(where);
}

const statements = preparedFor((db) => ({
  // Newest first; the index plans_company_created_idx walks a page without sorting the company's plans.
  summaryPage: perRole((scope) =>
    summaryQuery(db, scope)
      .orderBy(desc(onboardingPlans.createdAt), asc(onboardingPlans.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  ),
  summaryOne: perRole((scope) => summaryQuery(db, and(eq(onboardingPlans.id, sql.placeholder('planId')), scope) as SQL).prepare()),
  // The ids travel as one JSON array, so one prepared statement serves any number of plans.
  taskCounts: db
    .select({
      planId: onboardingTasks.planId,
      total: sql<number>`count(*)`,
      done: sql<number>`coalesce(sum(${onboardingTasks.isCompleted}), 0)`,
    })
    .from(onboardingTasks)
    .where(and(sql`${onboardingTasks.planId} in (select value from json_each(${sql.placeholder('planIds')}))`, isNull(onboardingTasks.deletedAt)))
    .groupBy(onboardingTasks.planId)
    .prepare(),
  planTasks: db
    .select()
    .from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, sql.placeholder('planId')), isNull(onboardingTasks.deletedAt)))
    .orderBy(asc(onboardingTasks.order))
    .prepare(),
}));

/** Task counts per plan in one GROUP BY query (no query per plan). */
export function taskCountsByPlan(db: Db | Tx, planIds: string[]): Map<string, { total: number; done: number }> {
  const counts = new Map<string, { total: number; done: number }>();
  if (!planIds.length) return counts;
  const rows = statements(db).taskCounts.all({ planIds: JSON.stringify(planIds) });
  for (const row of rows) counts.set(row.planId, { total: row.total, done: row.done });
  return counts;
}

function progressFrom(count: { total: number; done: number } | undefined) {
  const totalTasks = count?.total ?? 0;
  const completedTasks = count?.done ?? 0;
  return { totalTasks, completedTasks, progressPercentage: totalTasks ? Math.round((completedTasks / totalTasks) * 100) : 0 };
}

type SummaryRow = ReturnType<ReturnType<typeof statements>['summaryOne']['admin']['all']>[number];

function toSummary({ plan, newHire: person, manager: boss, template }: SummaryRow, count: { total: number; done: number } | undefined): PlanSummary {
  return {
    ...plan,
    newHire: person,
    manager: boss?.id ? boss : null,
    template: template?.title ? template : null,
    ...progressFrom(count),
  };
}

/** GET /api/onboarding-plans: the plans the caller may see, newest first, paged (default 100, max 500). */
export function findPlans(db: Db, user: CurrentUser, page = { limit: PLANS_PAGE_DEFAULT, offset: 0 }): PlanSummary[] {
  const rows = statements(db).summaryPage[user.role].all({ ...visiblePlanParams(user), limit: page.limit, offset: page.offset });
  const counts = taskCountsByPlan(db, rows.map((row) => row.plan.id));
  return rows.map((row) => toSummary(row, counts.get(row.plan.id)));
}

function findSummaryRow(db: Db | Tx, user: CurrentUser, planId: string): SummaryRow {
  const row = statements(db).summaryOne[user.role].get({ ...visiblePlanParams(user), planId });
  if (!row) throw notFound('Onboarding plan');
  return row;
}

export function getPlanSummary(db: Db | Tx, user: CurrentUser, planId: string): PlanSummary {
  const row = findSummaryRow(db, user, planId);
  return toSummary(row, taskCountsByPlan(db, [row.plan.id]).get(row.plan.id));
}

function planTasks(db: Db | Tx, planId: string): OnboardingTask[] {
  return statements(db).planTasks.all({ planId }).map(toOnboardingTask);
}

/** The plan's live tasks in order (404 unless the caller may see the plan). */
export function findPlanTasks(db: Db | Tx, user: CurrentUser, planId: string): OnboardingTask[] {
  getVisiblePlan(db, user, planId);
  return planTasks(db, planId);
}

/** The summary plus its tasks; the progress figures count the same live tasks the list holds. */
export function getPlanDetails(db: Db | Tx, user: CurrentUser, planId: string): PlanDetails {
  const row = findSummaryRow(db, user, planId);
  const tasks = planTasks(db, row.plan.id);
  const done = tasks.filter((task) => task.isCompleted).length;
  return { ...toSummary(row, { total: tasks.length, done }), tasks };
}

// ---- rules for who can be put on a plan ----

function companyUser(db: Db | Tx, companyId: string, userId: string) {
  return (db as Db)
    .select({ id: users.id, role: users.role, managerId: users.managerId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .get();
}

function assertNewHire(db: Db | Tx, companyId: string, userId: string) {
  const person = companyUser(db, companyId, userId);
  if (!person) throw notFound('User');
  if (person.role !== 'new_hire') throw badRequest('Onboarding plans can only be assigned to new hires.');
  return person;
}

function assertPlanManager(db: Db | Tx, companyId: string, userId: string): void {
  const person = companyUser(db, companyId, userId);
  if (!person) throw notFound('Manager');
  const canManage: Role[] = ['manager', 'admin'];
  if (!canManage.includes(person.role)) throw badRequest('The manager must be a manager or an admin.');
}

/** Active new hires (DESIGN.md section 8): new hires with a plan not completed, optionally ignoring one plan. */
function activeNewHireIds(db: Db | Tx, companyId: string, exceptPlanId?: string): Set<string> {
  const rows = (db as Db)
    .selectDistinct({ newHireId: onboardingPlans.newHireId })
    .from(onboardingPlans)
    .where(
      and(
        eq(onboardingPlans.companyId, companyId),
        isNull(onboardingPlans.deletedAt),
        eq(onboardingPlans.isCompleted, false),
        exceptPlanId ? ne(onboardingPlans.id, exceptPlanId) : undefined,
      ),
    )
    .all();
  return new Set(rows.map((row) => row.newHireId));
}

/** 403 'limit reached' when making `newHireId` active would go over the company's plan. */
function assertActiveNewHireFits(db: Db, companyId: string, newHireId: string, exceptPlanId?: string): void {
  const active = activeNewHireIds(db, companyId, exceptPlanId);
  if (active.has(newHireId)) return;
  const planType = currentPlanType(db, companyId);
  if (!withinPlanLimit(planType, 'activeNewHires', active.size)) {
    throw new AppError(403, limitReachedMessage(planType, 'activeNewHires'));
  }
}

/** Counted for the manager limit (DESIGN.md section 8): users with role manager, not admins. */
export function countManagers(db: Db, companyId: string): number {
  const row = db
    .select({ count: countDistinct(users.id) })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'manager')))
    .get();
  return row?.count ?? 0;
}

type TemplateTaskCopy = Omit<typeof onboardingTasks.$inferInsert, 'planId' | 'version'>;

/** The template's tasks in section then task order, ready to copy into a plan; 404 / 400 for a draft. */
function templateTasksToCopy(db: Db | Tx, companyId: string, templateId: string, startDate: string) {
  const template = (db as Db)
    .select({ id: templates.id, isActive: templates.isActive })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.companyId, companyId), isNull(templates.deletedAt)))
    .get();
  if (!template) throw notFound('Template');
  if (!template.isActive) throw badRequest('Draft templates cannot be assigned.');
  const sections = (db as Db)
    .select()
    .from(templateSections)
    .where(eq(templateSections.templateId, templateId))
    .orderBy(asc(templateSections.order), asc(templateSections.dayStart))
    .all();
  const sectionIds = sections.map((section) => section.id);
  const taskRows = sectionIds.length
    ? (db as Db)
        .select()
        .from(templateTasks)
        .where(inArray(templateTasks.sectionId, sectionIds))
        .orderBy(asc(templateTasks.order))
        .all()
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
        title: task.title,
        description: task.description,
        type: task.type,
        resourceUrl: task.resourceUrl,
        videoUrl: task.videoUrl,
        videoTitle: task.videoTitle,
        attachments: task.attachments,
        checklistItems: task.checklistItems?.map((item) => ({ ...item, isCompleted: false })) ?? null,
        personName: task.personName,
        personRole: task.personRole,
        personPhoto: task.personPhoto,
        meetingTitle: task.meetingTitle,
        meetingAttendees: task.meetingAttendees,
        meetingDate: task.meetingDate,
        order: tasks.length,
      });
    }
  }
  return { tasks, firstPhase: sections[0]?.title ?? null };
}

function insertTasks(tx: Tx, planId: string, tasks: TemplateTaskCopy[], version: number): void {
  if (tasks.length) tx.insert(onboardingTasks).values(tasks.map((task) => ({ ...task, planId, version }))).run();
}

export type AssignPlanOptions = { newHireId: string; templateId: string; startDate: string; managerId?: string | null };

/**
 * Creates a plan for a new hire from a template (admin or manager). A manager becomes the plan's
 * manager unless they name another; the Starter/Growth limits on active new hires apply (403).
 */
export function assignPlanFromTemplate(db: Db, actor: CurrentUser, options: AssignPlanOptions): PlanDetails {
  if (actor.role === 'new_hire') throw forbidden();
  const { companyId } = actor;
  assertNewHire(db, companyId, options.newHireId);
  const managerId = options.managerId || (actor.role === 'manager' ? actor.id : null);
  if (actor.role === 'manager' && managerId !== actor.id) {
    throw forbidden('Managers can only assign plans they manage themselves.');
  }
  if (managerId) assertPlanManager(db, companyId, managerId);
  const { tasks, firstPhase } = templateTasksToCopy(db, companyId, options.templateId, options.startDate);
  assertActiveNewHireFits(db, companyId, options.newHireId);

  const planId = db.transaction((tx) => {
    const version = nextVersion(tx);
    const plan = tx
      .insert(onboardingPlans)
      .values({
        newHireId: options.newHireId,
        templateId: options.templateId,
        managerId,
        companyId,
        createdBy: actor.id,
        startDate: options.startDate,
        currentPhase: firstPhase,
        version,
      })
      .returning({ id: onboardingPlans.id })
      .get();
    insertTasks(tx, plan.id, tasks, version);
    return plan.id;
  });
  return getPlanDetails(db, actor, planId);
}

export type UpdatePlanOptions = { currentPhase: string; newHireId?: string; templateId?: string; managerId?: string | null };

/** PATCH a plan: phase text, and reassigning new hire, template (replaces the tasks: progress resets) or manager. */
export function updatePlan(db: Db, actor: CurrentUser, planId: string, options: UpdatePlanOptions): PlanDetails {
  const plan = getVisiblePlan(db, actor, planId);
  assertCanEditPlan(actor, plan);
  const { companyId } = actor;
  const newHireId = options.newHireId ?? plan.newHireId;
  if (newHireId !== plan.newHireId) assertNewHire(db, companyId, newHireId);
  if (options.managerId) assertPlanManager(db, companyId, options.managerId);
  const templateChanged = options.templateId !== undefined && options.templateId !== plan.templateId;
  const replacement = templateChanged ? templateTasksToCopy(db, companyId, options.templateId as string, plan.startDate) : null;
  const becomesActive = replacement !== null || !plan.isCompleted;
  if (becomesActive && (newHireId !== plan.newHireId || plan.isCompleted)) assertActiveNewHireFits(db, companyId, newHireId, plan.id);

  db.transaction((tx) => {
    const version = nextVersion(tx);
    // A new template brings its own phases: keep a phase the person typed, else start at its first section.
    const phaseUnchanged = options.currentPhase === plan.currentPhase;
    tx.update(onboardingPlans)
      .set({
        currentPhase: replacement && phaseUnchanged && replacement.firstPhase ? replacement.firstPhase : options.currentPhase,
        newHireId,
        ...(options.managerId !== undefined ? { managerId: options.managerId } : {}),
        ...(replacement ? { templateId: options.templateId, isCompleted: false, completedAt: null } : {}),
        version,
      })
      .where(eq(onboardingPlans.id, plan.id))
      .run();
    recordPlanHandover(tx, plan, { newHireId, managerId: options.managerId !== undefined ? options.managerId : plan.managerId }, version);
    if (replacement) {
      tx.update(onboardingTasks)
        .set({ deletedAt: new Date().toISOString(), version })
        .where(and(eq(onboardingTasks.planId, plan.id), isNull(onboardingTasks.deletedAt)))
        .run();
      insertTasks(tx, plan.id, replacement.tasks, version);
    }
  });
  // A manager who handed the plan to someone else can no longer read it: answer with what they sent.
  const stillVisible = actor.role === 'admin' || options.managerId === undefined || options.managerId === actor.id;
  return stillVisible ? getPlanDetails(db, actor, plan.id) : getPlanDetails(db, { ...actor, role: 'admin' }, plan.id);
}

/** Soft-deletes plans with their tasks and messages in one version, so pulls see tombstones. */
export function softDeletePlans(tx: Tx, planIds: string[], version: number): void {
  if (!planIds.length) return;
  const deletedAt = new Date().toISOString();
  tx.update(onboardingPlans).set({ deletedAt, version }).where(and(inArray(onboardingPlans.id, planIds), isNull(onboardingPlans.deletedAt))).run();
  tx.update(onboardingTasks).set({ deletedAt, version }).where(and(inArray(onboardingTasks.planId, planIds), isNull(onboardingTasks.deletedAt))).run();
  tx.update(messages).set({ deletedAt, version }).where(and(inArray(messages.planId, planIds), isNull(messages.deletedAt))).run();
}

export function deletePlan(db: Db, actor: CurrentUser, planId: string): void {
  const plan = getVisiblePlan(db, actor, planId);
  assertCanEditPlan(actor, plan);
  db.transaction((tx) => softDeletePlans(tx, [plan.id], nextVersion(tx)));
}
