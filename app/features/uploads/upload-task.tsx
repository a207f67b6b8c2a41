// An upload task's details (issue 19): what it takes, a file picker, the files waiting on this device
// (with their progress, or waiting for a connection) and the files uploaded. A picked file is checked
// here first (size, and the type its bytes say), then kept on the device and sent by the blob outbox
// (sync/uploads.ts), so it can be picked offline. Where the task is only looked at (canAct false), the
// uploaded files are listed alone.
import { CircleAlert, Download, FileImage, FileText, Trash2, Upload, WifiOff } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import type { OnboardingTask } from '../../../shared/onboarding.ts';
import { fileDownloadUrl, acceptAttribute, TOO_MANY_FILES_MESSAGE, UPLOAD_KIND_LABELS, UPLOAD_LIMITS, type TaskUpload } from '../../../shared/uploads.ts';
import { useOnline } from '../../components/pwa/use-online.ts';
import { formatFileSize } from '../../components/task-content/action-content.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { formatDate } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import type { KickoffDb, PendingUpload } from '../../sync/db.ts';
import { useSyncEngine } from '../../sync/hooks.ts';
import { queueUpload, removePendingUpload, usePendingUploads, useUploadProgress } from '../../sync/uploads.ts';
import { useRemoveUpload } from './api/remove-upload.ts';
import { pickedFileRefusal } from './picked-file.ts';

/** The task action slot's props (features/onboarding/task-action-slot.ts), restated: a feature never imports another. */
export type UploadTaskProps = { task: OnboardingTask; canAct: boolean };

export function UploadTask({ task, canAct }: UploadTaskProps) {
  const engine = useSyncEngine(useSignedInUser());
  // The outbox is the new hire's device; anyone else only looks.
  const db = canAct ? (engine?.db ?? null) : null;
  const pending = usePendingUploads(db, task.id) ?? [];
  const uploads = task.uploads ?? [];
  const kinds = task.uploadKinds ?? [];
  const room = UPLOAD_LIMITS.filesPerTask - uploads.length - pending.length;

  return (
    <section className="flex flex-col gap-4" aria-label="Documents to upload">
      <p className="text-sm text-base-content/70">
        Accepted: {kinds.map((kind) => UPLOAD_KIND_LABELS[kind]).join(' or ')} · up to {UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB each
      </p>
      {db && <FilePicker db={db} task={task} room={room} />}
      {pending.length > 0 && db && (
        <ul className="flex flex-col gap-2" aria-label="Waiting to upload">
          {pending.map((upload) => (
            <PendingRow key={upload.id} db={db} upload={upload} />
          ))}
        </ul>
      )}
      {uploads.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Uploaded files">
          {uploads.map((upload) => (
            <UploadedRow key={upload.id} upload={upload} canRemove={db !== null} onRemoved={() => void engine?.sync()} />
          ))}
        </ul>
      ) : (
        pending.length === 0 && <p className="text-sm text-base-content/70 italic">No files uploaded yet.</p>
      )}
    </section>
  );
}

