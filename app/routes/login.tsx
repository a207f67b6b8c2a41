import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { PasskeySignInButton } from '../features/passkeys/passkey-sign-in-button.tsx';
import { SecondFactorStep } from '../features/two-factor/second-factor-step.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return (
    <LoginScreen
      redirect={redirect}
      secondFactorStep={(step) => <SecondFactorStep {...step} passkeyButton={<PasskeySignInButton onSignedIn={step.onSignedIn} label="Use a passkey instead" />} />}
      passkeySignIn={(onSignedIn) => <PasskeySignInButton onSignedIn={onSignedIn} />}
    />
  );
}
