// Deleting one's own account: enabled only once the password is given and 'delete my account' is typed
// (spec section 5; the API asks for the password again, DESIGN.md section 5).
import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { DELETE_ACCOUNT_PHRASE, isDeleteAccountConfirmed } from '../../../shared/auth.ts';
import { PasswordField } from '../../components/forms/fields.tsx';
import { TypedConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';

const FAILED = 'Failed to delete account. Please try again.';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: () => authApi.deleteAccount({ password }),
    onSuccess: () => {
      notify.success('Account Deleted', 'Your account has been deleted.');
      // The full page load below starts from an empty cache; clearing it now would refetch the
      // (deleted) user and replace this toast with 'Unauthorized'. Nothing of anyone stays on this
      // device: every local database and cached user goes (shared devices).
      void import('../../sync/local-data.ts')
        .then(({ clearLocalData }) => clearLocalData({ kind: 'account-deleted' }))
        .catch(() => undefined)
        .finally(() => setTimeout(() => window.location.assign('/'), 500));
    },
    // A wrong password is shown at its field. A refusal the person can act on (the last admin, too many
    // attempts) is shown in their words; anything else generically.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      notify.error(FAILED, refusalOf(error));
    },
  });
  const passwordError =
    remove.error instanceof ApiError && remove.error.status === 400 ? (remove.error.issues.find((issue) => issue.path === 'password')?.message ?? remove.error.message) : undefined;

  return (
    <TypedConfirmDialog
      open={open}
      title="Delete Account"
      icon={<TriangleAlert className="size-5 text-error" />}
      phrase={DELETE_ACCOUNT_PHRASE}
      isConfirmed={(typed) => isDeleteAccountConfirmed(typed) && password !== ''}
      confirmLabel="Delete Account"
      pending={remove.isPending}
      error={refusalOf(remove.error)}
      onConfirm={() => remove.mutate()}
      onClose={() => {
        remove.reset();
        setPassword('');
        onClose();
      }}
    >
      <p>
        This permanently deletes your account, your sign-in and your onboarding data. If you are the only person in your company, the company and everything in it is deleted too.
        This cannot be undone.
      </p>
      <div className="mt-3">
        <PasswordField
          label="Your password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (passwordError) remove.reset();
          }}
          error={passwordError}
          autoComplete="current-password"
        />
      </div>
    </TypedConfirmDialog>
  );
}

/** The server's words for a refusal the person can act on: the last admin (409), too many attempts (429). */
function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && (error.status === 409 || error.status === 429) ? error.message : undefined;
}
