// The one dialog: a daisyUI modal on the native <dialog> (focus trap, Escape and backdrop close for free),
// a bottom sheet on phones. Its content mounts only while open, so each opening starts fresh.
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

const SIZES = { md: '', lg: 'sm:max-w-2xl', xl: 'sm:max-w-5xl' } as const;

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** A decorative icon before the title. */
  icon?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: keyof typeof SIZES;
  /** The accessible name of the close buttons. */
  closeLabel?: string;
  /**
   * 'fill': a tall box whose child lays itself out edge to edge (a conversation);
   * 'padded': the usual box with padding.
   */
  layout?: 'padded' | 'fill';
};

/** Dialogs open now: the page under them does not scroll while any is (theme.css, `.page-scroll-locked`). */
let openDialogs = 0;

function lockPageScroll(): () => void {
  openDialogs += 1;
  document.documentElement.classList.add('page-scroll-locked');
  return () => {
    openDialogs -= 1;
    if (openDialogs === 0) document.documentElement.classList.remove('page-scroll-locked');
  };
}

export function Modal({ open, title, description, icon, onClose, children, size = 'md', closeLabel = 'Close', layout = 'padded' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  useEffect(() => (open ? lockPageScroll() : undefined), [open]);
  const fill = layout === 'fill';
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className={`modal-box ${SIZES[size]} ${fill ? 'flex h-[85dvh] flex-col p-0 sm:h-[70vh]' : ''}`}>
        <header className={`flex items-start gap-3 ${fill ? 'border-b border-base-300 px-5 py-3' : 'mb-3'}`}>
          {icon && (
            <span className="mt-0.5 shrink-0" aria-hidden="true">
              {icon}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold break-words">
              {title}
            </h2>
            {description && <div className="text-sm text-base-content/70">{description}</div>}
          </div>
          <button type="button" className="btn btn-ghost btn-sm btn-square -me-2 -mt-1 shrink-0" onClick={onClose} aria-label={closeLabel}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </header>
        {open && children}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label={closeLabel}>
          close
        </button>
      </form>
    </dialog>
  );
}

/** The Cancel / confirm row at the foot of a dialog; the confirm button shows a spinner while pending. */
export function DialogActions({
  cancelLabel = 'Cancel',
  onCancel,
  cancelDisabled = false,
  confirm,
  className = '',
}: {
  cancelLabel?: string;
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** The confirm button (a submit button when it is inside a form). */
  confirm: ReactNode;
  className?: string;
}) {
  return (
    <div className={`modal-action flex-wrap ${className}`}>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </button>
      {confirm}
    </div>
  );
}
