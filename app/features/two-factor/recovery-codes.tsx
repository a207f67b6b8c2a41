// The ten recovery codes, shown once (issue 24): copy them or download them as a text file, then say
// they are saved. The server keeps only their hashes, so this is the one chance to keep them.
import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../lib/notify.ts';

const FILE_NAME = 'kickoff-recovery-codes.txt';

function asText(codes: string[], email: string): string {
  return [`Kickoff recovery codes for ${email}`, 'Each code signs you in once when you cannot use your authenticator app.', '', ...codes, ''].join('\n');
}

export function RecoveryCodes({ codes, email, onDone, doneLabel = 'I have saved my codes' }: { codes: string[]; email: string; onDone: () => void; doneLabel?: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(asText(codes, email));
      setCopied(true);
      notify.success('Recovery codes copied');
    } catch {
      notify.error('Could not copy', 'Select the codes and copy them, or download them instead.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([asText(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="note" className="alert alert-warning alert-soft text-sm">
        Save these codes somewhere safe, such as your password manager. Each one signs you in once if you lose your phone. They are shown only now.
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-box bg-base-200 p-4 font-mono text-base min-[360px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={download}>
          <Download className="size-4" aria-hidden="true" /> Download
        </button>
      </div>
      <button type="button" className="btn btn-primary mt-1" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
