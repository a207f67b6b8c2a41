// The account calls (spec section 7), typed with the shared schemas' outputs.
import type { ChangePassword, DeleteAccount, ForgotPassword, Profile, ResetPassword, SessionUser, SignIn, SignUp } from '../../../shared/auth.ts';
import { dashboardPathFor } from '../../../shared/roles.ts';
import { api, apiRequest } from '../../lib/api-client.ts';

type UserResponse = { user: SessionUser };
type MessageResponse = { message: string };

export const authApi = {
  signIn: (body: SignIn) => api.post<UserResponse>('/api/auth/login', body),
  signUp: (body: SignUp) => api.post<UserResponse>('/api/auth/signup', body),
  verifyEmail: (token: string) => api.post<UserResponse>('/api/auth/verify-email', { token }),
  resendVerification: (email: string) => api.post<MessageResponse>('/api/auth/resend-verification', { email }),
  forgotPassword: (body: ForgotPassword) => api.post<MessageResponse>('/api/auth/forgot-password', body),
  resetPassword: (body: ResetPassword) => api.post<MessageResponse>('/api/auth/reset-password', body),
  updateProfile: (body: Profile) => api.patch<UserResponse>('/api/users/me', body),
  changePassword: (body: ChangePassword) => api.post<MessageResponse>('/api/users/me/password', body),
  /** DELETE with a body: the password, asked again (DESIGN.md section 5). */
  deleteAccount: (body: DeleteAccount) => apiRequest<MessageResponse>('/api/users/me', { method: 'DELETE', body }),
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
