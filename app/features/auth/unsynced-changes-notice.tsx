// Shared devices: the sign-in screens say whose changes still wait on this device, because signing
// in as anyone else removes them (app/sync/local-data.ts has the rules). Loaded only when some wait.
import { TriangleAlert } from 'lucide-react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { describeUnsynced, type LocalPerson } from '../../sync/local-data.ts';

function ownerName(person: LocalPerson): string {
  return person.owner?.fullName || person.owner?.email || 'the person who made them';
}

const total = (people: LocalPerson[]) => people.reduce((sum, person) => sum + person.pending, 0);

export function UnsyncedChangesNotice({ people, action }: { people: LocalPerson[]; action: 'sign-in' | 'sign-up' }) {
  if (people.length === 0) return null;
  const only = people.length === 1 ? people[0]! : null;
  return (
    <div role="alert" className="alert alert-warning items-start text-left text-sm">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Unsynced changes on this device</p>
        <p>
          {action === 'sign-in'
            ? `${describeUnsynced(people)} will be removed if someone else signs in here.${only ? ` Sign in as ${ownerName(only)} to sync ${only.pending === 1 ? 'it' : 'them'}.` : ''}`
            : `${describeUnsynced(people)} will be removed if you create an account here.`}
        </p>
      </div>
    </div>
  );
}

/** Asked before signing in as someone other than the person whose changes wait here. */
export function RemoveUnsyncedDialog({ open, lost, onConfirm, onClose }: { open: boolean; lost: LocalPerson[]; onConfirm: () => void; onClose: () => void }) {
  const one = total(lost) === 1;
  return (
    <ConfirmDialog
      open={open}
      title="Remove unsynced changes?"
      icon={<TriangleAlert className="size-5 text-error" />}
      confirmLabel="Remove and sign in"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        {describeUnsynced(lost)} will be removed from this device.{' '}
        {one ? 'It has not reached the server, so it will be lost.' : 'They have not reached the server, so they will be lost.'}
      </p>
      <p className="mt-2">
        To keep {one ? 'it' : 'them'}, cancel and sign in as the person who made {one ? 'it' : 'them'}.
      </p>
    </ConfirmDialog>
  );
}
