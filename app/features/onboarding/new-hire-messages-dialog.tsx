// The new hire's conversation with their manager, read from Dexie: works offline, queued messages
// say 'Waiting to send', and while open the engine pulls on each poke (every 3 s if the change stream is down).
import { MessageSquare, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { displayName } from '../../../shared/auth.ts';
import type { PlanDetails } from '../../../shared/onboarding.ts';
import { ConversationView } from '../../components/messages/conversation-view.tsx';
import { useOnline } from '../../components/pwa/use-online.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { notify } from '../../lib/notify.ts';
import type { RejectedChange } from '../../sync/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useConversationPolling } from '../../sync/hooks.ts';
import { usePlanMessages } from './use-new-hire-data.ts';

type Props = {
  engine: SyncEngine;
  plan: PlanDetails;
  open: boolean;
  onClose: () => void;
  rejected: RejectedChange[];
};

export function NewHireMessagesDialog({ engine, plan, open, onClose, rejected }: Props) {
  useConversationPolling(engine, open);
  const counterpart = plan.manager ? displayName(plan.manager) : 'your onboarding team';
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Messages"
      description={<span className="block truncate">With {counterpart}</span>}
      icon={<MessageSquare className="size-5 text-primary" />}
      closeLabel="Close messages"
      layout="fill"
    >
      <Conversation engine={engine} plan={plan} rejected={rejected} counterpart={counterpart} />
    </Modal>
  );
}

function Conversation({ engine, plan, rejected, counterpart }: { engine: SyncEngine; plan: PlanDetails; rejected: RejectedChange[]; counterpart: string }) {
  const messages = usePlanMessages(engine, plan.id);
  const online = useOnline();
  const me = engine.user.id;
  const unseen = (messages ?? []).filter((message) => message.receiverId === me && !message.isRead && !message.pending);
  const newestUnseen = unseen.reduce<string | null>((newest, message) => (newest && newest > message.createdAt ? newest : message.createdAt), null);
  const notSent = rejected.filter((change) => change.name === 'message.send');

  // Opening the conversation reads it, online or not: a queued mutation marks what is on screen (up
  // to the newest message shown, so one arriving later stays unread) and reaches the server once.
  useEffect(() => {
    if (newestUnseen) void engine.mutate('message.markRead', { planId: plan.id, upTo: newestUnseen });
  }, [engine, newestUnseen, plan.id]);

  function send(content: string) {
    // Written to Dexie at once (it shows as 'Waiting to send'), so the composer clears straight away.
    void engine.mutate('message.send', { id: crypto.randomUUID(), planId: plan.id, content, createdAt: new Date().toISOString() }).then(async ({ outcome }) => {
      if ((await outcome) === 'applied') notify.success('Message sent');
    });
    return true;
  }

  return (
    <ConversationView
      messages={messages?.map((message) => ({ ...message, pending: message.pending === 1 }))}
      viewerId={me}
      emptyText={`No messages yet. Say hello to ${counterpart}: questions are welcome.`}
      fallbackSender={counterpart}
      notices={notSent.map((change) => (
        <div key={change.mutationId} role="alert" className="alert alert-error alert-soft py-2 text-sm">
          <TriangleAlert className="size-4" aria-hidden="true" />
          <span>
            Not sent{change.detail ? `: “${change.detail.slice(0, 80)}”` : ''}. {change.message}
          </span>
        </div>
      ))}
      placeholder={online ? 'Write a message…' : 'Write a message: it will send when you are back online'}
      onSend={send}
    />
  );
}
