// /api/auth: sign-up, sign-in and out, email verification, password reset; /api/users/me: the caller's own account.
import { type Context, Hono } from 'hono';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  ProfileSchema,
  ResendVerificationSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  type SessionUser,
  VerifyEmailSchema,
} from '../../shared/auth.ts';
import { badRequest, forbidden, found, unauthorized } from '../lib/app-error.ts';
import { transaction } from '../db/client.ts';
import { plansOfPerson } from '../events/events.queries.ts';
import { pokePersonRemoved } from '../events/publish.ts';
import { removeStoredFiles } from '../uploads/file-cleanup.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { passwordResetMail, queueAccountMail, sendAccountMail, verificationMail } from '../mail/account-mails.tsx';
import { currentUser, requireUser } from '../middleware/auth.ts';
import { accountKey, assertNotLimited, clientAddress, consume, limits } from '../middleware/rate-limit.ts';
import { consumeToken, findUsableToken, issueToken, RESET_TOKEN_TTL_MS } from './auth-tokens.ts';
import {
  assertEmailFree,
  createCompanyWithAdmin,
  deleteOwnAccount,
  findUserByEmail,
  getSessionUser,
  issueEmailVerification,
  setPassword,
  updateProfile,
  verifyEmailToken,
} from './auth.queries.ts';
import { claimPasswordAttempt, passwordAccepted } from './password-attempts.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { destroyUserSessions, endSession, rotateUserSessions } from './sessions.ts';
import { completeSignIn } from './sign-in.ts';
import { challengeSecondFactor } from '../two-factor/second-factor.ts';
import { assertPasswordSignInAllowed } from '../sso/require-sso.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET_LINK = 'This password reset link is invalid or expired.';
const INVALID_VERIFICATION = 'Invalid or expired verification token.';
/** Forgot-password and resend answer the same whether or not the account exists. */
const RESET_SENT = 'If an account exists for this email, we sent a link to reset its password.';
const VERIFICATION_SENT = 'If this email belongs to an account that still needs verification, we sent a new link.';

/**
 * The signed-in person's password, typed again before a consequential change. Attempts count with
 * sign-ins (password-attempts.ts), so a stolen session cannot guess freely; a wrong one is a 400 on `field`.
 */
