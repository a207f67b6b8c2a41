// Deleting one's own account: enabled only once 'delete my account' is typed (spec section 5).
import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { DELETE_ACCOUNT_PHRASE, isDeleteAccountConfirmed } from '../../../shared/auth.ts';
import { TypedConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { clearLocalData } from '../../sync/local-data.ts';

const FAILED = 'Failed to delete account. Please try again.';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useMutation({
    mutationFn: () => authApi.deleteAccount(),
    onSuccess: () => {
      notify.success('Account Deleted', 'Your account has been deleted.');
      // The full page load below starts from an empty cache; clearing it now would refetch the
      // (deleted) user and replace this toast with 'Unauthorized'. Nothing of anyone stays on this
      // device: every local database and cached user goes (shared devices).
      void clearLocalData({ kind: 'account-deleted' }).finally(() => setTimeout(() => window.location.assign('/'), 500));
    },
    // A refusal the person can act on (the last admin) is shown in their words; anything else generically.
    onError: (error) => notify.error(FAILED, error instanceof ApiError && error.status === 409 ? error.message : undefined),
  });

  return (
    <TypedConfirmDialog
      open={open}
      title="Delete Account"
      icon={<TriangleAlert className="size-5 text-error" />}
      phrase={DELETE_ACCOUNT_PHRASE}
      isConfirmed={isDeleteAccountConfirmed}
      confirmLabel="Delete Account"
      pending={remove.isPending}
      error={remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.message : undefined}
      onConfirm={() => remove.mutate()}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      This permanently deletes your account, your sign-in and your onboarding data. If you are the only person in your company, the company and everything in it is deleted too.
      This cannot be undone.
    </TypedConfirmDialog>
  );
}
