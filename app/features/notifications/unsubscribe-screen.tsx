// /unsubscribe?token=… (public): opened from the link at the foot of a reminder mail. It first reads
// what the link would turn off and asks, so a mail scanner opening the page changes nothing; the button
// turns it off. Signed in or not: the token names the person and the kind, and cannot be forged.
import { Link } from '@tanstack/react-router';
import { BellOff, CircleCheck, CircleX } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { UnsubscribeResult } from '../../../shared/notifications.ts';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useCurrentUser } from '../../lib/api/get-current-user.ts';
import { errorMessage, notifyError } from '../../lib/notify.ts';
import { useUnsubscribePreview } from './api/get-unsubscribe.ts';
import { useUnsubscribe } from './api/unsubscribe.ts';

/** The frame of the signed-out pages (a title and one card), handed in by the route. */
export type PublicPageLayout = ComponentType<{ title: string; children: ReactNode }>;

const BROKEN_LINK = 'This unsubscribe link is not valid. Open it again from the mail, or turn reminders off in your profile.';

export function UnsubscribeScreen({ token, layout: Layout }: { token?: string; layout: PublicPageLayout }) {
  if (!token) return <BrokenLink layout={Layout} reason="This link is incomplete. Open it again from the mail, or turn reminders off in your profile." />;
  return <UnsubscribeWithToken token={token} layout={Layout} />;
}

function UnsubscribeWithToken({ token, layout: Layout }: { token: string; layout: PublicPageLayout }) {
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();

  if (preview.isPending) return <LoadingScreen label="Checking your link..." />;
  if (preview.isError) return <BrokenLink layout={Layout} reason={errorMessage(preview.error, BROKEN_LINK)} />;

  if (unsubscribe.isSuccess) {
    return (
      <Layout title="You’re unsubscribed">
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <p className="text-base-content/70">
            You won’t get <strong className="text-base-content">{unsubscribe.data.label}</strong> emails any more. Change this any time in your profile.
          </p>
          <ProfileLink />
        </div>
      </Layout>
    );
  }

  return (
    <ConfirmUnsubscribe
      preview={preview.data}
      pending={unsubscribe.isPending}
      onConfirm={() => unsubscribe.mutate(token, { onError: (error) => notifyError(error, 'Could not unsubscribe', BROKEN_LINK) })}
      layout={Layout}
      error={unsubscribe.error}
    />
  );
}

function ConfirmUnsubscribe({
  preview,
  pending,
  onConfirm,
  error,
  layout: Layout,
}: {
  preview: UnsubscribeResult;
  pending: boolean;
  onConfirm: () => void;
  error: Error | null;
  layout: PublicPageLayout;
}) {
  return (
    <Layout title="Unsubscribe">
      <div className="flex flex-col items-center gap-4 text-center">
        <BellOff className="size-12 text-primary" aria-hidden="true" />
        <p className="text-base-content/70">
          Stop <strong className="text-base-content">{preview.label}</strong> emails to <strong className="text-base-content wrap-anywhere">{preview.email}</strong>?
        </p>
        {error && (
          <p role="alert" className="text-sm text-error">
            {errorMessage(error, BROKEN_LINK)}
          </p>
        )}
        <PendingButton pending={pending} className="w-full" icon={<BellOff className="size-4" aria-hidden="true" />} onClick={onConfirm}>
          Stop {preview.label} emails
        </PendingButton>
        <p className="text-sm text-base-content/70">Other reminders keep coming; you can turn each kind on or off in your profile.</p>
      </div>
    </Layout>
  );
}

/** `reason`: the server's words for a refused token (they say what to do instead), or ours. */
function BrokenLink({ reason, layout: Layout }: { reason: string; layout: PublicPageLayout }) {
  return (
    <Layout title="This link does not work">
      <div className="flex flex-col items-center gap-4 text-center">
        <CircleX className="size-12 text-error" aria-hidden="true" />
        <p role="alert" className="text-base-content/70">
          {reason}
        </p>
        <ProfileLink />
      </div>
    </Layout>
  );
}

/** Signed out, the profile asks to sign in first (and comes back to it). */
function ProfileLink() {
  const { data: signedIn } = useCurrentUser();
  return (
    <Link to="/profile" className="btn btn-outline w-full">
      {signedIn ? 'Go to your profile' : 'Sign in to your profile'}
    </Link>
  );
}