async function confirmPassword(c: Context<AppEnv>, user: CurrentUser, password: string, field: string, wrong: string): Promise<void> {
  const { db } = c.var.deps;
  const account = accountKey(user.email);
  const address = clientAddress(c);
  await claimPasswordAttempt(db, account, address);
  const stored = await findUserByEmail(db, user.email);
  if (!(await verifyPassword(stored?.password ?? null, password))) throw badRequest(wrong, [{ path: field, message: wrong }]);
  await passwordAccepted(db, account, address);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/signup', validate('json', SignUpSchema), async (c) => {
    const body = c.req.valid('json');
    const { deps } = c.var;
    await consume(deps.db, [limits.signUpPerAddress, clientAddress(c)], [limits.signUpPerAccount, accountKey(body.email)]);
    // Checked before hashing so a duplicate costs no Argon2 work; the insert checks again.
    await assertEmailFree(deps.db, body.email);
    const passwordHash = await hashPassword(body.password);
    const { user } = await createCompanyWithAdmin(deps.db, { ...body, passwordHash });
    const token = await issueEmailVerification(deps.db, user.id);
    // A failed send stays in the outbox and is retried; sign-up goes on either way.
    await sendAccountMail(deps, 'verification', user, await verificationMail(user.email, deps.config.appUrl, token), new Date());
    // The address the account was made from is the owner's: delays others cause do not hold it up.
    await passwordAccepted(deps.db, accountKey(user.email), clientAddress(c));
    return c.json({ user: await completeSignIn(c, user.id, 'signup') }, 201);
  })

  .post('/login', validate('json', SignInSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { db } = c.var.deps;
    const address = clientAddress(c);
    const account = accountKey(email);
    await assertNotLimited(db, [limits.signInFailuresPerAddress, address]);
    await consume(db, [limits.signInPerAddress, address]);
    // Unknown emails are counted and delayed alike, so a 429 does not tell either.
    await claimPasswordAttempt(db, account, address);

    const user = await findUserByEmail(db, email);
    // Unknown emails still pay for one verification, so the answer's timing does not tell.
    const ok = await verifyPassword(user?.password ?? (await decoyHash()), password);
    if (!user?.password || !ok) {
      await limits.signInFailuresPerAddress.hit(db, address);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await passwordAccepted(db, account, address);
    // The company signs in with SSO: only its break-glass admin may still use a password (api/sso/).
    await assertPasswordSignInAllowed(db, user);
    // A second factor to come (issue 24): no session yet, only this browser's second_factor flow.
    const challenge = await challengeSecondFactor(c, user);
    if (challenge) return c.json(challenge);
    return c.json({ user: await completeSignIn(c, user.id, 'password') });
  })

  /** Kept for the spec's GET; refuses requests another site starts (DESIGN.md section 8). */
  .get('/logout', async (c) => {
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden('Cross-site request refused.');
    await endSession(c);
    return c.redirect('/', 303);
  })

  .post('/logout', async (c) => {
    await endSession(c);
    return c.body(null, 204);
  })

  .get('/user', requireUser, async (c) => {
    const user = found(await getSessionUser(c.var.deps.db, currentUser(c).id), 'User');
    // The company requires a second factor this session has not given: the app sends the person to set one up.
    return c.json<SessionUser>(c.var.secondFactorMissing ? { ...user, secondFactorRequired: true } : user);
  })

  .post('/verify-email', validate('json', VerifyEmailSchema), async (c) => {
    const { token } = c.req.valid('json');
    const { db } = c.var.deps;
    const userId = await verifyEmailToken(db, token);
    if (!userId) throw badRequest(INVALID_VERIFICATION);
    return c.json({ user: found(await getSessionUser(db, userId), 'User') });
  })

  .post('/resend-verification', validate('json', ResendVerificationSchema), async (c) => {
    const { email } = c.req.valid('json');
    const { deps } = c.var;
    const { db, config } = deps;
    await consume(db, [limits.resendPerAddress, clientAddress(c)], [limits.resendPerAccount, accountKey(email)]);
    const user = await findUserByEmail(db, email);
    if (user && !user.isEmailVerified) {
      const token = await issueEmailVerification(db, user.id);
      await queueAccountMail(deps, 'verification', user, await verificationMail(user.email, config.appUrl, token), new Date());
    }
    return c.json({ message: VERIFICATION_SENT });
  })

  .post('/forgot-password', validate('json', ForgotPasswordSchema), async (c) => {
    const { email } = c.req.valid('json');
    const { deps } = c.var;
    const { db, config } = deps;
    await consume(db, [limits.forgotPerAddress, clientAddress(c)], [limits.forgotPerAccount, accountKey(email)]);
    const user = await findUserByEmail(db, email);
    if (user) {
      const token = await issueToken(db, user.id, 'reset', RESET_TOKEN_TTL_MS);
      // Queued, then sent without waiting: waiting for the mail server only when the account exists would tell by timing.
      await queueAccountMail(deps, 'password_reset', user, await passwordResetMail(user.email, config.appUrl, token), new Date());
    }
    return c.json({ message: RESET_SENT });
  })

  /** Sets a new password from a reset link, or a first password from an invitation (which also verifies the email). */
  .post('/reset-password', validate('json', ResetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const { db } = c.var.deps;
    const address = clientAddress(c);
    await consume(db, [limits.resetPerAddress, address]);
    // The token first: a made-up one costs a lookup, never Argon2 work. The transaction claims it again,
    // so of two requests with one token only one sets a password.
    if (!(await findUsableToken(db, token))) throw badRequest(INVALID_RESET_LINK);
    const passwordHash = await hashPassword(password);
    const email = await transaction(db, async (tx) => {
      const claimed = await consumeToken(tx, token);
      if (!claimed) throw badRequest(INVALID_RESET_LINK);
      await setPassword(tx, claimed.userId, passwordHash, { verifyEmail: claimed.purpose === 'invite' });
      await destroyUserSessions(tx, claimed.userId);
      return (await getSessionUser(tx, claimed.userId))?.email;
    });
    // The link proves the mailbox: delays on the account end, and this address counts as the owner's.
    if (email) await passwordAccepted(db, accountKey(email), address);
    return c.json({ message: 'Your password has been updated. You can now sign in.' });
  });

/** The caller's own account, at /api/users/me (the team's people are team.routes.ts). */
export const accountRoutes = new Hono<AppEnv>()
  .delete('/', requireUser, validate('json', DeleteAccountSchema), async (c) => {
    const user = currentUser(c);
    await confirmPassword(c, user, c.req.valid('json').password, 'password', 'Password is incorrect');
    const plans = await plansOfPerson(c.var.deps.db, user.companyId, user.id);
    const { companyDeleted, storageKeys } = await deleteOwnAccount(c.var.deps.db, user);
    await removeStoredFiles(c.var.deps.files, storageKeys);
    if (!companyDeleted) await pokePersonRemoved(c.var.deps, user.companyId, plans);
    await endSession(c);
    return c.json({ message: 'Your account has been deleted.' });
  })

  .patch('/', requireUser, validate('json', ProfileSchema), async (c) => {
    const profile = c.req.valid('json');
    const { db } = c.var.deps;
    const user = currentUser(c);
    await updateProfile(db, user.id, profile);
    return c.json({ user: found(await getSessionUser(db, user.id), 'User') });
  })

  .post('/password', requireUser, validate('json', ChangePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { db } = c.var.deps;
    const user = currentUser(c);
    await confirmPassword(c, user, currentPassword, 'currentPassword', 'Current password is incorrect');
    await setPassword(db, user.id, await hashPassword(newPassword));
    // A new session id for this device too: whoever held a copy of the old cookie is out as well.
    await rotateUserSessions(c, user.id);
    return c.json({ message: 'Your password has been changed. Other devices have been signed out.' });
  });
