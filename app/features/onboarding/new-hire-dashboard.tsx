// The new hire's dashboard (spec section 2): offline-first, read from Dexie, ticks and messages
// queued through the sync engine.
import { CloudOff, Inbox, LifeBuoy, Mail, MessageSquare, TriangleAlert } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import { badgeCount } from '../../../shared/messages.ts';
import type { HelpfulLink, PullResponse } from '../../../shared/sync.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { notify } from '../../lib/notify.ts';
import { putMeta, type RejectedChange } from '../../sync/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useSyncEngine, useSyncHealth, useToday } from '../../sync/hooks.ts';
import { HelpfulResources } from './helpful-resources.tsx';
import { PlanView } from './plan-view.tsx';
import { PlanViewCard } from './plan-view-card.tsx';
import { useNewHireData, useUnreadCount } from './use-new-hire-data.ts';
import { useTicking } from './use-ticking.ts';
import { WelcomeLoading } from './welcome-card.tsx';

// The conversation (its dialog, the message list and composer) loads when first opened: most visits
// never open it, and the first visit should not download it.
const NewHireMessagesDialog = lazy(() => import('./new-hire-messages-dialog.tsx').then((module) => ({ default: module.NewHireMessagesDialog })));

const NO_LINKS: HelpfulLink[] = [];

/** For new hires only: their route's beforeLoad, or `/` choosing by role, makes sure of it. */
export function NewHireDashboard({ user }: { user: SessionUser }) {
  const engine = useSyncEngine(user)!;
  const today = useToday();
  const online = useOnline();
  const health = useSyncHealth(engine);
  // A tick waiting to sync says so under its row only while this device cannot sync. Online it is on its
  // way: a note shown for the moment of the push would grow the row and shrink it again, moving every row
  // below twice per tick, and the toast says when it is saved.
  const canSyncNow = online && health === 'ok';
  const data = useNewHireData(engine, today, !canSyncNow);
  const ticking = useTicking(engine, data?.plan ?? null, data?.localWritesSeen ?? 0, today);
  // The manifest's Messages shortcut opens /?messages=open.
  const [messagesOpen, setMessagesOpen] = useState(() => new URLSearchParams(window.location.search).get('messages') === 'open');
  // Mounted from its first opening on, so closing it keeps its state as before.
  const [messagesOpened, setMessagesOpened] = useState(messagesOpen);
  const openMessages = useCallback(() => {
    setMessagesOpened(true);
    setMessagesOpen(true);
  }, []);

  if (!data || (!data.synced && !data.plan && online && health !== 'error' && health !== 'unauthorized')) {
    return <WelcomeLoading user={user} />;
  }
  if (!data.plan) {
    if (!data.synced) return <NotDownloadedYet />;
    return <NoPlan contacts={data.contacts} />;
  }
  const plan = data.plan;

  return (
    <>
      {data.rejected.length > 0 && <RejectedNotice engine={engine} rejected={data.rejected} />}
      <PlanView
        plan={ticking.plan ?? plan}
        today={today}
        onToggleTask={ticking.toggle}
        tickedHere={ticking.tickedHere}
        taskNotes={data.taskNotes}
        headerActions={<MessagesButton engine={engine} planId={plan.id} onOpen={openMessages} />}
        aside={
          <>
            <NeedHelpCard onMessage={openMessages} managerName={plan.manager ? displayName(plan.manager) : null} />
            <HelpfulResources links={data.company?.helpfulResources ?? NO_LINKS} />
          </>
        }
      />
      {messagesOpened && (
        <Suspense fallback={null}>
          <NewHireMessagesDialog engine={engine} plan={plan} open={messagesOpen} onClose={() => setMessagesOpen(false)} rejected={data.rejected} />
        </Suspense>
      )}
    </>
  );
}

