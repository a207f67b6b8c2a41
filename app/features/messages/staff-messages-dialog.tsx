// The staff side of a plan's conversation (spec section 2, Messages dialog): REST with polling,
// read marks, and a notice for messages that arrive while it is open.
import { Eye, MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { newMessagesText } from '../../../shared/messages.ts';
import { ConversationView } from '../../components/messages/conversation-view.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useConversation } from './api/get-conversation.ts';
import { useMarkConversationRead } from './api/mark-conversation-read.ts';
import { useSendMessage } from './api/send-message.ts';

export type StaffMessagesDialogProps = {
  planId: string;
  /** Whose onboarding this conversation belongs to, for the title. */
  newHireName: string;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
};

const SEND_FAILED = 'Failed to send message. Please try again.';

export function StaffMessagesDialog({ planId, newHireName, viewer, open, onClose }: StaffMessagesDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Messages · ${newHireName}`}
      icon={<MessageSquare className="size-5 text-primary" />}
      description={
        viewer.role === 'admin' && (
          <span className="badge badge-info badge-sm gap-1">
            <Eye className="size-3" aria-hidden="true" /> Admin View
          </span>
        )
      }
      closeLabel="Close messages"
      size="lg"
      layout="fill"
    >
      <Conversation planId={planId} viewer={viewer} />
    </Modal>
  );
}

function Conversation({ planId, viewer }: { planId: string; viewer: SessionUser }) {
  const conversation = useConversation(planId, true);
  const { mutate: markAllRead } = useMarkConversationRead(planId);
  const send = useSendMessage(planId);
  const [newCount, setNewCount] = useState(0);
  const seenIds = useRef<Set<string> | null>(null);
  const messages = conversation.data;

  // Mark unread messages read on open, and tell the viewer about ones that arrive while it is open.
  useEffect(() => {
    if (!messages) return;
    const unreadForMe = messages.some((message) => message.receiverId === viewer.id && !message.isRead);
    if (seenIds.current === null) {
      seenIds.current = new Set(messages.map((message) => message.id));
    } else {
      const arrived = messages.filter((message) => !seenIds.current?.has(message.id) && message.senderId !== viewer.id);
      for (const message of messages) seenIds.current.add(message.id);
      if (arrived.length > 0) {
        setNewCount((count) => count + arrived.length);
        notify.info(newMessagesText(arrived.length));
      }
    }
    if (unreadForMe) markAllRead();
  }, [messages, viewer.id, markAllRead]);

  const sendMessage = (content: string) =>
    send.mutateAsync({ id: crypto.randomUUID(), content }).then(
      () => {
        setNewCount(0);
        notify.success('Message sent');
        return true;
      },
      (error: unknown) => {
        notifyError(error, SEND_FAILED, SEND_FAILED);
        return false;
      },
    );

  return (
    <ConversationView
      messages={messages}
      viewerId={viewer.id}
      loadError={conversation.isError && <ErrorState error={conversation.error} title="Could not load messages" onRetry={() => void conversation.refetch()} />}
      emptyText="No messages yet. Write the first one below."
      fallbackSender="Unknown"
      notices={
        newCount > 0 && (
          <div role="status" className="alert alert-info alert-soft py-2 text-sm">
            <span>{newMessagesText(newCount)}</span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setNewCount(0)}>
              Dismiss
            </button>
          </div>
        )
      }
      placeholder={viewer.role === 'admin' ? 'Write to the plan’s manager…' : 'Type a message…'}
      onSend={sendMessage}
      sending={send.isPending}
    />
  );
}
