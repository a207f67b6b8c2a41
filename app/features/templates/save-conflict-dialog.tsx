// A save refused because someone else saved the template since it was loaded (409 stale_version):
// nothing was saved, and the person decides, knowing what each way out costs.
import { RotateCcw, Save, TriangleAlert } from 'lucide-react';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';

type SaveConflictDialogProps = {
  open: boolean;
  /** The server's words: someone else saved since it was opened. */
  message: string;
  resolving: 'reload' | 'overwrite' | null;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
};

export function SaveConflictDialog({ open, message, resolving, onReload, onOverwrite, onClose }: SaveConflictDialogProps) {
  return (
    <Modal open={open} title="Your changes were not saved" icon={<TriangleAlert className="size-6 text-warning" />} onClose={onClose}>
      <p className="text-base-content/80">{message} Your edits are still here, unsaved.</p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        <li className="rounded-box bg-base-200 p-3">
          <strong>Reload</strong> shows the template as it is saved now. Your unsaved edits here are discarded.
        </li>
        <li className="rounded-box bg-base-200 p-3">
          <strong>Overwrite</strong> saves your version of the whole template. The other person’s changes are lost.
        </li>
      </ul>
      <DialogActions
        cancelLabel="Keep editing"
        onCancel={onClose}
        cancelDisabled={resolving !== null}
        confirm={
          <>
            <PendingButton
              tone="outline"
              pending={resolving === 'reload'}
              disabled={resolving !== null}
              onClick={onReload}
              icon={<RotateCcw className="size-4" aria-hidden="true" />}
            >
              Reload
            </PendingButton>
            <PendingButton
              tone="error"
              pending={resolving === 'overwrite'}
              disabled={resolving !== null}
              onClick={onOverwrite}
              icon={<Save className="size-4" aria-hidden="true" />}
            >
              Overwrite
            </PendingButton>
          </>
        }
      />
    </Modal>
  );
}
