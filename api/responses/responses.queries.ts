// What new hires handed in, for staff (issue 19): one plan's form answers, policy acceptances and
// uploaded files, and one template task's answers or acceptances across the template's plans as CSV.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AcknowledgementRecord } from '../../shared/acknowledgements.ts';
import { formAnswerText, type FormAnswers, type FormQuestion } from '../../shared/forms.ts';
import { nameOf } from '../../shared/placeholders.ts';
import type { PlanResponses } from '../../shared/responses.ts';
import { isStaff } from '../../shared/roles.ts';
import type { TaskType } from '../../shared/tasks.ts';
import { acknowledgementRecords } from '../acknowledgements/acknowledgements.queries.ts';
import { first, type Db } from '../db/client.ts';
import { onboardingPlans, onboardingTasks, templates, templateSections, templateTasks, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../lib/app-error.ts';
import type { CurrentUser } from '../lib/env.ts';
import { getVisiblePlan, visiblePlansWhere } from '../onboarding/access.ts';
import { getPlanDetails } from '../onboarding/onboarding.queries.ts';
import { csvDocument, csvLine, fileSlug } from '../lib/csv.ts';

export const FORM_RESPONSES_COLUMNS = ['New hire', 'Email', 'Start date', 'Submitted at'] as const;
export const ACKNOWLEDGEMENT_RESPONSES_COLUMNS = ['New hire', 'Email', 'Typed name', 'Accepted at', 'IP address', 'User agent', 'Version', 'SHA-256'] as const;
export const RESPONSES_EXPORT_KIND_MESSAGE = 'Only a form or a policy to accept can be exported';

const STAFF_ONLY_MESSAGE = 'Only an admin or the plan’s manager can see what a new hire handed in.';

const byAcceptedAt = (a: AcknowledgementRecord, b: AcknowledgementRecord) => a.acceptedAt.localeCompare(b.acceptedAt);

/** GET /api/plans/{planId}/responses: staff who see the plan (its new hire: 403, anyone else: 404). */
export async function planResponses(db: Db, user: CurrentUser, planId: string): Promise<PlanResponses> {
  if (!isStaff(user.role)) {
    // A new hire learns the route is not theirs only for their own plan; any other stays unseen.
    await getVisiblePlan(db, user, planId);
    throw forbidden(STAFF_ONLY_MESSAGE);
  }
  const plan = await getPlanDetails(db, user, planId);
  const hasPolicy = plan.tasks.some((task) => task.type === 'acknowledgement');
  const records = hasPolicy ? await acknowledgementRecords(db, { companyId: plan.companyId, planIds: [plan.id] }) : [];
  const responses: PlanResponses = {
    plan: { id: plan.id, newHire: plan.newHire, templateId: plan.templateId, templateTitle: plan.template?.title ?? null, startDate: plan.startDate },
    forms: [],
    acknowledgements: [],
    uploads: [],
  };
  for (const task of plan.tasks) {
    if (task.type === 'form') {
      responses.forms.push({
        taskId: task.id,
        templateTaskId: task.templateTaskId,
        title: task.title,
        questions: task.formQuestions ?? [],
        answers: task.formAnswers,
        submittedAt: task.formSubmittedAt,
      });
    } else if (task.type === 'acknowledgement') {
      responses.acknowledgements.push({
        taskId: task.id,
        templateTaskId: task.templateTaskId,
        title: task.title,
        isCompleted: task.isCompleted,
        records: records.filter((record) => record.taskId === task.id).sort(byAcceptedAt),
      });
    } else if (task.type === 'upload') {
      responses.uploads.push({ taskId: task.id, title: task.title, files: task.uploads ?? [] });
    }
  }
  return responses;
}

export type ResponsesExport = { filename: string; csv: string };

type TaskCopy = {
  planId: string;
  type: TaskType;
  title: string;
  formQuestions: FormQuestion[] | null;
  formAnswers: FormAnswers | null;
  formSubmittedAt: string | null;
  startDate: string;
  newHire: { fullName: string | null; firstName: string | null; lastName: string | null; email: string };
};

/** The plans' copies of one template task, on the live plans made from the template that the caller sees. */
async function visibleCopies(db: Db, user: CurrentUser, templateId: string, templateTaskId: string): Promise<TaskCopy[]> {
  const rows = await db
    .select({
      planId: onboardingPlans.id,
      type: onboardingTasks.type,
      title: onboardingTasks.title,
      formQuestions: onboardingTasks.formQuestions,
      formAnswers: onboardingTasks.formAnswers,
      formSubmittedAt: onboardingTasks.formSubmittedAt,
      startDate: onboardingPlans.startDate,
      fullName: users.fullName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(users, eq(users.id, onboardingPlans.newHireId))
    .where(and(visiblePlansWhere(user), eq(onboardingPlans.templateId, templateId), eq(onboardingTasks.templateTaskId, templateTaskId), isNull(onboardingTasks.deletedAt)))
    .orderBy(asc(onboardingPlans.startDate), asc(users.email), asc(onboardingPlans.id), asc(onboardingTasks.order));
  return rows.map(({ fullName, firstName, lastName, email, ...copy }) => ({ ...copy, newHire: { fullName, firstName, lastName, email } }));
}

/**
 * The template's questions first, then any a plan's own copy asks that the template no longer does
 * (edited since the plan was made), so no answer is left out of the file.
 */
function exportedQuestions(templateQuestions: FormQuestion[] | null, copies: TaskCopy[]): FormQuestion[] {
  const questions = [...(templateQuestions ?? [])];
  const known = new Set(questions.map((question) => question.id));
  for (const question of copies.flatMap((copy) => copy.formQuestions ?? [])) {
    if (known.has(question.id)) continue;
    known.add(question.id);
    questions.push(question);
  }
  return questions;
}

function formLines(questions: FormQuestion[], copies: TaskCopy[]): string[] {
  return [
    csvLine([...FORM_RESPONSES_COLUMNS, ...questions.map((question) => question.label)]),
    ...copies.map((copy) =>
      csvLine([
        nameOf(copy.newHire, ''),
        copy.newHire.email,
        copy.startDate,
        copy.formSubmittedAt,
        ...questions.map((question) => formAnswerText(question, copy.formAnswers?.[question.id])),
      ]),
    ),
  ];
}

async function acknowledgementLines(db: Db, user: CurrentUser, templateTaskId: string, copies: TaskCopy[]): Promise<string[]> {
  const planIds = [...new Set(copies.map((copy) => copy.planId))];
  const records = planIds.length ? await acknowledgementRecords(db, { companyId: user.companyId, planIds, templateTaskId }) : [];
  const newHireOf = new Map(copies.map((copy) => [copy.planId, copy.newHire]));
  const order = new Map(planIds.map((planId, index) => [planId, index]));
  const rows = records.filter((record) => newHireOf.has(record.planId)).sort((a, b) => (order.get(a.planId) ?? 0) - (order.get(b.planId) ?? 0) || byAcceptedAt(a, b));
  return [
    csvLine([...ACKNOWLEDGEMENT_RESPONSES_COLUMNS]),
    ...rows.map((record) => {
      const newHire = newHireOf.get(record.planId);
      return csvLine([
        newHire ? nameOf(newHire, '') : '',
        newHire?.email ?? '',
        record.typedName,
        record.acceptedAt,
        record.ipAddress,
        record.userAgent,
        String(record.version),
        record.sha256,
      ]);
    }),
  ];
}

/**
 * GET /api/templates/{templateId}/tasks/{templateTaskId}/responses.csv: a form's answers (one row per plan)
 * or a policy's acceptances (one row per record) across the template's live plans the caller sees
 * (admins: all, managers: those they manage). New hires 403; another company's template 404.
 */
export async function exportResponsesCsv(db: Db, user: CurrentUser, templateId: string, templateTaskId: string): Promise<ResponsesExport> {
  if (!isStaff(user.role)) throw forbidden(STAFF_ONLY_MESSAGE);
  // A removed template still names its plans' exports: plans keep reading its title.
  const template = await first(
    db
      .select({ title: templates.title })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.companyId, user.companyId))),
  );
  if (!template) throw notFound('Template');
  const [templateTask, copies] = await Promise.all([
    first(
      db
        .select({ title: templateTasks.title, type: templateTasks.type, formQuestions: templateTasks.formQuestions })
        .from(templateTasks)
        .innerJoin(templateSections, eq(templateSections.id, templateTasks.sectionId))
        .where(and(eq(templateTasks.id, templateTaskId), eq(templateSections.templateId, templateId), eq(templateSections.companyId, user.companyId))),
    ),
    visibleCopies(db, user, templateId, templateTaskId),
  ]);
  // A task removed from the template since is still exported from what its plans hold.
  const task = templateTask ?? copies[0];
  if (!task) throw notFound('Task');
  const ofKind = copies.filter((copy) => copy.type === task.type);
  let lines: string[];
  if (task.type === 'form') lines = formLines(exportedQuestions(task.formQuestions, ofKind), ofKind);
  else if (task.type === 'acknowledgement') lines = await acknowledgementLines(db, user, templateTaskId, ofKind);
  else throw badRequest(RESPONSES_EXPORT_KIND_MESSAGE);
  return { filename: `${fileSlug(template.title, 'template')}-${fileSlug(task.title, 'task')}.csv`, csv: csvDocument(lines) };
}
