// POST /api/templates/{id}/reapply: the template's new tasks added to its live plans (finished ones kept, no duplicates).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReapplyResult } from '../../../../shared/onboarding.ts';
import { refreshPlansAndPeople } from '../../../lib/api/refresh-plans-and-people.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const reapplyTemplate = (id: string): Promise<ReapplyResult> => json(client.api.templates[':id'].reapply.$post({ param: { id } }));

export function useReapplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reapplyTemplate,
    // The plans' tasks and progress changed.
    onSuccess: () => refreshPlansAndPeople(queryClient),
  });
}
