// The profile's "Passkeys" (issue 24): the person's passkeys with when each was added and last used; adding
// one (a name suggested from this device, then the browser's own passkey prompt), renaming and removing.
// The route composes it into the profile. @simplewebauthn/browser loads only when a ceremony starts.
import { AlertTriangle, Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { deviceNameFromUserAgent, PASSKEY_NAME_MAX, RenamePasskeySchema, type PasskeyView } from '../../../shared/passkeys.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { formatDate, formatTimeAgo } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { browserSupportsPasskeys, isAlreadyRegistered, isCancelled, useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './passkeys-api.ts';

const noChanges = () => () => undefined;

export function PasskeysSection() {
  const passkeys = usePasskeys();
  const supported = useSyncExternalStore(noChanges, browserSupportsPasskeys, () => true);
  const [adding, setAdding] = useState(false);
  const addButton = (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)} disabled={!supported}>
      <Plus className="size-4" aria-hidden="true" /> Add a passkey
    </button>
  );
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-passkeys">
      <div className="card-body gap-0 p-4 md:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-passkeys" className="card-title text-lg">
            <Fingerprint className="size-5 text-primary" aria-hidden="true" /> Passkeys
          </h2>
          {passkeys.isSuccess && passkeys.data.length > 0 && addButton}
        </div>
        <p className="mt-1 mb-2 text-sm text-base-content/70">
          Sign in with your fingerprint, face or device PIN instead of your email and password. A passkey stays on your device or in your password manager, works only on Kickoff,
          and cannot be phished.
        </p>
        {!supported && (
          <div role="note" className="alert alert-info alert-soft mb-2 text-sm">
            This browser does not support passkeys. Use a current version of Chrome, Edge, Firefox or Safari to add one.
          </div>
        )}
        {passkeys.isPending ? (
          <SectionLoading label="Loading passkeys..." />
        ) : passkeys.isError ? (
          <ErrorState error={passkeys.error} title="Could not load your passkeys" onRetry={() => void passkeys.refetch()} />
        ) : passkeys.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-8 text-center">
            <span className="rounded-full bg-primary/10 p-3 text-primary">
              <Fingerprint className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">No passkeys yet</p>
            <p className="max-w-md text-sm text-base-content/70">
              Add one on each phone or computer you use, or once in a password manager that syncs. Then choose “Sign in with a passkey” on the sign-in screen: no email, no
              password, no code.
            </p>
            {addButton}
          </div>
        ) : (
          <ul className="divide-y divide-base-200" aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </div>
      <Modal open={adding} onClose={() => setAdding(false)} title="Add a passkey" icon={<Fingerprint className="size-6 text-primary" />}>
        <AddPasskeyForm onDone={() => setAdding(false)} />
      </Modal>
    </section>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePasskey();

  function confirmRemove() {
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setRemoving(false);
        notify.success('Passkey removed', `“${passkey.name}” can no longer sign you in.`);
      },
      onError: (error) => notifyError(error, 'Could not remove the passkey', 'Failed to remove the passkey. Please try again.'),
    });
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={passkey.name}>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{passkey.name}</span>
          {passkey.deviceType === 'multiDevice' && <span className="badge badge-sm badge-info badge-soft">Synced</span>}
        </div>
        <dl className="flex flex-col gap-x-6 text-xs text-base-content/70 sm:flex-row sm:flex-wrap">
          <div className="flex gap-1">
            <dt>Added</dt>
            <dd className="text-base-content/90">{formatDate(passkey.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd className="text-base-content/90">{passkey.lastUsedAt ? <time dateTime={passkey.lastUsedAt}>{formatTimeAgo(passkey.lastUsedAt)}</time> : 'Never'}</dd>
          </div>
        </dl>
      </div>
      <div className="flex gap-1 self-start sm:self-center">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRenaming(true)} aria-label={`Rename ${passkey.name}`}>
          <Pencil className="size-4" aria-hidden="true" /> Rename
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRemoving(true)} aria-label={`Remove ${passkey.name}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove
        </button>
      </div>
      <Modal open={renaming} onClose={() => setRenaming(false)} title="Rename passkey" icon={<Pencil className="size-6 text-primary" />}>
        <RenamePasskeyForm passkey={passkey} onDone={() => setRenaming(false)} />
      </Modal>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove this passkey?"
        icon={<AlertTriangle className="size-6 text-error" />}
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        onConfirm={confirmRemove}
      >
        <p>
          <strong>{passkey.name}</strong> will no longer sign you in to Kickoff. You can also delete it from your device or password manager.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const form = useForm(RenamePasskeySchema, { name: deviceNameFromUserAgent(navigator.userAgent) });
  const add = useAddPasskey();
  const [hint, setHint] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(RenamePasskeySchema);
    if (!input) return;
    setHint(null);
    add.mutate(input.name, {
      onSuccess: (added) => {
        notify.success('Passkey added', `You can now sign in with “${added.name}”.`);
        onDone();
      },
      onError: (error) => {
        if (isAlreadyRegistered(error)) setHint('This device or password manager already holds a passkey for your account. Use that one, or add one on another device.');
        else if (isCancelled(error)) setHint('No passkey was created. Choose “Continue” to try again.');
        else {
          form.showServerIssues(error);
          notifyError(error, 'Could not add the passkey', 'Failed to add the passkey. Please try again.');
        }
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        {...form.field('name')}
        label="Name"
        hint="So you can tell your passkeys apart: the device or password manager that keeps it."
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        required
      />
      <p className="mt-2 text-sm text-base-content/70">Your browser will ask you to confirm with your fingerprint, face, device PIN or security key.</p>
      <p role="status" className="mt-2 min-h-5 text-sm text-warning-content">
        {hint}
      </p>
      <DialogActions
        onCancel={onDone}
        cancelDisabled={add.isPending}
        confirm={
          <PendingButton type="submit" pending={add.isPending} icon={<Fingerprint className="size-4" aria-hidden="true" />}>
            {add.isPending ? 'Waiting for your passkey...' : 'Continue'}
          </PendingButton>
        }
      />
    </form>
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeyView; onDone: () => void }) {
  const form = useForm(RenamePasskeySchema, { name: passkey.name });
  const rename = useRenamePasskey();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(RenamePasskeySchema);
    if (!input) return;
    rename.mutate(
      { id: passkey.id, name: input.name },
      {
        onSuccess: () => {
          notify.success('Passkey renamed');
          onDone();
        },
        onError: (error) => {
          form.showServerIssues(error);
          notifyError(error, 'Could not rename the passkey', 'Failed to rename the passkey. Please try again.');
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField {...form.field('name')} label="Name" maxLength={PASSKEY_NAME_MAX} autoComplete="off" required />
      <DialogActions
        onCancel={onDone}
        cancelDisabled={rename.isPending}
        confirm={
          <PendingButton type="submit" pending={rename.isPending}>
            Save
          </PendingButton>
        }
      />
    </form>
  );
}
