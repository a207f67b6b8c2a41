// When the policy screen shows a task accepted: the task came back completed, or this screen's own
// acceptance answered for the very policy still shown (a text changed since asks for a new one).
import type { OnboardingTask } from '../../../shared/onboarding.ts';

type Policy = Pick<OnboardingTask, 'policyText' | 'policyFile'>;

/** Which policy a task holds, without hashing it: another text or file gives another key. */
export function policyKeyOf(task: Policy): string {
  return task.policyFile ? `file:${task.policyFile.sha256}` : `text:${task.policyText ?? ''}`;
}

/** An acceptance this screen made, before the sync engine brings the task back completed. */
export type JustAccepted = { policyKey: string; acceptedAt: string };

/** Accepted or not, and the moment to show (null when the task holds no date). */
export function acceptanceShown(
  task: Policy & Pick<OnboardingTask, 'isCompleted' | 'completedAt'>,
  justAccepted: JustAccepted | null,
): { accepted: boolean; acceptedAt: string | null } {
  const ownAcceptance = justAccepted?.policyKey === policyKeyOf(task) ? justAccepted.acceptedAt : null;
  if (task.isCompleted) return { accepted: true, acceptedAt: task.completedAt ?? ownAcceptance };
  return { accepted: ownAcceptance !== null, acceptedAt: ownAcceptance };
}
