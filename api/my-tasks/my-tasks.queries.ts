// My tasks: every live task assigned to the caller across the plans of their company, whoever's plan it is.
import { and, asc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MY_TASKS_DONE_DAYS, type MyTask, type MyTasksCount } from '../../shared/onboarding.ts';
import type { MyTasksQuery } from '../../shared/onboarding-requests.ts';
import { isReleased } from '../../shared/plan-calendar.ts';
import type { Db } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, users } from '../db/schema.ts';
import type { CurrentUser } from '../lib/env.ts';
import { placeholderValuesByPlan } from '../onboarding/plan-parties.ts';
import { serverToday, taskAssignee, taskAssigneeJoin, taskWithAssigneeColumns, toOnboardingTask } from '../onboarding/tasks.queries.ts';

const planPerson = alias(users, 'my_tasks_plan_person');

/** The caller's tasks of live plans in their own company. */
function assignedTo(user: CurrentUser): SQL {
  return and(
    eq(onboardingTasks.assigneeId, user.id),
    eq(onboardingTasks.companyId, user.companyId),
    isNull(onboardingTasks.deletedAt),
    eq(onboardingPlans.companyId, user.companyId),
    isNull(onboardingPlans.deletedAt),
  ) as SQL;
}

/**
 * A new hire does not see their own plan's tasks before they are released (staff and other plans'
 * people always do): the same rule as the plan's REST reads.
 */
function visibleToCaller(user: CurrentUser, task: { releaseOn: string | null }, planPersonId: string, today: string): boolean {
  return user.role !== 'new_hire' || planPersonId !== user.id || isReleased(task, today);
}

/** GET /api/my-tasks: open tasks and those done in the last week, by due date, then plan, then position. */
export async function findMyTasks(db: Db, user: CurrentUser, query: MyTasksQuery): Promise<MyTask[]> {
  const doneSince = new Date(Date.now() - MY_TASKS_DONE_DAYS * 86_400_000).toISOString();
  const rows = await db
    .select({
      task: taskWithAssigneeColumns,
      plan: { id: onboardingPlans.id, kind: onboardingPlans.kind, startDate: onboardingPlans.startDate },
      person: { id: planPerson.id, fullName: planPerson.fullName, email: planPerson.email, profileImageUrl: planPerson.profileImageUrl },
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(planPerson, eq(planPerson.id, onboardingPlans.newHireId))
    .leftJoin(taskAssignee, taskAssigneeJoin)
    .where(
      and(
        assignedTo(user),
        or(eq(onboardingTasks.isCompleted, false), gte(onboardingTasks.completedAt, doneSince)),
        query.planId ? eq(onboardingTasks.planId, query.planId) : undefined,
      ),
    )
    // Tasks without a due date last on both engines (they sort nulls differently).
    .orderBy(sql`${onboardingTasks.dueDate} is null`, asc(onboardingTasks.dueDate), asc(onboardingTasks.planId), asc(onboardingTasks.order), asc(onboardingTasks.id));
  const today = serverToday();
  const visible = rows.filter((row) => visibleToCaller(user, row.task, row.person.id, today));
  const values = await placeholderValuesByPlan(
    db,
    visible.map((row) => row.plan.id),
  );
  return visible.map((row) => ({ ...toOnboardingTask(row.task, values.get(row.plan.id)), plan: { ...row.plan, newHire: row.person } }));
}

/** GET /api/my-tasks/count: the caller's open tasks, and how many of them are past their due date (UTC). */
export async function countMyTasks(db: Db, user: CurrentUser): Promise<MyTasksCount> {
  const today = serverToday();
  // The new hire's unreleased tasks of their own plan do not count: they do not see them yet.
  const released =
    user.role === 'new_hire' ? or(sql`${onboardingPlans.newHireId} <> ${user.id}`, isNull(onboardingTasks.releaseOn), sql`${onboardingTasks.releaseOn} <= ${today}`) : undefined;
  const [row] = await db
    .select({
      open: sql<number>`count(*)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${onboardingTasks.dueDate} < ${today})`.mapWith(Number),
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .where(and(assignedTo(user), eq(onboardingTasks.isCompleted, false), released));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
