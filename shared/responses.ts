// What a new hire handed in (issue 19), as staff read it: a plan's Responses view (form answers,
// policy acceptances, uploaded files) and the CSV export of one template task across its plans.
import type { AcknowledgementRecord } from './acknowledgements.ts';
import type { FormAnswers, FormQuestion } from './forms.ts';
import type { PlanPerson } from './onboarding.ts';
import type { TaskUpload } from './uploads.ts';

export type FormResponse = {
  taskId: string;
  /** The template task it came from; null for a task added to this plan only (it has no export). */
  templateTaskId: string | null;
  title: string;
  questions: FormQuestion[];
  /** Null until the form is submitted. */
  answers: FormAnswers | null;
  submittedAt: string | null;
};

export type AcknowledgementResponse = {
  taskId: string;
  templateTaskId: string | null;
  title: string;
  isCompleted: boolean;
  /** Every acceptance of this task, oldest first (a changed policy accepted again adds one). */
  records: AcknowledgementRecord[];
};

export type UploadResponse = { taskId: string; title: string; files: TaskUpload[] };

/** GET /api/plans/{planId}/responses: the plan's live form, policy and upload tasks, in the plan's order. */
export type PlanResponses = {
  plan: { id: string; newHire: PlanPerson; templateId: string | null; templateTitle: string | null; startDate: string };
  forms: FormResponse[];
  acknowledgements: AcknowledgementResponse[];
  uploads: UploadResponse[];
};

/** Where one template task's answers or acceptances across the template's plans download as CSV. */
export function responsesCsvUrl(templateId: string, templateTaskId: string): string {
  return `/api/templates/${encodeURIComponent(templateId)}/tasks/${encodeURIComponent(templateTaskId)}/responses.csv`;
}
