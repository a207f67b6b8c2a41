// Deleting one's own account: enabled only once 'delete my account' is typed (spec section 5).
import { useMutation } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { DELETE_ACCOUNT_PHRASE, isDeleteAccountConfirmed } from '../../../shared/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { authApi } from './auth-api.ts';
import { forgetCachedUser } from './use-current-user.ts';

const FAILED = 'Failed to delete account. Please try again.';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => authApi.deleteAccount(),
    onSuccess: () => {
      notify.success('Account Deleted', 'Your account has been deleted.');
      // The full page load below starts from an empty cache; clearing it now would refetch the
      // (deleted) user and replace this toast with 'Unauthorized'.
      forgetCachedUser();
      setTimeout(() => window.location.assign('/'), 500);
    },
    // A refusal the person can act on (the last admin) is shown in their words; anything else generically.
    onError: (error) => notify.error(FAILED, error instanceof ApiError && error.status === 409 ? error.message : undefined),
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  function close() {
    setTyped('');
    remove.reset();
    onClose();
  }

  const confirmed = isDeleteAccountConfirmed(typed);
  return (
    <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={`${inputId}-title`} onClose={close}>
      <div className="modal-box">
        <h2 id={`${inputId}-title`} className="flex items-center gap-2 text-lg font-bold">
          <TriangleAlert className="size-5 text-error" aria-hidden="true" /> Delete Account
        </h2>
        <p className="py-3 text-base-content/80">
          This permanently deletes your account, your sign-in and your onboarding data. If you are the only person in your company, the company and
          everything in it is deleted too. This cannot be undone.
        </p>
        {remove.isError && remove.error instanceof ApiError && remove.error.status === 409 && (
          <div role="alert" className="alert alert-error alert-soft mb-3 text-sm">
            {remove.error.message}
          </div>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) remove.mutate();
          }}
        >
          <label htmlFor={inputId} className="text-sm">
            Type <strong>{DELETE_ACCOUNT_PHRASE}</strong> to confirm
          </label>
          <input
            id={inputId}
            className="input mt-1 w-full"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={!confirmed || remove.isPending}>
              {remove.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Delete Account
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
