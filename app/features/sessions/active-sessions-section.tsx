// The profile's "Active sessions" (issue 24): every device the person is signed in on, with how it signed in and
// when it was last used; any other one can be signed out (its next request is a 401 and it goes to sign-in),
// or all of them at once. The route composes it into the profile screen.
import { AlertTriangle, HelpCircle, Laptop, LogOut, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { SESSION_METHOD_LABELS, type DeviceKind, type SessionView } from '../../../shared/sessions.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { formatCount, formatDate, formatTimeAgo } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useSessions } from './api/get-sessions.ts';
import { useSignOutOtherSessions } from './api/sign-out-other-sessions.ts';
import { useSignOutSession } from './api/sign-out-session.ts';

const DEVICE_ICONS: Record<DeviceKind, typeof Laptop> = { phone: Smartphone, tablet: Tablet, computer: Laptop, unknown: HelpCircle };
const HOUR_MS = 60 * 60 * 1000;

/** The server moves a session's last use at most hourly, so within the hour is as precise as it gets. */
function lastActive(session: SessionView): string {
  if (session.current) return 'Active now';
  if (Date.now() - Date.parse(session.lastSeenAt) < HOUR_MS) return 'Active within the last hour';
  return `Last active ${formatTimeAgo(session.lastSeenAt)}`;
}

export function ActiveSessionsSection() {
  const sessions = useSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-sessions">
      <div className="card-body gap-0 p-4 md:p-6">
        <h2 id="profile-sessions" className="card-title">
          <MonitorSmartphone className="size-5 text-primary" aria-hidden="true" /> Active sessions
        </h2>
        <p className="mt-1 mb-2 text-sm text-base-content/70">Where you are signed in. Sign out any device you do not recognise or no longer use: it will have to sign in again.</p>
        {sessions.isPending ? (
          <div className="flex items-center gap-3 py-6 text-base-content/70" role="status">
            <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
            Loading your sessions...
          </div>
        ) : sessions.isError ? (
          <ErrorState error={sessions.error} title="Could not load your sessions" onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul className="divide-y divide-base-200" aria-label="Active sessions">
              {sessions.data.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
            {others.length === 0 ? (
              <p className="rounded-box bg-base-200/60 px-3 py-2 text-sm text-base-content/70">You are not signed in anywhere else.</p>
            ) : (
              <SignOutOthers count={others.length} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutSession();
  const Icon = DEVICE_ICONS[session.device.kind];
  const { description } = session.device;

  function confirm() {
    signOut.mutate(session.id, {
      onSuccess: () => {
        setConfirming(false);
        notify.success('Signed out', `${description} has to sign in again.`);
      },
      onError: (error) => notifyError(error, 'Could not sign out that session', 'Failed to sign out the session. Please try again.'),
    });
  }

  return (
    <li className="flex items-start gap-3 py-3" aria-label={description}>
      <span className={`mt-0.5 shrink-0 rounded-full p-2 ${session.current ? 'bg-primary/10 text-primary' : 'bg-base-200 text-base-content/70'}`}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words">{description}</span>
            {session.current && <span className="badge badge-sm badge-success badge-soft">This device</span>}
          </div>
          <p className={`text-sm ${session.current ? 'text-success' : 'text-base-content/80'}`}>{lastActive(session)}</p>
          <p className="text-xs text-base-content/70">
            {session.method ? `${SESSION_METHOD_LABELS[session.method]} · ` : ''}Signed in {formatDate(session.createdAt)}
          </p>
        </div>
        {!session.current && (
          <button
            type="button"
            className="btn btn-ghost btn-sm -ml-3 self-start text-error sm:ml-0 sm:self-center"
            onClick={() => setConfirming(true)}
            aria-label={`Sign out ${description}`}
          >
            <LogOut className="size-4" aria-hidden="true" /> Sign out
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out this session?"
        icon={<LogOut className="size-6 text-error" />}
        confirmLabel="Sign out"
        pending={signOut.isPending}
        onConfirm={confirm}
      >
        <p>
          <strong>{description}</strong> ({lastActive(session).toLowerCase()}) is signed out at once. It has to sign in again, and anything it changed offline and has not synced
          yet is sent then.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function SignOutOthers({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOtherSessions();

  function confirm() {
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        setConfirming(false);
        notify.success('Signed out everywhere else', `${formatCount(signedOut, 'session')} signed out. This device stays signed in.`);
      },
      onError: (error) => notifyError(error, 'Could not sign out your other sessions', 'Failed to sign out your other sessions. Please try again.'),
    });
  }

  return (
    <div className="card-actions justify-end pt-3">
      <button type="button" className="btn btn-outline btn-error btn-sm w-full sm:w-auto" onClick={() => setConfirming(true)}>
        <LogOut className="size-4" aria-hidden="true" /> Sign out all other sessions
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out all other sessions?"
        icon={<AlertTriangle className="size-6 text-error" />}
        confirmLabel={`Sign out ${formatCount(count, 'session')}`}
        pending={signOutOthers.isPending}
        onConfirm={confirm}
      >
        <p>Every device but this one is signed out at once and has to sign in again. This device stays signed in.</p>
      </ConfirmDialog>
    </div>
  );
}
