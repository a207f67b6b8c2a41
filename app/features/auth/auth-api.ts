// The account calls (spec section 7), typed by the API's routes.
import type { ChangePassword, DeleteAccount, ForgotPassword, Profile, ResetPassword, SignIn, SignUp } from '../../../shared/auth.ts';
import type { SsoStart, SsoStartAnswer } from '../../../shared/sso.ts';
import { dashboardPathFor } from '../../../shared/roles.ts';
import { client, json } from '../../lib/typed-client.ts';

const { auth, users } = client.api;

export const authApi = {
  signIn: (body: SignIn) => json(auth.login.$post({ json: body })),
  /** Email first: the company's identity provider when the domain has single sign-on, else `sso: false`. */
  startSso: (body: SsoStart): Promise<SsoStartAnswer> => json(auth.sso.start.$post({ json: body })),
  signUp: (body: SignUp) => json(auth.signup.$post({ json: body })),
  verifyEmail: (token: string) => json(auth['verify-email'].$post({ json: { token } })),
  resendVerification: (email: string) => json(auth['resend-verification'].$post({ json: { email } })),
  forgotPassword: (body: ForgotPassword) => json(auth['forgot-password'].$post({ json: body })),
  resetPassword: (body: ResetPassword) => json(auth['reset-password'].$post({ json: body })),
  updateProfile: (body: Profile) => json(users.me.$patch({ json: body })),
  changePassword: (body: ChangePassword) => json(users.me.password.$post({ json: body })),
  /** DELETE with a body: the password, asked again (DESIGN.md section 5). */
  deleteAccount: (body: DeleteAccount) => json(users.me.$delete({ json: body })),
};

/** A `?redirect=` target only when it is a path on this site (never another origin, never the API). */
export function safeRedirectPath(redirect: unknown): string | undefined {
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return undefined;
  try {
    const url = new URL(redirect, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/login') return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

/** After sign-in or sign-up: a full page load, so every cache starts from the new session. */
export function goHomeAfterSignIn(role: string, redirect?: string) {
  window.location.assign(safeRedirectPath(redirect) ?? dashboardPathFor(role));
}
