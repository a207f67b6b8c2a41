// The staff side of a plan's conversation (spec section 2, Messages dialog): REST with polling,
// read marks, and a notice for messages that arrive while it is open.
import { Eye, Lock, MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { newMessagesText, type Message } from '../../../shared/messages.ts';
import type { ConversationDialogProps } from '../../components/messages/conversation-dialog.ts';
import { ConversationView } from '../../components/messages/conversation-view.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useConversation } from './api/get-conversation.ts';
import { useMarkConversationRead } from './api/mark-conversation-read.ts';
import { useSendMessage } from './api/send-message.ts';

type StaffMessagesDialogProps = ConversationDialogProps;

const SEND_FAILED = 'Failed to send message. Please try again.';

export function StaffMessagesDialog({ planId, newHireName, manager, viewer, open, onClose }: StaffMessagesDialogProps) {
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
      <Conversation planId={planId} newHireName={newHireName} manager={manager} viewer={viewer} />
    </Modal>
  );
}

function Conversation({ planId, newHireName, manager, viewer }: Pick<StaffMessagesDialogProps, 'planId' | 'newHireName' | 'manager' | 'viewer'>) {
  const conversation = useConversation(planId, true);
  const { mutate: markAllRead } = useMarkConversationRead(planId);
  const send = useSendMessage(planId);
  const [newCount, setNewCount] = useState(0);
  /** A manager's choice to answer an admin's staff note as one (null: not chosen, follow the thread). */
  const [replyChoice, setReplyChoice] = useState<boolean | null>(null);
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

  const recipient = staffNoteRecipient(viewer, manager, messages, replyChoice);
  const sendMessage = (content: string) =>
    send.mutateAsync({ id: crypto.randomUUID(), content, receiverId: recipient?.id }).then(
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
      composerNote={
        recipient ? (
          <StaffNoteNotice recipient={recipient} newHireName={newHireName} onReplyChoice={recipient.reply ? setReplyChoice : undefined} />
        ) : (
          replyTarget(viewer, messages) && <StaffNoteNotice recipient={null} newHireName={newHireName} onReplyChoice={setReplyChoice} />
        )
      }
      placeholder={recipient ? `Write a staff note to ${recipient.name}…` : 'Type a message…'}
      onSend={sendMessage}
      sending={send.isPending}
    />
  );
}

type StaffNoteRecipient = { id: string; name: string; /** A manager answering an admin, who may switch it off. */ reply: boolean };

/**
 * Who the next message goes to when it is a staff note the new hire never sees; null when it goes to
 * the new hire. An admin writes to the plan's manager (the API's default receiver). A manager writes to
 * the new hire, or answers the admin of the latest staff note to them: by default while the thread's
 * last message is a staff note (they are in that exchange), else when they choose to.
 */
function staffNoteRecipient(
  viewer: SessionUser,
  manager: StaffMessagesDialogProps['manager'],
  messages: Message[] | undefined,
  replyChoice: boolean | null,
): StaffNoteRecipient | null {
  if (viewer.role === 'admin') return manager && manager.id !== viewer.id ? { ...manager, reply: false } : null;
  const target = replyTarget(viewer, messages);
  if (!target) return null;
  const answering = replyChoice ?? messages?.at(-1)?.audience === 'staff';
  return answering ? { id: target.id, name: target.name, reply: true } : null;
}

/** The admin who wrote the latest staff note to this manager, if any. */
function replyTarget(viewer: SessionUser, messages: Message[] | undefined) {
  if (viewer.role !== 'manager') return null;
  const note = messages?.findLast((message) => message.audience === 'staff' && message.receiverId === viewer.id);
  return note ? { id: note.senderId, name: note.sender.fullName ?? 'the admin' } : null;
}

function StaffNoteNotice({
  recipient,
  newHireName,
  onReplyChoice,
}: {
  recipient: StaffNoteRecipient | null;
  newHireName: string;
  /** For a manager: the switch between answering the admin and writing to the new hire. */
  onReplyChoice?: (asStaffNote: boolean) => void;
}) {
  return (
    <div className={`alert alert-soft flex flex-wrap items-center gap-2 py-2 text-sm ${recipient ? 'alert-warning' : 'alert-info'}`}>
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {recipient ? (
          <>
            <strong className="font-semibold">Staff note</strong> to {recipient.name}. {newHireName} will not see it.
          </>
        ) : (
          <>Your message goes to {newHireName}.</>
        )}
      </p>
      {onReplyChoice && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => onReplyChoice(!recipient)}>
          {recipient ? `Write to ${newHireName} instead` : 'Reply as a staff note'}
        </button>
      )}
    </div>
  );
}
