// The company's people (spec section 2, admin Users tab and /team): who they are, their plan progress,
// and for admins Resend (unverified others) and Delete (others, after typing DELETE).
import { MailPlus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { displayName, initials } from '../../../shared/auth.ts';
import { ROLE_BADGES, type Role } from '../../../shared/roles.ts';
import { DELETE_CONFIRMATION, isDeleteConfirmed, type TeamMember } from '../../../shared/team.ts';
import { InviteLink } from '../../components/ui/action-links.tsx';
import { TypedConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useTeamMembers } from '../../lib/api/get-team-members.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useDeleteUser } from './api/delete-user.ts';
import { useResendInvitation } from './api/resend-invitation.ts';

const ROLE_BADGE_STYLE: Record<Role, string> = { admin: 'badge-primary', manager: 'badge-secondary', new_hire: 'badge-accent' };

export type TeamListProps = {
  currentUser: { id: string; role: Role };
  /** Hide people of these roles (e.g. only new hires). */
  roles?: Role[];
};

export function TeamList({ currentUser, roles }: TeamListProps) {
  const { data, isPending, error, refetch } = useTeamMembers();
  const [deleting, setDeleting] = useState<TeamMember | null>(null);
  const isAdmin = currentUser.role === 'admin';

  if (isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading team">
        {[0, 1, 2].map((row) => (
          <div key={row} className="skeleton h-16 w-full" />
        ))}
      </div>
    );
  }
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load your team" />;

  const people = data.filter((person) => !roles || roles.includes(person.role));
  const others = people.filter((person) => person.id !== currentUser.id);
  if (others.length === 0) {
    return (
      <EmptyState icon={Users} title="No team members yet" action={<InviteLink />}>
        Invite your first teammate: they get an email to set a password, and you can start their onboarding right away.
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Team members">
        {people.map((person) => (
          <TeamRow key={person.id} person={person} isSelf={person.id === currentUser.id} isAdmin={isAdmin} onDelete={() => setDeleting(person)} />
        ))}
      </ul>
      <DeleteUserDialog person={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function TeamRow({ person, isSelf, isAdmin, onDelete }: { person: TeamMember; isSelf: boolean; isAdmin: boolean; onDelete: () => void }) {
  const resend = useResendInvitation(person.id);
  const name = displayName(person);
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body flex-row flex-wrap items-center gap-x-4 gap-y-3 p-4">
        <div className="avatar avatar-placeholder">
          <div className="size-11 rounded-full bg-primary/15 text-primary">
            <span className="text-sm font-semibold" aria-hidden="true">
              {initials(person)}
            </span>
          </div>
        </div>
        <div className="min-w-0 flex-1 basis-48">
          <p className="truncate font-semibold">
            {name}
            {isSelf && <span className="ml-1 text-sm font-normal text-base-content/70">(you)</span>}
          </p>
          {person.fullName && <p className="truncate text-sm text-base-content/70">{person.email}</p>}
          <div className="mt-1 flex flex-wrap gap-1">
            <span className={`badge badge-sm ${ROLE_BADGE_STYLE[person.role]}`}>{ROLE_BADGES[person.role]}</span>
            <span className={`badge badge-sm badge-soft ${person.isEmailVerified ? 'badge-success' : 'badge-warning'}`}>{person.isEmailVerified ? 'Verified' : 'Unverified'}</span>
          </div>
        </div>
        <div className="w-full min-w-0 text-sm sm:w-64 sm:flex-none">
          {person.role === 'new_hire' && (
            <p className="text-base-content/70">
              Manager: <span className="text-base-content">{person.managerName ?? 'None'}</span>
            </p>
          )}
          {person.plan ? (
            <div className="mt-1 flex items-center gap-2">
              <progress className="progress progress-primary w-28 shrink-0" value={person.plan.progressPercentage} max={100} aria-label={`${name}'s onboarding progress`} />
              <span className="tabular-nums">{person.plan.progressPercentage}%</span>
              {person.plan.isCompleted && <span className="badge badge-success badge-xs">Completed</span>}
            </div>
          ) : (
            person.role === 'new_hire' && <p className="text-base-content/70">No onboarding plan</p>
          )}
        </div>
        {isAdmin && (
          <div className={`ml-auto gap-1 sm:w-48 sm:justify-end ${isSelf ? 'hidden sm:flex' : 'flex'}`}>
            {!isSelf && !person.isEmailVerified && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => resend.mutate()} disabled={resend.isPending} aria-label={`Resend invitation to ${name}`}>
                {resend.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <MailPlus className="size-4" aria-hidden="true" />}
                Resend
              </button>
            )}
            {!isSelf && (
              <button type="button" className="btn btn-sm btn-ghost text-error" onClick={onDelete} aria-label={`Delete ${name}`}>
                <Trash2 className="size-4" aria-hidden="true" />
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function DeleteUserDialog({ person, onClose }: { person: TeamMember | null; onClose: () => void }) {
  const remove = useDeleteUser();
  return (
    <TypedConfirmDialog
      open={person !== null}
      title="Delete User Account"
      phrase={DELETE_CONFIRMATION}
      isConfirmed={isDeleteConfirmed}
      autoCapitalize="characters"
      confirmLabel="Delete User"
      pending={remove.isPending}
      onConfirm={() =>
        person &&
        remove.mutate(person.id, {
          onSuccess: () => {
            notify.success('User deleted successfully!');
            onClose();
          },
          onError: (error) => notifyError(error, 'Error', 'Failed to delete user. Please try again.'),
        })
      }
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      {person && (
        <>
          This permanently deletes <strong>{displayName(person)}</strong>, their onboarding plans and their messages, and signs them out everywhere. Plans they manage stay, without
          a manager.
        </>
      )}
    </TypedConfirmDialog>
  );
}
