// POST /api/onboarding-plans/{id}/reapply-template: the template's tasks this plan lacks are added;
// finished and changed ones stay, nothing is added twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReapplyResult } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';
import { refreshPlanTasks } from './refresh-plan-tasks.ts';

export const reapplyPlanTemplate = (planId: string): Promise<ReapplyResult> => json(client.api['onboarding-plans'][':id']['reapply-template'].$post({ param: { id: planId } }));

export function useReapplyPlanTemplate(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => reapplyPlanTemplate(planId), onSuccess: () => refreshPlanTasks(queryClient) });
}
