// The new hire's conversation with their manager, read from Dexie: works offline, queued messages
// say 'Waiting to send', and while open the engine pulls every 3 s.
import { Clock3, MessageSquare, SendHorizontal, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { displayName } from '../../../shared/auth.ts';
import { formatMessageTime, MESSAGE_MAX_LENGTH } from '../../../shared/messages.ts';
import type { PlanDetails } from '../../../shared/onboarding.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { api } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import type { RejectedChange } from '../../sync/db.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { useConversationPolling } from '../../sync/hooks.ts';
import { usePlanMessages } from './use-new-hire-data.ts';

type Props = {
  engine: SyncEngine;
  plan: PlanDetails;
  open: boolean;
  onClose: () => void;
  rejected: RejectedChange[];
};

export function MessagesDialog({ engine, plan, open, onClose, rejected }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useConversationPolling(engine, open);
  const counterpart = plan.manager ? displayName(plan.manager) : 'your onboarding team';

  return (
    <dialog ref={dialogRef} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box flex h-[85dvh] max-h-[85dvh] flex-col gap-0 p-0 sm:h-[70vh] sm:max-w-lg">
        <header className="flex items-center gap-3 border-b border-base-300 px-4 py-3">
          <MessageSquare className="size-5 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-semibold">
              Messages
            </h2>
            <p className="truncate text-xs text-base-content/60">With {counterpart}</p>
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={onClose} aria-label="Close messages">
            <X className="size-5" aria-hidden="true" />
          </button>
        </header>
        {open && <Conversation engine={engine} plan={plan} rejected={rejected} counterpart={counterpart} />}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close messages" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}

function Conversation({ engine, plan, rejected, counterpart }: { engine: SyncEngine; plan: PlanDetails; rejected: RejectedChange[]; counterpart: string }) {
  const messages = usePlanMessages(engine, plan.id);
  const online = useOnline();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLLIElement>(null);
  const inputId = useId();
  const me = engine.user.id;
  const unseen = (messages ?? []).filter((message) => message.receiverId === me && !message.isRead).length;
  const notSent = rejected.filter((change) => change.name === 'message.send');

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages?.length]);

  // Opening the conversation reads it: tell the server (online only; the next pull brings isRead back).
  useEffect(() => {
    if (unseen > 0 && online) void api.post(`/api/messages/${plan.id}/read`).catch(() => undefined);
  }, [unseen, online, plan.id]);

  async function send() {
    const content = draft.trim();
    if (!content) return;
    setDraft('');
    const { outcome } = await engine.mutate('message.send', { id: crypto.randomUUID(), planId: plan.id, content, createdAt: new Date().toISOString() });
    if ((await outcome) === 'applied') notify.success('Message sent');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <>
      <ol className="flex-1 space-y-1 overflow-y-auto bg-base-200/50 px-3 py-4" aria-label="Conversation" aria-live="polite">
        {messages === undefined ? (
          <li className="flex justify-center py-8">
            <span className="loading loading-dots text-primary" aria-label="Loading messages" />
          </li>
        ) : messages.length === 0 ? (
          <li className="flex flex-col items-center gap-2 py-10 text-center text-sm text-base-content/60">
            <MessageSquare className="size-10 opacity-40" aria-hidden="true" />
            No messages yet. Say hello to {counterpart}: questions are welcome.
          </li>
        ) : (
          messages.map((message) => {
            const mine = message.senderId === me;
            return (
              <li key={message.id} className={`chat ${mine ? 'chat-end' : 'chat-start'}`}>
                <div className="chat-header text-xs text-base-content/60">
                  {mine ? 'You' : (message.sender?.fullName ?? (message.sender ? ROLE_LABELS[message.sender.role] : counterpart))}
                </div>
                <div className={`chat-bubble whitespace-pre-wrap break-words ${mine ? 'chat-bubble-primary' : ''} ${message.pending ? 'opacity-75' : ''}`}>
                  {message.content}
                </div>
                <div className="chat-footer text-xs text-base-content/60">
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
          })
        )}
        {notSent.map((change) => (
          <li key={change.mutationId} role="alert" className="alert alert-error alert-soft my-2 text-sm">
            <TriangleAlert className="size-4" aria-hidden="true" />
            <span>
              Not sent{change.detail ? `: “${change.detail.slice(0, 80)}”` : ''}. {change.message}
            </span>
          </li>
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      <form
        className="flex items-end gap-2 border-t border-base-300 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          className="textarea min-h-11 flex-1 resize-none text-base"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={online ? 'Write a message…' : 'Write a message: it will send when you are back online'}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary btn-square" disabled={!draft.trim()} aria-label="Send message">
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </form>
      <p className="px-3 pb-2 text-xs text-base-content/50">Enter to send, Shift+Enter for a new line.</p>
    </>
  );
}

/** Unread messages addressed to the new hire, for the Messages button's badge. */
export function useUnreadCount(engine: SyncEngine, planId: string): number {
  const messages = usePlanMessages(engine, planId);
  return (messages ?? []).filter((message) => message.receiverId === engine.user.id && !message.isRead).length;
}