function FilePicker({ db, task, room }: { db: KickoffDb; task: OnboardingTask; room: number }) {
  const inputId = useId();
  const hintId = useId();
  const online = useOnline();
  const [refusals, setRefusals] = useState<string[]>([]);
  const kinds = task.uploadKinds ?? [];

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    // Emptied, so picking the same file again (after removing it) fires a change.
    input.value = '';
    const refused: string[] = [];
    let queued = 0;
    for (const file of picked) {
      if (queued >= room) {
        refused.push(`${file.name}: ${TOO_MANY_FILES_MESSAGE}`);
        continue;
      }
      const refusal = await pickedFileRefusal(file, kinds);
      if (refusal) {
        refused.push(`${file.name}: ${refusal}`);
        continue;
      }
      try {
        await queueUpload(db, { taskId: task.id, planId: task.planId, file });
        queued += 1;
      } catch (error) {
        notifyError(error, 'Could not keep the file on this device');
      }
    }
    setRefusals(refused);
    if (queued > 0 && !navigator.onLine) notify.info('Saved on this device', 'It will upload when you are back online.');
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-medium">
        Choose {room === 1 ? 'a file' : 'files'} to upload
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={acceptAttribute(kinds)}
        disabled={room <= 0}
        aria-describedby={hintId}
        className="file-input file-input-bordered w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        onChange={(event) => void pick(event)}
      />
      <p id={hintId} className="text-xs text-base-content/70">
        {room <= 0
          ? TOO_MANY_FILES_MESSAGE
          : online
            ? 'Files upload as soon as you pick them.'
            : 'You are offline: picked files wait on this device and upload when you are back online.'}
      </p>
      {refusals.length > 0 && (
        <div role="alert" className="alert alert-error alert-soft items-start">
          <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
          <ul className="flex flex-col gap-1 break-words">
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function FileIcon({ image }: { image: boolean }) {
  const Icon = image ? FileImage : FileText;
  return <Icon className="size-7 shrink-0 text-primary" aria-hidden="true" />;
}

const looksLikeImage = (name: string) => /\.(png|jpe?g|webp)$/i.test(name);

function PendingRow({ db, upload }: { db: KickoffDb; upload: PendingUpload }) {
  const online = useOnline();
  const progress = useUploadProgress(upload.id);
  const percent = progress ? Math.min(100, Math.round((progress.loaded / Math.max(1, progress.total)) * 100)) : 0;
  const remove = () => void removePendingUpload(db, upload.id).catch((error: unknown) => notifyError(error, 'Could not remove the file'));

  return (
    <li className={`flex flex-col gap-2 rounded-box border p-3 ${upload.error ? 'border-error/40 bg-error/5' : 'border-base-300 bg-base-200/60'}`}>
      <div className="flex items-center gap-3">
        <FileIcon image={looksLikeImage(upload.name)} />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{upload.name}</p>
          <p className="text-xs text-base-content/70">{formatFileSize(upload.size)}</p>
        </div>
        {!progress && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={remove}>
            <Trash2 className="size-4" aria-hidden="true" /> Remove
            <span className="sr-only"> {upload.name}</span>
          </button>
        )}
      </div>
      {upload.error ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-error">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Not uploaded: {upload.error}</span>
        </p>
      ) : progress ? (
        <div className="flex items-center gap-2">
          <progress className="progress progress-primary flex-1" value={percent} max={100} aria-label={`Uploading ${upload.name}`} />
          <span className="w-10 text-right text-xs tabular-nums" aria-hidden="true">
            {percent}%
          </span>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-base-content/70">
          {online ? (
            <>
              <Upload className="size-4" aria-hidden="true" /> Waiting to upload…
            </>
          ) : (
            <>
              <WifiOff className="size-4" aria-hidden="true" /> Waiting for a connection
            </>
          )}
        </p>
      )}
    </li>
  );
}

function UploadedRow({ upload, canRemove, onRemoved }: { upload: TaskUpload; canRemove: boolean; onRemoved: () => void }) {
  const online = useOnline();
  const removal = useRemoveUpload();
  const [confirming, setConfirming] = useState(false);

  function remove() {
    removal.mutate(upload.id, {
      onSuccess: () => {
        setConfirming(false);
        notify.success('File removed');
        onRemoved();
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error, 'Could not remove the file');
      },
    });
  }

  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FileIcon image={upload.contentType !== 'application/pdf'} />
        <div className="min-w-0">
          <p className="font-medium break-words">{upload.name}</p>
          <p className="text-xs text-base-content/70">
            {formatFileSize(upload.size)} · uploaded {formatDate(upload.createdAt)}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <a className="btn btn-outline btn-sm" href={fileDownloadUrl(upload.id)} download={upload.name}>
          <Download className="size-4" aria-hidden="true" /> Download
          <span className="sr-only"> {upload.name}</span>
        </a>
        {canRemove && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={!online}
            title={online ? undefined : 'Connect to the internet to remove a file'}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" aria-hidden="true" /> Remove
            <span className="sr-only"> {upload.name}</span>
          </button>
        )}
      </div>
      <ConfirmDialog open={confirming} title="Remove this file?" confirmLabel="Remove file" pending={removal.isPending} onConfirm={remove} onClose={() => setConfirming(false)}>
        {upload.name} will be deleted. If it is the only file, the task opens again.
      </ConfirmDialog>
    </li>
  );
}
