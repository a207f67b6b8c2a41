// A question before a consequential step: the one confirm dialog, and its stricter form that
// enables the button only once a phrase is typed (deleting an account or a person, spec section 5).
import { useId, useState, type ReactNode } from 'react';
import { DialogActions, Modal } from './modal.tsx';
import { PendingButton } from './pending-button.tsx';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  icon?: ReactNode;
  /** What will happen. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'error' | 'primary';
  pending?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and the backdrop all come here. */
  onClose: () => void;
};

export function ConfirmDialog({ open, title, icon, children, confirmLabel, cancelLabel, tone = 'error', pending = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} icon={icon} onClose={onClose}>
      <div className="text-base-content/80">{children}</div>
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={onClose}
        cancelDisabled={pending}
        confirm={
          <PendingButton tone={tone} pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </PendingButton>
        }
      />
    </Modal>
  );
}

type TypedConfirmDialogProps = Omit<ConfirmDialogProps, 'cancelLabel' | 'tone'> & {
  /** The words to type, shown in the field's label: 'Type <phrase> to confirm'. */
  phrase: string;
  /** Whether what was typed confirms (the rule lives in shared/, next to the API's). */
  isConfirmed: (typed: string) => boolean;
  /** A refusal to show above the field. */
  error?: ReactNode;
  autoCapitalize?: string;
};

export function TypedConfirmDialog({ open, title, icon, onClose, ...body }: TypedConfirmDialogProps) {
  return (
    <Modal open={open} title={title} icon={icon} onClose={onClose}>
      <TypedConfirmBody onClose={onClose} {...body} />
    </Modal>
  );
}

function TypedConfirmBody({
  children,
  phrase,
  isConfirmed,
  error,
  autoCapitalize,
  confirmLabel,
  pending = false,
  onConfirm,
  onClose,
}: Omit<TypedConfirmDialogProps, 'open' | 'title' | 'icon'>) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const confirmed = isConfirmed(typed);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed) onConfirm();
      }}
    >
      <div className="text-base-content/80">{children}</div>
      {error && (
        <div role="alert" className="alert alert-error alert-soft mt-3 text-sm">
          {error}
        </div>
      )}
      <div className="fieldset mt-3 gap-1">
        <label htmlFor={inputId} className="fieldset-legend py-0 text-sm font-normal">
          <span>
            Type <strong>{phrase}</strong> to confirm
          </span>
        </label>
        <input
          id={inputId}
          className="input w-full"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize={autoCapitalize}
          spellCheck={false}
        />
      </div>
      <DialogActions
        onCancel={onClose}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" tone="error" pending={pending} disabled={!confirmed}>
            {confirmLabel}
          </PendingButton>
        }
      />
    </form>
  );
}
