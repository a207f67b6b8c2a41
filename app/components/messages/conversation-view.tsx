// A plan's conversation as people see it: the thread and the composer. It only shows and collects;
// where messages come from (REST for staff, Dexie for new hires) is the caller's business.
import { Clock3, Lock, MessageSquare, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatMessageTime, MESSAGE_MAX_LENGTH, type MessageAudience } from '../../../shared/messages.ts';
import { ROLE_BADGES, ROLE_LABELS, type Role } from '../../../shared/roles.ts';

export type ConversationMessage = {
  id: string;
  senderId: string;
  content: string;
  createdAt: string;
  sender: { fullName: string | null; role: Role } | null;
  /** Written on this device and not sent yet. */
  pending?: boolean;
  /** 'staff': a note between staff members that the plan's new hire never sees (shown as "Staff note"). */
  audience?: MessageAudience;
};

export type ConversationViewProps = {
  /** Oldest first; undefined while loading. */
  messages: ConversationMessage[] | undefined;
  viewerId: string;
  /** Shown instead of the thread when it could not be loaded. */
  loadError?: ReactNode;
  /** What an empty thread says: who to write to, and that questions are welcome. */
  emptyText: string;
  /** Who wrote a message when it is not the viewer and has no sender details. */
  fallbackSender: string;
  /** Alerts between the thread and the composer (new messages, messages not sent). */
  notices?: ReactNode;
  /** Who the next message goes to, right above the composer; the text box is described by it. */
  composerNote?: ReactNode;
  placeholder: string;
  /** Sends; the composer clears when it answers true. */
  onSend: (content: string) => boolean | Promise<boolean>;
  sending?: boolean;
};

export function ConversationView({ messages, viewerId, loadError, emptyText, fallbackSender, notices, composerNote, placeholder, onSend, sending = false }: ConversationViewProps) {
  const [draft, setDraft] = useState('');
  const bottomRef = useRef<HTMLDivElement>(null);
  const composerId = useId();
  const hintId = useId();
  const noteId = useId();
  const last = messages?.at(-1)?.id;

  useEffect(() => {
    bottomRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length, last]);

  const canSend = draft.trim().length > 0 && !sending;
  const submit = () => {
    if (!canSend) return;
    void Promise.resolve(onSend(draft.trim())).then((sent) => {
      if (sent) setDraft('');
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <>
      <div className="min-h-48 flex-1 overflow-y-auto bg-base-200/50 px-4 py-3" aria-live="polite" aria-busy={messages === undefined && !loadError}>
        {messages === undefined ? (
          loadError ? (
            loadError
          ) : (
            <div className="flex justify-center py-10" role="status">
              <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
              <span className="sr-only">Loading messages...</span>
            </div>
          )
        ) : messages.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-base-content/70">
            <MessageSquare className="size-10 opacity-40" aria-hidden="true" />
            {emptyText}
          </div>
        ) : (
          <ol className="flex flex-col gap-1" aria-label="Conversation">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} mine={message.senderId === viewerId} fallbackSender={fallbackSender} />
            ))}
          </ol>
        )}
        <div ref={bottomRef} />
      </div>
      {notices && <div className="flex flex-col gap-2 px-4 pt-3 empty:hidden">{notices}</div>}
      {composerNote && (
        <div id={noteId} className="px-4 pt-3">
          {composerNote}
        </div>
      )}
      <form
        className="flex items-end gap-2 border-t border-base-300 px-4 pt-3"
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
          className="textarea min-h-12 flex-1 resize-none text-base"
          rows={2}
          placeholder={placeholder}
          maxLength={MESSAGE_MAX_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={composerNote ? `${noteId} ${hintId}` : hintId}
        />
        <button type="submit" className="btn btn-primary btn-square" disabled={!canSend} aria-label="Send message">
          {sending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <SendHorizontal className="size-5" aria-hidden="true" />}
        </button>
      </form>
      <p id={hintId} className="px-4 pt-1 pb-3 text-xs text-base-content/70">
        Enter to send, Shift+Enter for a new line.
      </p>
    </>
  );
}

function MessageBubble({ message, mine, fallbackSender }: { message: ConversationMessage; mine: boolean; fallbackSender: string }) {
  const staffNote = message.audience === 'staff';
  const tone = staffNote ? 'bg-warning/15 text-base-content' : mine ? 'chat-bubble-primary' : '';
  return (
    <li className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
      <div className="chat-header flex-wrap items-center gap-1 text-xs">
        <span className="font-medium">{mine ? 'You' : (message.sender?.fullName ?? (message.sender ? ROLE_LABELS[message.sender.role] : fallbackSender))}</span>
        {!mine && message.sender?.fullName && <span className="text-base-content/70">· {ROLE_BADGES[message.sender.role]}</span>}
        {staffNote && <StaffNoteBadge />}
      </div>
      <div className={`chat-bubble whitespace-pre-wrap break-words ${tone} ${message.pending ? 'opacity-75' : ''}`}>{message.content}</div>
      <div className="chat-footer text-xs text-base-content/70">
        {message.pending ? (
          <span className="inline-flex items-center gap-1">
            <Clock3 className="size-3" aria-hidden="true" /> Waiting to send
          </span>
        ) : (
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        )}
      </div>
    </li>
  );
}

/** The mark of a staff note; screen readers also hear who cannot see it. */
export function StaffNoteBadge() {
  return (
    <span className="badge badge-xs gap-1 border-warning/50 bg-warning/20 font-medium text-base-content" title="Only staff see this note">
      <Lock className="size-3" aria-hidden="true" />
      Staff note<span className="sr-only">, not visible to the new hire</span>
    </span>
  );
}
