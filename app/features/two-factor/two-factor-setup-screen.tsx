// /two-factor-setup (issue 24): where an admin or manager lands while their company requires a second
// factor this session has not given. Someone without one sets up an authenticator app here (their
// session steps up, recovery codes shown once); someone who has one confirms it's them with a code. The
// server refuses everything else meanwhile (api/middleware/auth.ts). The route hands in the passkey way.
import { useMutation, useQuery } from '@tanstack/react-query';
import { LogOut, ShieldCheck, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { dashboardPathFor } from '../../../shared/roles.ts';
import type { SecondFactorInput } from '../../../shared/two-factor.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { signOut } from '../../lib/sign-out.ts';
import { CodeForm } from './code-form.tsx';
import { OrDivider } from '../../components/ui/or-divider.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TotpEnrolment } from './totp-enrolment.tsx';
import { twoFactorApi, twoFactorStatusQueryOptions } from './two-factor-api.ts';

export function TwoFactorSetupScreen({ passkey }: { passkey?: ReactNode }) {
  const user = useSignedInUser();
  const status = useQuery(twoFactorStatusQueryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const home = () => window.location.assign(dashboardPathFor(user.role));
  const verify = useMutation({
    mutationFn: (body: SecondFactorInput) => twoFactorApi.verify(body),
    onSuccess: () => {
      notify.success('Thanks, you’re verified');
      home();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.issues.length > 0)) notifyError(error, 'Could not verify');
    },
  });
  const enrolled = status.data?.totpEnabledAt;

  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-base-200 px-4 py-8 sm:justify-center sm:py-10">
      <p className="mb-6 flex items-center gap-2 text-2xl font-bold text-primary">
        <Sparkles className="size-7" aria-hidden="true" /> Kickoff
      </p>
      <div className="card w-full max-w-xl bg-base-100 shadow-md">
        <div className="card-body gap-4 p-5 sm:p-8">
          <header>
            <h1 className="flex items-center gap-2 text-2xl font-bold">
              <ShieldCheck className="size-7 shrink-0 text-primary" aria-hidden="true" />
              {codes ? 'Save your recovery codes' : enrolled ? 'Confirm it’s you' : 'Set up two-factor authentication'}
            </h1>
            {!codes && (
              <p className="mt-2 text-base-content/70">
                {user.company.name} requires a second factor for admins and managers.{' '}
                {enrolled ? 'Enter the code from your authenticator app to go on.' : 'Set up an authenticator app to go on; it takes a minute.'}
              </p>
            )}
          </header>
          {codes ? (
            <RecoveryCodes codes={codes} email={user.email} onDone={home} doneLabel="I have saved my codes, continue" />
          ) : status.isPending ? (
            <SectionLoading label="Loading..." />
          ) : status.isError ? (
            <ErrorState error={status.error} title="Could not load your two-factor status" onRetry={() => void status.refetch()} />
          ) : enrolled ? (
            <CodeForm onSubmit={(body) => verify.mutate(body)} pending={verify.isPending} error={verify.error} submitLabel="Verify" />
          ) : (
            <TotpEnrolment onEnabled={setCodes} />
          )}
          {!codes && passkey && status.data?.hasPasskey && (
            <>
              <OrDivider />
              <p className="text-center text-sm text-base-content/70">Added a passkey to this account before? Signing in with it counts as a second factor.</p>
              {passkey}
            </>
          )}
        </div>
      </div>
      <button type="button" className="btn btn-ghost btn-sm mt-6" onClick={() => void signOut()}>
        <LogOut className="size-4" aria-hidden="true" /> Sign out
      </button>
    </main>
  );
}
