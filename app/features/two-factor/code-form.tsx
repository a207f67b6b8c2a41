// The form that takes a second factor: the 6-digit code from the authenticator app or, after "Use a
// recovery code", one recovery code. Sign-in's second step, confirming a session, turning two-factor
// off and new recovery codes all use it; the caller sends what it gives and hands back the failure.
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { RecoveryCodeSchema, type SecondFactorInput, TotpCodeSchema } from '../../../shared/two-factor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';

export function CodeForm({
  onSubmit,
  pending,
  error,
  submitLabel,
  allowRecovery = true,
  tone = 'primary',
  footer,
}: {
  onSubmit: (input: SecondFactorInput) => void;
  pending: boolean;
  /** The last failed attempt: a field's message from the API goes under the field. */
  error?: unknown;
  submitLabel: string;
  allowRecovery?: boolean;
  tone?: 'primary' | 'error';
  footer?: ReactNode;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const field = recovery ? 'recoveryCode' : 'code';
  const serverError = error instanceof ApiError ? fieldErrors(error.issues)[field] : undefined;
  const message = invalid ?? serverError;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = v.safeParse(recovery ? RecoveryCodeSchema : TotpCodeSchema, code);
    if (!result.success) return setInvalid(result.issues[0].message);
    setInvalid(undefined);
    onSubmit(recovery ? { recoveryCode: result.output } : { code: result.output });
  }

  function switchKind() {
    setRecovery((now) => !now);
    setCode('');
    setInvalid(undefined);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          hint="One of the codes you saved when you set up two-factor authentication. Each works once."
          value={code}
          onChange={(value) => {
            setCode(value);
            setInvalid(undefined);
          }}
          error={message}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcd-efgh-2345"
          className="font-mono"
        />
      ) : (
        <TextField
          key="code"
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows now."
          value={code}
          onChange={(value) => {
            setCode(value);
            setInvalid(undefined);
          }}
          error={message}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          className="font-mono tracking-widest"
        />
      )}
      <PendingButton
        type="submit"
        tone={tone}
        pending={pending}
        className="mt-2 w-full"
        icon={recovery ? <KeyRound className="size-4" aria-hidden="true" /> : <ShieldCheck className="size-4" aria-hidden="true" />}
      >
        {submitLabel}
      </PendingButton>
      {allowRecovery && (
        <button type="button" className="btn btn-ghost btn-sm mt-1 self-center" onClick={switchKind}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      )}
      {footer}
    </form>
  );
}
