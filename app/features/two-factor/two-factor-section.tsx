// The profile's "Two-factor authentication" (issue 24): whether an authenticator app guards the account,
// setting one up (QR code, key, first code), the recovery codes shown once, new ones, and turning it off.
// The route composes it into the profile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useState } from 'react';
import type { SecondFactorInput, TotpConfirm } from '../../../shared/two-factor.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { CodeForm } from './code-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { TWO_FACTOR_KEY, twoFactorApi, twoFactorStatusQueryOptions } from './two-factor-api.ts';

type Dialog = 'setup' | 'regenerate' | 'disable' | null;

/** Field errors stay under the field; anything else is a toast. */
const toastUnlessField = (error: unknown, title: string) => {
  if (!(error instanceof ApiError && error.issues.length > 0)) notifyError(error, title);
};

export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const on = status.data?.totpEnabledAt;

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="profile-two-factor">
      <div className="card-body gap-0 p-4 md:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="profile-two-factor" className="card-title text-lg">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> Two-factor authentication
          </h2>
          {status.isSuccess && (on ? <span className="badge badge-success badge-soft">On</span> : <span className="badge badge-ghost">Off</span>)}
        </div>
        <p className="mt-1 mb-3 text-sm text-base-content/70">
          After your password, Kickoff asks for a code from an authenticator app on your phone, so a stolen password alone cannot open your account.
        </p>
        {status.isPending ? (
          <SectionLoading label="Loading two-factor status..." />
        ) : status.isError ? (
          <ErrorState error={status.error} title="Could not load your two-factor status" onRetry={() => void status.refetch()} />
        ) : on ? (
          <div className="flex flex-col gap-3">
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-base-content/70">Authenticator app</dt>
              <dd className="font-medium">On since {formatDate(on)}</dd>
              <dt className="text-base-content/70">Recovery codes</dt>
              <dd className={`font-medium ${status.data.recoveryCodesLeft <= 2 ? 'text-warning' : ''}`}>{formatCount(status.data.recoveryCodesLeft, 'unused code')} left</dd>
            </dl>
            {status.data.required && <p className="text-sm text-base-content/70">Your company requires a second factor for admins and managers.</p>}
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('regenerate')}>
                <RefreshCw className="size-4" aria-hidden="true" /> New recovery codes
              </button>
              <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDialog('disable')}>
                <ShieldOff className="size-4" aria-hidden="true" /> Turn off
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-3">
            {status.data.required && (
              <div role="note" className="alert alert-warning alert-soft text-sm">
                Your company requires a second factor for admins and managers. Set up an authenticator app, or add a passkey.
              </div>
            )}
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('setup')}>
              <Smartphone className="size-4" aria-hidden="true" /> Set up authenticator app
            </button>
          </div>
        )}
      </div>
      <SetupDialog open={dialog === 'setup'} onClose={close} />
      <RegenerateDialog open={dialog === 'regenerate'} onClose={close} />
      <DisableDialog open={dialog === 'disable'} onClose={close} />
    </section>
  );
}

function SetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={codes ? 'Save your recovery codes' : 'Set up an authenticator app'}
      icon={codes ? <KeyRound className="size-5" aria-hidden="true" /> : <Smartphone className="size-5" aria-hidden="true" />}
      size="lg"
    >
      {codes ? <RecoveryCodes codes={codes} email={user.email} onDone={close} /> : <TotpEnrolment onEnabled={setCodes} />}
    </Modal>
  );
}

function RegenerateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useMutation({
    mutationFn: (body: TotpConfirm) => twoFactorApi.regenerate(body),
    onSuccess: async ({ recoveryCodes }) => {
      setCodes(recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    },
    onError: (error) => toastUnlessField(error, 'Could not make new recovery codes'),
  });
  const close = () => {
    setCodes(null);
    regenerate.reset();
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={codes ? 'Your new recovery codes' : 'New recovery codes'} icon={<RefreshCw className="size-5" aria-hidden="true" />}>
      {codes ? (
        <RecoveryCodes codes={codes} email={user.email} onDone={close} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-base-content/80">Your current recovery codes stop working and ten new ones are shown once. Confirm with a code from your authenticator app.</p>
          <CodeForm
            onSubmit={(body) => body.code && regenerate.mutate({ code: body.code })}
            pending={regenerate.isPending}
            error={regenerate.error}
            submitLabel="Make new codes"
            allowRecovery={false}
          />
        </div>
      )}
    </Modal>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const disable = useMutation({
    mutationFn: (body: SecondFactorInput) => twoFactorApi.disable(body),
    onSuccess: (status) => {
      queryClient.setQueryData(TWO_FACTOR_KEY, status);
      notify.success('Two-factor authentication is off');
      onClose();
    },
    onError: (error) => toastUnlessField(error, 'Could not turn off two-factor authentication'),
  });
  return (
    <Modal open={open} onClose={onClose} title="Turn off two-factor authentication" icon={<ShieldOff className="size-5" aria-hidden="true" />}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-base-content/80">
          Your password alone will sign you in again, and your recovery codes stop working. Confirm with a code from your app or a recovery code.
        </p>
        <CodeForm onSubmit={(body) => disable.mutate(body)} pending={disable.isPending} error={disable.error} submitLabel="Turn off" tone="error" />
      </div>
    </Modal>
  );
}
