// The policy of an acknowledgement task: text written here, or a PDF uploaded here (it then is the
// policy, and the text box goes). The upload is the dialog's (PolicyFileUpload), so the dialog can hold
// its save while the file is still on its way.
import { FileText, Upload, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { POLICY_TEXT_MAX } from '../../../shared/acknowledgements.ts';
import { EMPTY_FILE_MESSAGE, FILE_TOO_LARGE_MESSAGE, POLICY_FILE_TYPE_MESSAGE, UPLOAD_LIMITS, type PolicyFile } from '../../../shared/uploads.ts';
import type { PolicyFileUpload } from '../../lib/api/upload-policy-file.ts';
import { errorId, TextAreaField } from '../forms/fields.tsx';
import { formatFileSize } from './action-content.ts';

export type PolicyFieldsProps = {
  policyText: string;
  policyFile: PolicyFile | null;
  upload: PolicyFileUpload;
  errorAt: (path: string) => string | undefined;
  onChange: (patch: { policyText?: string; policyFile?: PolicyFile | null }) => void;
};

/** Shown when the task is saved while its PDF is still on its way. */
export const POLICY_UPLOAD_PENDING_MESSAGE = 'Wait for the PDF to finish uploading';

/** What is wrong with a picked file before it is sent (the server checks its bytes again). */
function pickedFileProblem(file: File): string | null {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > UPLOAD_LIMITS.maxBytes) return FILE_TOO_LARGE_MESSAGE;
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return POLICY_FILE_TYPE_MESSAGE;
  return null;
}

export function PolicyFields({ policyText, policyFile, upload, errorAt, onChange }: PolicyFieldsProps) {
  const fileInputId = useId();
  const statusId = `${fileInputId}-status`;
  // A file refused here, before it was sent.
  const [refused, setRefused] = useState<string | null>(null);
  const uploadError = upload.isError ? upload.error.message : null;
  const problem = errorAt('policyFile') ?? refused ?? uploadError;

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again after a failure tries again.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    const refusal = pickedFileProblem(file);
    setRefused(refusal);
    if (!refusal) upload.mutate(file, { onSuccess: (uploaded) => onChange({ policyFile: uploaded }) });
  }

  if (policyFile) {
    return (
      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-3 rounded-box border border-base-300 bg-base-200 p-3">
          <FileText className="size-6 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{policyFile.name}</p>
            <p className="text-xs text-base-content/70">PDF · {formatFileSize(policyFile.size)}</p>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange({ policyFile: null })} aria-label={`Remove ${policyFile.name}`}>
            <X className="size-4" aria-hidden="true" /> Remove
          </button>
        </div>
        <p className="text-sm text-base-content/70">
          The PDF is the policy: the new hire reads it and accepts it by typing their full name. Remove it to write the policy here instead.
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        label="Policy text"
        id="task-policyText"
        value={policyText}
        error={errorAt('policyText')}
        hint="The new hire reads this and accepts it by typing their full name. A changed text asks for a new acceptance."
        rows={10}
        maxLength={POLICY_TEXT_MAX}
        onChange={(text) => onChange({ policyText: text })}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={fileInputId} className="fieldset-legend py-0 text-sm">
          Or attach the policy as a PDF
        </label>
        <input
          id={fileInputId}
          type="file"
          accept="application/pdf,.pdf"
          className={`file-input w-full ${problem ? 'file-input-error' : ''}`}
          disabled={upload.isPending}
          onChange={onPick}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${statusId} ${errorId(fileInputId)}` : statusId}
        />
        <p id={statusId} className="text-xs text-base-content/70" aria-live="polite">
          {upload.isPending ? (
            <span className="inline-flex items-center gap-2">
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              Uploading {upload.variables?.name}…
            </span>
          ) : (
            <span className="inline-flex items-center gap-1">
              <Upload className="size-3" aria-hidden="true" />
              At most {formatFileSize(UPLOAD_LIMITS.maxBytes)}.
            </span>
          )}
        </p>
        {problem && (
          <p id={errorId(fileInputId)} className="text-sm text-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
