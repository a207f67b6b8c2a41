// Assign Onboarding's (or Offboarding's) state and submit, shared by the Team page's dialog and the invite flow's second step.
import type { FormEvent } from 'react';
import { AssignPlanSchema } from '../../../shared/onboarding-requests.ts';
import { TEMPLATE_KIND_LABELS } from '../../../shared/templates.ts';
import { useForm } from '../../components/forms/use-form.ts';
import { notify } from '../../lib/notify.ts';
import { useAssignPlan } from './api/assign-plan.ts';
import { usePlanWriteError } from './plan-write-error.ts';

type AssignPlanFields = { newHireId: string; templateId: string; startDate: string; managerId: string; buddyId: string };

export function useAssignPlanForm(initial: AssignPlanFields, { fallback, onAssigned }: { fallback: string; onAssigned: () => void }) {
  const assign = useAssignPlan();
  const form = useForm(AssignPlanSchema, initial);
  const onError = usePlanWriteError(form.showServerIssues, fallback);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(AssignPlanSchema);
    if (!input) return;
    assign.mutate(input, {
      onSuccess: (plan) => {
        notify.success(`${TEMPLATE_KIND_LABELS[plan.kind]} plan assigned successfully!`);
        onAssigned();
      },
      onError,
    });
  }

  return { form, pending: assign.isPending, onSubmit };
}
