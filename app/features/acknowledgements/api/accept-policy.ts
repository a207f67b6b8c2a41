// POST /api/tasks/{taskId}/acknowledgement: the new hire accepts a task's policy. Online only: the
// record keeps the address it was sent from, which a queued change could not give.
import { useMutation } from '@tanstack/react-query';
import { type AcceptPolicy, type AcknowledgementRecord, policySha256 } from '../../../../shared/acknowledgements.ts';
import type { OnboardingTask } from '../../../../shared/onboarding.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const acceptPolicy = (taskId: string, input: AcceptPolicy): Promise<AcknowledgementRecord> =>
  json(client.api.tasks[':taskId'].acknowledgement.$post({ param: { taskId }, json: input }));

/** Accepts the policy the task holds on this device: its hash, taken here, says which text was read. */
export function useAcceptPolicy() {
  return useMutation({
    mutationFn: async ({ task, fullName }: { task: Pick<OnboardingTask, 'id' | 'policyText' | 'policyFile'>; fullName: string }) =>
      acceptPolicy(task.id, { fullName, sha256: await policySha256(task) }),
  });
}
