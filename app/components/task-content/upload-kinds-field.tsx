// What an upload task takes: PDFs, images or both (the server refuses other files by their bytes).
import { UPLOAD_KIND_LABELS, UPLOAD_KINDS, UPLOAD_LIMITS, type UploadKind } from '../../../shared/uploads.ts';
import { errorId } from '../forms/fields.tsx';
import { formatFileSize } from './action-content.ts';

export function UploadKindsField({ kinds, error, onChange }: { kinds: UploadKind[]; error: string | undefined; onChange: (kinds: UploadKind[]) => void }) {
  const id = 'task-uploadKinds';
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${errorId(id)}` : ''}`}>
      <legend className="mb-1 text-sm font-semibold">Files the new hire may upload</legend>
      {UPLOAD_KINDS.map((kind) => (
        <label key={kind} className="label w-fit cursor-pointer gap-2 py-1 text-sm text-base-content">
          <input
            type="checkbox"
            className={`checkbox checkbox-sm ${error ? 'checkbox-error' : ''}`}
            checked={kinds.includes(kind)}
            onChange={(event) => onChange(event.target.checked ? UPLOAD_KINDS.filter((known) => known === kind || kinds.includes(known)) : kinds.filter((kept) => kept !== kind))}
          />
          {UPLOAD_KIND_LABELS[kind]}
        </label>
      ))}
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        Each file can be up to {formatFileSize(UPLOAD_LIMITS.maxBytes)}; the description says what to upload.
      </p>
      {error && (
        <p id={errorId(id)} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
