// A plan as a CSV file: who did what when, for the record (completed plans export the same way).
import { inArray } from 'drizzle-orm';
import { ASSIGNEE_KIND_LABELS } from '../../shared/assignees.ts';
import { taskStatus } from '../../shared/onboarding.ts';
import { nameOf } from '../../shared/placeholders.ts';
import { isStaff } from '../../shared/roles.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { forbidden } from '../lib/app-error.ts';
import { csvDocument, csvLine, type CsvFile, fileSlug } from '../lib/csv.ts';
import type { CurrentUser } from '../lib/env.ts';
import { getVisiblePlan } from './access.ts';
import { livePlanTasks } from './plan-tasks.queries.ts';
import { serverToday } from './tasks.queries.ts';

export const PLAN_EXPORT_COLUMNS = ['Task', 'Section', 'Assigned to', 'Opens', 'Due', 'Status', 'Completed by', 'Completed at'] as const;

/** Names of people by id (one query): the new hire and whoever ticked a task. */
async function namesOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, nameOf(row, '')]));
}

/** GET /api/onboarding-plans/{id}/export.csv: staff who see the plan (its new hire: 403, anyone else: 404). */
export async function exportPlanCsv(db: Db, user: CurrentUser, planId: string, today = serverToday()): Promise<CsvFile> {
  const plan = await getVisiblePlan(db, user, planId);
  if (!isStaff(user.role)) throw forbidden('Only an admin or the plan’s manager can export this plan.');
  const tasks = await livePlanTasks(db, plan.id);
  const names = await namesOf(db, [plan.newHireId, ...tasks.map((task) => task.completedBy)]);
  const lines = [
    csvLine([...PLAN_EXPORT_COLUMNS]),
    ...tasks.map((task) =>
      csvLine([
        task.title,
        task.sectionTitle,
        task.assigneeName ?? `${ASSIGNEE_KIND_LABELS[task.assigneeKind]} (nobody yet)`,
        task.opensOn,
        task.dueDate,
        taskStatus(task, today),
        task.completedBy ? (names.get(task.completedBy) ?? null) : null,
        task.completedAt,
      ]),
    ),
  ];
  return { filename: `${plan.kind}-${fileSlug(names.get(plan.newHireId) ?? 'plan')}.csv`, csv: csvDocument(lines) };
}
