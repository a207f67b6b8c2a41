// The staff side of a plan's conversation (spec section 2, Messages dialog): thread, composer, polling.
import { Eye, MessageSquare, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import type { Message } from '../../../shared/messages.ts';
import { formatMessageTime, MESSAGE_MAX_LENGTH } from '../../../shared/messages.ts';
import { ROLE_BADGES } from '../../../shared/roles.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useConversation, useMarkConversationRead, useSendMessage } from './use-conversation.ts';

export type MessagesDialogProps = {
  planId: string;
  /** Whose onboarding this conversation belongs to, for the title. */
  newHireName: string;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
};

export function MessagesDialog({ planId, newHireName, viewer, open, onClose }: MessagesDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box flex max-h-[90vh] flex-col gap-3 p-0 sm:max-w-xl">
        <header className="flex items-center gap-3 border-b border-base-300 px-5 py-4">
          <MessageSquare className="size-5 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              Messages · {newHireName}
            </h2>
            {viewer.role === 'admin' && (
              <span className="badge badge-info badge-sm gap-1">
                <Eye className="size-3" aria-hidden="true" /> Admin View
              </span>
            )}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close messages" onClick={onClose}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </header>
        {open && <Conversation planId={planId} viewer={viewer} />}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close messages" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}

function Conversation({ planId, viewer }: { planId: string; viewer: SessionUser }) {
  const conversation = useConversation(planId, true);
  const markRead = useMarkConversationRead(planId);
  const send = useSendMessage(planId);
  const [draft, setDraft] = useState('');
  const [newCount, setNewCount] = useState(0);
  const seenIds = useRef<Set<string> | null>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const composerId = useId();
  const messages = conversation.data;
  const { mutate: markAllRead } = markRead;

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
    bottomRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, viewer.id, markAllRead]);

  const canSend = draft.trim().length > 0 && !send.isPending;
  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { id: crypto.randomUUID(), content: draft.trim() },
      {
        onSuccess: () => {
          setDraft('');
          setNewCount(0);
          notify.success('Message sent');
        },
        onError: (error) => notifyError(error, 'Failed to send message. Please try again.', 'Failed to send message. Please try again.'),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <>
      <div className="min-h-48 flex-1 overflow-y-auto px-5" aria-live="polite" aria-busy={conversation.isPending}>
        {conversation.isPending && (
          <div className="flex justify-center py-10" role="status">
            <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
            <span className="sr-only">Loading messages...</span>
          </div>
        )}
        {conversation.isError && !messages && <ErrorState error={conversation.error} title="Could not load messages" onRetry={() => void conversation.refetch()} />}
        {messages && messages.length === 0 && (
          <p className="py-10 text-center text-base-content/70">No messages yet. Write the first one below.</p>
        )}
        {messages && messages.length > 0 && (
          <ol className="flex flex-col gap-1 py-2" aria-label="Conversation">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} mine={message.senderId === viewer.id} />
            ))}
          </ol>
        )}
        <div ref={bottomRef} />
      </div>
      {newCount > 0 && (
        <div role="status" className="alert alert-info alert-soft mx-5 py-2 text-sm">
          <span>{newMessagesText(newCount)}</span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setNewCount(0)}>
            Dismiss
          </button>
        </div>
      )}
      <form
        className="flex items-end gap-2 border-t border-base-300 px-5 py-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={composerId} className="sr-only">
          Message
        </label>
        <textarea
          id={composerId}
          className="textarea textarea-bordered min-h-12 flex-1 resize-none"
          rows={2}
          placeholder={`${viewer.role === 'admin' ? 'Write to the plan’s manager' : 'Type a message'}… (Enter to send, Shift+Enter for a new line)`}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary btn-square" disabled={!canSend} aria-label="Send message">
          {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Send className="size-5" aria-hidden="true" />}
        </button>
      </form>
    </>
  );
}

function newMessagesText(count: number): string {
  return `You have ${count} new message${count === 1 ? '' : 's'}`;
}

function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header gap-1 text-xs">
        <span className="font-medium">{mine ? 'You' : (message.sender.fullName ?? 'Unknown')}</span>
        {!mine && <span className="text-base-content/60">· {ROLE_BADGES[message.sender.role]}</span>}
      </div>
      <div className={`chat-bubble whitespace-pre-wrap break-words ${mine ? 'chat-bubble-primary' : ''}`}>{message.content}</div>
      <div className="chat-footer text-xs text-base-content/60">
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </div>
    </li>
  );
}
