import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button.tsx';
import { SecondFactorStep } from '../features/two-factor/second-factor-step.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; sso_error?: string } => ({
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    // Why a single sign-on came back refused (api/sso/sso-flow.ts).
    ...(typeof search.sso_error === 'string' ? { sso_error: search.sso_error } : {}),
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, sso_error: ssoError } = Route.useSearch();
  return (
    <LoginScreen
      redirect={redirect}
      ssoError={ssoError}
      secondFactorStep={(step) => <SecondFactorStep {...step} passkeyButton={<PasskeySignInButton onSignedIn={step.onSignedIn} label="Use a passkey instead" />} />}
      passkeySignIn={(onSignedIn) => <PasskeySignInButton onSignedIn={onSignedIn} />}
    />
  );
}
