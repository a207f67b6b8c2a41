// Remove User (from a plan), behind a confirm step (spec section 4).
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/auth.ts';
import type { PlanSummary } from '../../../shared/onboarding.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useRemovePlan } from './api/remove-plan.ts';

export type RemovePlanButtonProps = {
  plan: Pick<PlanSummary, 'id' | 'newHire'> & { template?: PlanSummary['template'] };
  className?: string;
  onRemoved?: () => void;
};

export function RemovePlanButton({ plan, className = 'btn btn-sm btn-ghost text-error', onRemoved }: RemovePlanButtonProps) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePlan();
  const name = displayName(plan.newHire);

  function confirm() {
    remove.mutate(plan.id, {
      onSuccess: () => {
        notify.success('User removed from onboarding plan successfully!');
        setOpen(false);
        onRemoved?.();
      },
      onError: (error) => notifyError(error, 'Error', 'Failed to remove user from onboarding plan. Please try again.'),
    });
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <UserMinus className="size-4" aria-hidden="true" />
        Remove User
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Remove user from onboarding?" confirmLabel="Remove User" pending={remove.isPending} onConfirm={confirm}>
        {name} will be removed from {plan.template?.title ? `the ${plan.template.title} plan` : 'this onboarding plan'}. Their tasks and messages on this plan are removed too. Their
        account stays.
      </ConfirmDialog>
    </>
  );
}
