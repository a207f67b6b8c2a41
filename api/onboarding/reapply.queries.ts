// Re-applying a changed template to plans made from it: the template's new tasks are added, what the
// plan has (or had) is left alone, so running it twice adds nothing.
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ReapplyResult } from '../../shared/onboarding.ts';
import { first, nextVersion, transaction, type Db, type Tx } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, templates } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import type { PlanRow } from './access.ts';
import { planTaskRows, templateTaskCopies, type TemplateTaskCopy } from './onboarding.queries.ts';
import { planParties } from './plan-parties.ts';
import { editablePlan, nextTaskOrder } from './plan-tasks.queries.ts';
import { recountPlan } from './plan-recount.ts';

/** The template ids each plan has ever had a task of, removed ones included: a task removed on purpose stays removed. */
async function copiedTemplateTaskIds(tx: Tx, planIds: string[]): Promise<Map<string, Set<string>>> {
  const copied = new Map(planIds.map((id) => [id, new Set<string>()]));
  if (!planIds.length) return copied;
  const rows = await tx
    .select({ planId: onboardingTasks.planId, templateTaskId: onboardingTasks.templateTaskId })
    .from(onboardingTasks)
    .where(and(inArray(onboardingTasks.planId, planIds), isNotNull(onboardingTasks.templateTaskId)));
  for (const row of rows) copied.get(row.planId)?.add(row.templateTaskId as string);
  return copied;
}

/** Adds to one plan the template tasks it never had, at its end, resolved and dated for it; how many. */
async function addMissingTasks(tx: Tx, plan: PlanRow, templateTaskRows: TemplateTaskCopy[], copied: Set<string>, version: number): Promise<number> {
  const missing = templateTaskRows.filter((task) => task.templateTaskId && !copied.has(task.templateTaskId));
  if (!missing.length) return 0;
  const firstOrder = await nextTaskOrder(tx, plan.id);
  const copies = missing.map((task, index) => ({ ...task, order: firstOrder + index }));
  await tx.insert(onboardingTasks).values(await planTaskRows(tx, plan, await planParties(tx, plan), copies, version));
  await recountPlan(tx, plan.id, version);
  return missing.length;
}

function liveTemplate(tx: Tx, companyId: string, templateId: string) {
  return first(
    tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.companyId, companyId), isNull(templates.deletedAt))),
  );
}

/** POST /api/onboarding-plans/{id}/reapply-template: one plan (a completed one too: new tasks reopen it). */
export async function reapplyTemplateToPlan(db: Db, user: CurrentUser, planId: string): Promise<ReapplyResult> {
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    const plan = await editablePlan(tx, user, planId);
    if (!plan.templateId) throw badRequest('This plan was not made from a template, so there is none to re-apply.');
    if (!(await liveTemplate(tx, plan.companyId, plan.templateId))) throw badRequest('The template of this plan has been deleted, so it cannot be re-applied.');
    const { tasks: templateTaskRows } = await templateTaskCopies(tx, plan.companyId, plan.templateId);
    const copied = await copiedTemplateTaskIds(tx, [plan.id]);
    const added = await addMissingTasks(tx, plan, templateTaskRows, copied.get(plan.id) ?? new Set(), version);
    return { plans: 1, added };
  });
}

export type TemplateReapply = ReapplyResult & { changedPlanIds: string[] };

/**
 * POST /api/templates/{id}/reapply: every live, not completed plan of the template the caller may
 * edit (an admin: all of the company's, a manager: the ones they manage).
 */
export async function reapplyTemplate(db: Db, user: CurrentUser, templateId: string): Promise<TemplateReapply> {
  return transaction(db, async (tx) => {
    const version = await nextVersion(tx, user.companyId);
    if (!(await liveTemplate(tx, user.companyId, templateId))) throw notFound('Template');
    const plans = await tx
      .select()
      .from(onboardingPlans)
      .where(
        and(
          eq(onboardingPlans.templateId, templateId),
          eq(onboardingPlans.companyId, user.companyId),
          isNull(onboardingPlans.deletedAt),
          eq(onboardingPlans.isCompleted, false),
          user.role === 'admin' ? undefined : eq(onboardingPlans.managerId, user.id),
        ),
      )
      .orderBy(asc(onboardingPlans.createdAt), asc(onboardingPlans.id));
    const { tasks: templateTaskRows } = await templateTaskCopies(tx, user.companyId, templateId);
    const copied = await copiedTemplateTaskIds(
      tx,
      plans.map((plan) => plan.id),
    );
    let added = 0;
    const changedPlanIds: string[] = [];
    for (const plan of plans) {
      const addedToPlan = await addMissingTasks(tx, plan, templateTaskRows, copied.get(plan.id) ?? new Set(), version);
      added += addedToPlan;
      if (addedToPlan) changedPlanIds.push(plan.id);
    }
    return { plans: plans.length, added, changedPlanIds };
  });
}
