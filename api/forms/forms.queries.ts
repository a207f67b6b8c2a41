// Submitting a form task (issue 19): the new hire's answers, checked against the task's questions with
// the same shared schema the form on the device runs, stored on the task, which they complete. Reached
// through the sync push's 'form.submit' (a form is filled offline too), so it runs inside the push's
// transaction for that mutation and throws AppError for a broken rule.
import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { ERROR_CODE } from '../../shared/errors.ts';
import { issuePath } from '../../shared/field-errors.ts';
import { formAnswersSchema } from '../../shared/forms.ts';
import { canSeePlan } from '../../shared/onboarding.ts';
import type { FormSubmitArgs } from '../../shared/sync.ts';
import { first, nextVersion, type Tx } from '../db/client.ts';
import { onboardingPlans, onboardingTasks } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/app-error.ts';
import { clientTimeUpToNow } from '../lib/client-time.ts';
import type { CurrentUser } from '../lib/env.ts';
import { setTaskCompleted, type TaskTick } from '../onboarding/tasks.queries.ts';

export const NOT_A_FORM_MESSAGE = 'This task is not a form';
export const FORM_ASSIGNEE_ONLY_MESSAGE = 'Only the new hire this form is for can submit it';
export const FORM_ALREADY_SUBMITTED_MESSAGE = 'This form has already been submitted';

/**
 * Stores the answers of a live form task of the caller's company and completes it (with its plan's
 * counters). Only its assignee submits it: staff who see the plan get 403, anyone else 404. A completed
 * form answers 409 (staff reopen it to ask again); answers the questions refuse answer 400 with an issue
 * per question id. `args.answers` is checked here whatever its declared type: it came over the wire.
 */
export async function submitForm(tx: Tx, user: CurrentUser, args: FormSubmitArgs): Promise<TaskTick> {
  // The company's lock, the task read sent right behind it (decision 005): a second submission of the same
  // form (another device) waits, then sees it done.
  const [version, task] = await Promise.all([
    nextVersion(tx, user.companyId),
    first(
      tx
        .select({
          type: onboardingTasks.type,
          formQuestions: onboardingTasks.formQuestions,
          isCompleted: onboardingTasks.isCompleted,
          assigneeId: onboardingTasks.assigneeId,
          newHireId: onboardingPlans.newHireId,
          managerId: onboardingPlans.managerId,
        })
        .from(onboardingTasks)
        .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
        .where(and(eq(onboardingTasks.id, args.taskId), isNull(onboardingTasks.deletedAt), eq(onboardingPlans.companyId, user.companyId), isNull(onboardingPlans.deletedAt))),
    ),
  ]);
  const isAssignee = task !== undefined && task.assigneeId === user.id;
  if (!task || (!isAssignee && !canSeePlan(user, task))) throw notFound('Task');
  if (task.type !== 'form') throw badRequest(NOT_A_FORM_MESSAGE);
  if (!isAssignee) throw forbidden(FORM_ASSIGNEE_ONLY_MESSAGE);
  if (task.isCompleted) throw conflict(FORM_ALREADY_SUBMITTED_MESSAGE);

  const questions = task.formQuestions ?? [];
  const checked = v.safeParse(formAnswersSchema(questions), args.answers);
  if (!checked.success) {
    const issues = checked.issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));
    // The push hands the device one message: it names the question, so the person knows where to look.
    const [issue] = issues;
    const label = questions.find((question) => question.id === issue?.path)?.label;
    throw new AppError(400, label ? `${label}: ${issue!.message}` : (issue?.message ?? 'Invalid answers'), { code: ERROR_CODE.validationFailed, issues });
  }

  const now = new Date();
  const submittedAt = clientTimeUpToNow(args.submittedAt, now);
  await tx
    .update(onboardingTasks)
    .set({ formAnswers: checked.output, formSubmittedAt: submittedAt, version, updatedAt: now.toISOString() })
    .where(eq(onboardingTasks.id, args.taskId));
  return setTaskCompleted(tx, user, { taskId: args.taskId, isCompleted: true, completedAt: submittedAt }, { byAction: true });
}
