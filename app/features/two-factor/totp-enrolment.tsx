// Setting up an authenticator app (issue 24): the server makes a secret and its QR code; the person scans
// it (or types the key), and the app's first code turns two-factor on. The session then steps up (a new
// id) and the recovery codes come back, for the caller to show once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TotpConfirm } from '../../../shared/two-factor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../lib/api/get-current-user.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { CodeForm } from './code-form.tsx';
import { TWO_FACTOR_KEY, twoFactorApi } from './two-factor-api.ts';

/** The key as apps show it: groups of four, easier to read out and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const start = useMutation({ mutationFn: () => twoFactorApi.start() });
  const confirm = useMutation({
    mutationFn: (body: TotpConfirm) => twoFactorApi.confirm(body),
    onSuccess: async ({ recoveryCodes }) => {
      notify.success('Two-factor authentication is on');
      onEnabled(recoveryCodes);
      await Promise.all([queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.issues.length > 0)) notifyError(error, 'Could not turn on two-factor authentication');
    },
  });
  // Once per mount (React's development double effects included): a second start would replace the first's flow.
  const started = useRef(false);
  const { mutate: begin } = start;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, [begin]);

  if (start.isPending || start.isIdle) return <SectionLoading label="Making your key..." />;
  if (start.isError) return <ErrorState error={start.error} title="Could not start the set-up" onRetry={() => start.mutate()} />;
  const { secret, qrSvg } = start.data;

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify.error('Could not copy', 'Select the key and copy it instead.');
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-base-content/80">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).</li>
        <li>Scan this QR code, or enter the key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;base64,${btoa(qrSvg)}`}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-box border border-base-300 bg-white p-1"
        />
        <div className="flex min-w-0 flex-col gap-2 self-stretch">
          <p className="text-sm font-medium" id="totp-key-label">
            Can’t scan? Enter this key
          </p>
          <code aria-labelledby="totp-key-label" className="rounded-box bg-base-200 px-3 py-2 font-mono text-sm break-words" data-testid="totp-secret" data-secret={secret}>
            {grouped(secret)}
          </code>
          <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => void copyKey()}>
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? 'Key copied' : 'Copy key'}
          </button>
          <p className="text-xs text-base-content/70">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <CodeForm
        onSubmit={(body) => body.code && confirm.mutate({ code: body.code })}
        pending={confirm.isPending}
        error={confirm.error}
        submitLabel="Verify and turn on"
        allowRecovery={false}
      />
    </div>
  );
}