// Memoised, as are the cards beside the plan: a tick renders the dashboard again, and they do not change with it.
const MessagesButton = memo(function MessagesButton({ engine, planId, onOpen }: { engine: SyncEngine; planId: string; onOpen: () => void }) {
  const unread = useUnreadCount(engine, planId);
  return (
    <button type="button" className="btn btn-sm border-none bg-primary-content text-primary hover:bg-primary-content/90" onClick={onOpen}>
      <MessageSquare className="size-4" aria-hidden="true" /> Messages
      {unread > 0 && (
        <span className="badge badge-secondary badge-sm" aria-label={`${unread} unread`}>
          {badgeCount(unread)}
        </span>
      )}
    </button>
  );
});

const NeedHelpCard = memo(function NeedHelpCard({ onMessage, managerName }: { onMessage: () => void; managerName: string | null }) {
  return (
    <PlanViewCard id="need-help" icon={LifeBuoy} title="Need Help?">
      <p className="text-sm text-base-content/70">Stuck on a task or not sure where to start? {managerName ? `${managerName} is` : 'Your onboarding team is'} one message away.</p>
      <button type="button" className="btn btn-primary btn-block" onClick={onMessage}>
        <MessageSquare className="size-4" aria-hidden="true" /> Send Message
      </button>
    </PlanViewCard>
  );
});

const CHANGE_WORDS: Record<RejectedChange['name'], string> = {
  'task.setCompleted': 'A task tick',
  'message.send': 'A message',
  'message.markRead': 'Reading messages',
  'form.submit': 'A submitted form',
};

function RejectedNotice({ engine, rejected }: { engine: SyncEngine; rejected: RejectedChange[] }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mb-4 items-start">
      <TriangleAlert className="size-5" aria-hidden="true" />
      <div className="min-w-0">
        <h2 className="font-semibold">{rejected.length === 1 ? 'One change was not synced' : `${rejected.length} changes were not synced`}</h2>
        <ul className="text-sm">
          {rejected.slice(-3).map((change) => (
            <li key={change.mutationId}>
              {CHANGE_WORDS[change.name]}: {change.message}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="btn btn-sm" onClick={() => void putMeta(engine.db, 'rejected', [])}>
        Dismiss
      </button>
    </div>
  );
}

function NotDownloadedYet() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <CloudOff className="size-12 text-base-content/70" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Your plan is not on this device yet</h1>
      <p className="text-base-content/70">Connect to the internet once and Kickoff will download your onboarding plan. After that it works offline too.</p>
    </section>
  );
}

function NoPlan({ contacts }: { contacts: PullResponse['contacts'] | null }) {
  const [showAdmins, setShowAdmins] = useState(false);
  const manager = contacts?.manager ?? null;
  const admins = contacts?.admins ?? [];
  const subject = encodeURIComponent('My onboarding plan');
  return (
    <section className="mx-auto max-w-lg py-10">
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body items-center gap-4 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary/10">
            <Inbox className="size-8 text-primary" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold">No Onboarding Plan Assigned</h1>
          <p className="text-base-content/70">Your onboarding plan has not been set up yet. Your manager or HR team will assign one soon; you can ask them about it now.</p>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
            {manager ? (
              <a href={`mailto:${manager.email}?subject=${subject}`} className="btn btn-primary">
                <Mail className="size-4" aria-hidden="true" /> Send Message
              </a>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setShowAdmins(true)} aria-expanded={showAdmins}>
                <Mail className="size-4" aria-hidden="true" /> Send Message
              </button>
            )}
            <button type="button" className="btn btn-outline" onClick={() => notify.info('Contact Support', 'Please contact your HR team for help with your onboarding plan.')}>
              <LifeBuoy className="size-4" aria-hidden="true" /> Contact Support
            </button>
          </div>
          {!manager && showAdmins && (
            <div role="note" className="alert alert-info alert-soft w-full text-left">
              <div>
                <p className="font-medium">You have no manager assigned yet. Your company admins can help:</p>
                {admins.length ? (
                  <ul className="mt-1 space-y-1">
                    {admins.map((admin) => (
                      <li key={admin.id}>
                        <a className="link" href={`mailto:${admin.email}?subject=${subject}`}>
                          {displayName(admin)} ({admin.email})
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>Please contact your HR team.</p>
                )}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
