// Checking a second factor (issue 24): an authenticator code, once per time step, or a recovery code,
// once ever; rate-limited per person and per address. Also sign-in's second step, which holds the
// password-checked person in a `second_factor` auth flow until the code comes.
import type { Context } from 'hono';
import { INVALID_CODE, INVALID_RECOVERY_CODE, type SecondFactorChallenge, type SecondFactorMethod, secondFactorApplies } from '../../shared/two-factor.ts';
import type { Role } from '../../shared/roles.ts';
import { AUTH_FLOW_TTL_MS, type AuthFlow, type AuthFlowPurpose, openAuthFlow, takeAuthFlow } from '../auth/auth-flows.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { badRequest, unauthorized } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { openSecret, requireSecretsKey } from '../lib/secret-box.ts';
import { clientAddress, consume, limits } from '../middleware/rate-limit.ts';
import { matchTotp } from './totp.ts';
import { claimTotpStep, companyRequiresSecondFactor, findTotp, hasPasskey, spendRecoveryCode } from './two-factor.queries.ts';

export type SecondFactorProof = { code?: string; recoveryCode?: string };

const wrongCode = () => badRequest(INVALID_CODE, [{ path: 'code', message: INVALID_CODE }]);
const wrongRecoveryCode = () => badRequest(INVALID_RECOVERY_CODE, [{ path: 'recoveryCode', message: INVALID_RECOVERY_CODE }]);

/** Counts one try for the person and the address: 429 once either has used up its tries. */
async function countTry(c: Context<AppEnv>, userId: string): Promise<void> {
  const { db } = c.var.deps;
  await consume(db, [limits.secondFactorPerUser, userId], [limits.secondFactorPerUserDaily, userId], [limits.secondFactorPerAddress, clientAddress(c)]);
}

/** The code against this secret, rate-limited; its time step is then spent for the person. 400 on `code` when wrong. */
export async function checkTotpCode(c: Context<AppEnv>, userId: string, secret: string, code: string): Promise<void> {
  await countTry(c, userId);
  const step = matchTotp(secret, code);
  if (step === null || !(await claimTotpStep(c.var.deps.db, userId, step))) throw wrongCode();
}

/** The person's authenticator code or one of their unused recovery codes (spent by this); 400 when wrong, 429 when over the limit. */
export async function verifySecondFactor(c: Context<AppEnv>, userId: string, proof: SecondFactorProof): Promise<void> {
  const { db, config } = c.var.deps;
  if (proof.recoveryCode !== undefined) {
    await countTry(c, userId);
    if (!(await spendRecoveryCode(db, userId, proof.recoveryCode))) throw wrongRecoveryCode();
    return;
  }
  const totp = await findTotp(db, userId);
  if (!totp?.secret) {
    await countTry(c, userId);
    throw wrongCode();
  }
  await checkTotpCode(c, userId, openSecret(requireSecretsKey(config.secretsKey), totp.secret), proof.code ?? '');
}

/**
 * Runs `attempt` on a flow taken from this browser; when it fails (a mistyped code), the flow is opened
 * again for the time it had left, so the person can try again without starting over.
 */
export async function withFlowKept<T>(c: Context<AppEnv>, purpose: AuthFlowPurpose, flow: AuthFlow, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const startedAt = typeof flow.data.startedAt === 'number' ? flow.data.startedAt : 0;
    const left = startedAt + AUTH_FLOW_TTL_MS - Date.now();
    if (left > 1000) await openAuthFlow(c, purpose, flow, left);
    throw error;
  }
}

/**
 * After a right password: the second factors the person must now give, with a `second_factor` flow
 * opened for them; null when the password is enough. A second factor is asked when they turned TOTP on,
 * or when their company requires one of admins and managers and they have one (TOTP or a passkey);
 * one who has none yet signs in and is then held to setting one up (api/middleware/auth.ts).
 */
export async function challengeSecondFactor(
  c: Context<AppEnv>,
  user: { id: string; role: Role; companyId: string; totpSecret: string | null },
): Promise<SecondFactorChallenge | null> {
  const { db } = c.var.deps;
  const required = secondFactorApplies(user.role) && (await companyRequiresSecondFactor(db, user.companyId));
  if (!user.totpSecret && !required) return null;
  const methods: SecondFactorMethod[] = user.totpSecret ? ['totp'] : [];
  if (await hasPasskey(db, user.id)) methods.push('passkey');
  if (methods.length === 0) return null;
  await openAuthFlow(c, 'second_factor', { userId: user.id, data: { startedAt: Date.now() } });
  return { secondFactor: { methods } };
}

export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again with your email and password.';

/** POST /api/auth/second-factor: the flow's person, signed in once the code is right (a new session id). */
export async function completeSecondFactor(c: Context<AppEnv>, proof: SecondFactorProof) {
  const flow = await takeAuthFlow(c, 'second_factor');
  if (!flow?.userId) throw unauthorized(SIGN_IN_EXPIRED);
  const userId = flow.userId;
  await withFlowKept(c, 'second_factor', flow, () => verifySecondFactor(c, userId, proof));
  return completeSignIn(c, userId, 'second_factor');
}
