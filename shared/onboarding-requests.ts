// The onboarding API's request contracts (spec sections 5 and 7), used by the API and the staff's forms;
// the shapes it answers with and the rules both sides compute are in onboarding.ts.
import * as v from 'valibot';
import { END_BEFORE_START_MESSAGE, SectionFieldsSchema, TaskInputSchema } from './templates.ts';

/** 'none' in a manager picker means no manager. */
export const NO_MANAGER = 'none';

const requiredId = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(100, message));
const isoDay = (message: string) => v.pipe(v.string(message), v.trim(), v.isoDate(message));
/** An optional manager id where absent, '' and 'none' all mean no manager (sent as absent by forms). */
const optionalManagerId = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  v.transform((value) => (value && value !== NO_MANAGER ? value : undefined)),
);

/** POST /api/onboarding-plans, and the Assign Onboarding forms. A buddy is any colleague; absent, '' and 'none' mean none. */
export const AssignPlanSchema = v.object({
  newHireId: requiredId('Please select a user'),
  templateId: requiredId('Please select a template'),
  startDate: isoDay('Please select a start date'),
  managerId: optionalManagerId,
  buddyId: optionalManagerId,
});
export type AssignPlanInput = v.InferInput<typeof AssignPlanSchema>;
export type AssignPlan = v.InferOutput<typeof AssignPlanSchema>;

const optionalPersonChange = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  v.transform((value) => (value === undefined ? undefined : value && value !== NO_MANAGER ? value : null)),
);

/**
 * PATCH /api/onboarding-plans/{id}: managerId / buddyId 'none' (or null) removes them, absent keeps them;
 * moving the start date moves the due dates of the open tasks with it.
 */
export const UpdatePlanSchema = v.object({
  startDate: v.optional(isoDay('Please select a start date')),
  buddyId: optionalPersonChange,
  currentPhase: v.pipe(v.string('Current phase is required'), v.trim(), v.minLength(1, 'Current phase is required'), v.maxLength(200)),
  newHireId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  templateId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  managerId: optionalPersonChange,
});
export type UpdatePlanInput = v.InferInput<typeof UpdatePlanSchema>;
export type UpdatePlan = v.InferOutput<typeof UpdatePlanSchema>;

/** PATCH /api/onboarding-tasks/{taskId}: intent, not a toggle; completedAt is when the person ticked it. */
export const SetTaskCompletedSchema = v.object({
  isCompleted: v.boolean('isCompleted must be true or false'),
  completedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('completedAt must be an ISO timestamp'))),
});
export type SetTaskCompleted = v.InferOutput<typeof SetTaskCompletedSchema>;

export const PLANS_PAGE_DEFAULT = 100;
export const PLANS_PAGE_MAX = 500;

/** GET /api/onboarding-plans?limit=&offset= (default limit 100, at most 500). */
export const PlansPageSchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'limit must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(PLANS_PAGE_MAX, `limit must be at most ${PLANS_PAGE_MAX}`),
    ),
    String(PLANS_PAGE_DEFAULT),
  ),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'offset must be a whole number'), v.transform(Number)), '0'),
});
export type PlansPage = v.InferOutput<typeof PlansPageSchema>;

// ---- Live plans: one person's tasks changed without touching the template ----

/** POST /api/onboarding-plans/{id}/tasks and PUT .../tasks/{taskId}: a task with its window (and section name). */
export const PlanTaskInputSchema = v.intersect([
  TaskInputSchema,
  v.pipe(
    v.object({
      sectionTitle: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Section title must be at most 200 characters')), null),
      dayStart: SectionFieldsSchema.pipe[0].entries.dayStart,
      dayEnd: SectionFieldsSchema.pipe[0].entries.dayEnd,
    }),
    v.forward(
      v.partialCheck([['dayStart'], ['dayEnd']], (task) => task.dayStart <= task.dayEnd, END_BEFORE_START_MESSAGE),
      ['dayEnd'],
    ),
  ),
]);
export type PlanTaskInput = v.InferOutput<typeof PlanTaskInputSchema>;

/** PUT /api/onboarding-plans/{id}/task-order: every live task of the plan, once, in the new order. */
export const TaskOrderSchema = v.object({
  taskIds: v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid task id'))), v.minLength(1, 'Give the tasks in their new order'), v.maxLength(5000)),
});
export type TaskOrder = v.InferOutput<typeof TaskOrderSchema>;

/** GET /api/my-tasks?planId=: only the tasks of one plan. */
export const MyTasksQuerySchema = v.object({ planId: v.optional(v.pipe(v.string(), v.uuid('Invalid plan id'))) });
export type MyTasksQuery = v.InferOutput<typeof MyTasksQuerySchema>;
