// Taking a plan away, behind a confirm step (spec sections 2 and 4): the admin's Remove User and the
// manager's Delete Plan are the same DELETE, each with its own words and toasts.
import { Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useRemovePlan } from './api/remove-plan.ts';

export type RemovePlanButtonProps = {
  plan: Pick<PlanSummary, 'id' | 'newHire'> & { template?: PlanSummary['template'] };
  /** 'remove-user': the admin's Remove User (the default); 'delete-plan': the manager's Delete Plan. */
  kind?: 'remove-user' | 'delete-plan';
  className?: string;
  onRemoved?: () => void;
};

const WORDS = {
  'remove-user': {
    Icon: UserMinus,
    label: 'Remove User',
    title: 'Remove user from onboarding?',
    success: 'User removed from onboarding plan successfully!',
    failure: 'Failed to remove user from onboarding plan. Please try again.',
  },
  'delete-plan': {
    Icon: Trash2,
    label: 'Delete Plan',
    title: 'Delete this onboarding plan?',
    success: 'Onboarding plan deleted',
    failure: 'Failed to delete onboarding plan. Please try again.',
  },
} as const;

export function RemovePlanButton({ plan, kind = 'remove-user', className = 'btn btn-sm btn-ghost text-error', onRemoved }: RemovePlanButtonProps) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePlan();
  const name = displayName(plan.newHire);
  const words = WORDS[kind];
  const planName = plan.template?.title ? `the ${plan.template.title} plan` : 'this onboarding plan';

  function confirm() {
    remove.mutate(plan.id, {
      onSuccess: () => {
        notify.success(words.success);
        setOpen(false);
        onRemoved?.();
      },
      onError: (error) => (kind === 'delete-plan' ? notifyError(error, words.failure, words.failure) : notifyError(error, 'Error', words.failure)),
    });
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <words.Icon className="size-4" aria-hidden="true" />
        {words.label}
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={words.title} confirmLabel={words.label} pending={remove.isPending} onConfirm={confirm}>
        {kind === 'delete-plan' ? (
          <>
            {name}’s onboarding on {planName} is deleted, with its tasks and messages. This cannot be undone. Their account stays.
          </>
        ) : (
          <>
            {name} will be removed from {planName}. Their tasks and messages on this plan are removed too. Their account stays.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
