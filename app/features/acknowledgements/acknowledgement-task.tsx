// A policy to accept, in its task's details (issue 19): the new hire reads the text (or downloads the
// PDF) and accepts it by typing their full name. Accepting needs a connection: the record keeps the
// address it came from. The task then comes back completed through the sync engine; until it does, the
// answer shows it accepted. Where the task is only looked at (canAct false), the policy shows alone.
import { CheckCircle2, Download, FileText, ShieldCheck, TriangleAlert, WifiOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { AcceptPolicySchema, FULL_NAME_REQUIRED_MESSAGE, POLICY_CHANGED_MESSAGE } from '../../../shared/acknowledgements.ts';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { fieldErrors } from '../../../shared/field-errors.ts';
import type { OnboardingTask } from '../../../shared/onboarding.ts';
import { fileDownloadUrl } from '../../../shared/uploads.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { useOnline } from '../../components/pwa/use-online.ts';
import { formatFileSize } from '../../components/task-content/action-content.ts';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useSyncEngine } from '../../sync/hooks.ts';
import { acceptanceShown, policyKeyOf, type JustAccepted } from './acceptance.ts';
import { useAcceptPolicy } from './api/accept-policy.ts';

/** The task action slot's props (features/onboarding/task-action-slot.ts), restated: a feature never imports another. */
export type AcknowledgementTaskProps = { task: OnboardingTask; canAct: boolean };

type Policy = Pick<OnboardingTask, 'policyText' | 'policyFile'>;

export function AcknowledgementTask({ task, canAct }: AcknowledgementTaskProps) {
  const [justAccepted, setJustAccepted] = useState<JustAccepted | null>(null);
  const { accepted, acceptedAt } = acceptanceShown(task, justAccepted);

  return (
    <section className="flex flex-col gap-4" aria-label="Policy to accept">
      <PolicyDocument policy={task} />
      {accepted ? (
        <div role="status" className="alert alert-success alert-soft">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          <span>{acceptedAt ? `Accepted on ${formatDate(acceptedAt)}` : 'Accepted'}</span>
        </div>
      ) : canAct ? (
        <AcceptForm task={task} onAccepted={(at) => setJustAccepted({ policyKey: policyKeyOf(task), acceptedAt: at })} />
      ) : (
        <p className="text-sm text-base-content/70">The new hire accepts this policy by typing their full name.</p>
      )}
    </section>
  );
}

/** The policy as the new hire reads it: its text as written (line breaks kept), or its PDF to download. */
function PolicyDocument({ policy }: { policy: Policy }) {
  if (policy.policyFile) {
    const file = policy.policyFile;
    return (
      <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200/60 p-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium break-words">{file.name}</p>
            <p className="text-xs text-base-content/70">PDF · {formatFileSize(file.size)}</p>
          </div>
        </div>
        <a className="btn btn-outline btn-sm sm:btn-md" href={fileDownloadUrl(file.id)} download={file.name}>
          <Download className="size-4" aria-hidden="true" /> Download
          <span className="sr-only"> {file.name}</span>
        </a>
      </div>
    );
  }
  if (!policy.policyText) return <p className="text-base-content/70 italic">This policy has no text yet.</p>;
  return (
    <div
      role="region"
      aria-label="Policy text"
      // A scrolling region is scrolled by keyboard only when it can take focus (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-h-[60vh] overflow-y-auto rounded-box border border-base-300 bg-base-100 p-4 leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:max-h-[28rem]"
    >
      {policy.policyText}
    </div>
  );
}

const fullNameSchema = AcceptPolicySchema.entries.fullName;

function AcceptForm({ task, onAccepted }: { task: OnboardingTask; onAccepted: (acceptedAt: string) => void }) {
  const inputId = useId();
  const offlineId = useId();
  const online = useOnline();
  const engine = useSyncEngine(useSignedInUser());
  const accept = useAcceptPolicy();
  const [fullName, setFullName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  // The engine brought another text while this was open: what was read is not what would be accepted.
  const policyKey = policyKeyOf(task);
  const [readPolicyKey, setReadPolicyKey] = useState(policyKey);
  if (policyKey !== readPolicyKey) {
    setReadPolicyKey(policyKey);
    setNotice(POLICY_CHANGED_MESSAGE);
  }

  const showNameError = (message: string) => {
    setNameError(message);
    document.getElementById(inputId)?.focus();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(fullNameSchema, fullName);
    if (!parsed.success) return showNameError(parsed.issues[0]?.message ?? FULL_NAME_REQUIRED_MESSAGE);
    setNotice(null);
    accept.mutate(
      { task, fullName: parsed.output },
      {
        onSuccess: (record) => {
          onAccepted(record.acceptedAt);
          notify.success('Policy accepted', 'Thank you. Your acceptance has been recorded.');
          // The task comes back completed with the engine's next pull (the poke of this write starts one too).
          void engine?.sync();
        },
        onError: (error) => {
          const nameIssue = error instanceof ApiError ? fieldErrors(error.issues).fullName : undefined;
          if (nameIssue) return showNameError(nameIssue);
          if (hasErrorCode(error, ERROR_CODE.conflict)) {
            // A changed policy (its new text arrives with the pull), or one accepted already (the task arrives completed).
            setNotice(error.message);
            void engine?.sync();
            return;
          }
          notifyError(error, 'Could not accept the policy');
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2" aria-label={`Accept: ${task.title}`}>
      {notice && (
        <div role="alert" className="alert alert-warning alert-soft">
          <TriangleAlert className="size-5" aria-hidden="true" />
          <span>{notice}</span>
        </div>
      )}
      <TextField
        id={inputId}
        label="Type your full name to accept"
        hint="By typing your name you confirm that you have read this policy and accept it."
        value={fullName}
        onChange={(value) => {
          setFullName(value);
          setNameError(undefined);
        }}
        error={nameError}
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        enterKeyHint="done"
        maxLength={200}
        className="sm:max-w-md"
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <PendingButton type="submit" pending={accept.isPending} disabled={!online} className="w-full sm:w-auto" icon={<ShieldCheck className="size-4" aria-hidden="true" />}>
          Accept
        </PendingButton>
        {!online && (
          <p id={offlineId} className="flex items-center gap-1.5 text-sm text-base-content/70">
            <WifiOff className="size-4 shrink-0" aria-hidden="true" />
            You are offline. Accepting needs a connection: the record keeps where it was sent from.
          </p>
        )}
      </div>
    </form>
  );
}
