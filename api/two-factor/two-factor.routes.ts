// Two-factor authentication (issue 24): the person's authenticator app and recovery codes at
// /api/users/me/two-factor, sign-in's second step at /api/auth/second-factor, and the company's
// "require a second factor for admins and managers" at /api/company/second-factor.
import { Hono } from 'hono';
import {
  CompanySecondFactorSchema,
  formatRecoveryCode,
  type CompanySecondFactor,
  type RecoveryCodes,
  SECOND_FACTOR_SESSION_METHODS,
  SecondFactorSchema,
  secondFactorApplies,
  TotpConfirmSchema,
  type TotpEnrolment,
  type TwoFactorStatus,
} from '../../shared/two-factor.ts';
import { takeAuthFlow, openAuthFlow } from '../auth/auth-flows.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';
import { openSecret, requireSecretsKey, sealSecret } from '../lib/secret-box.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import type { Context } from 'hono';
import { checkTotpCode, completeSecondFactor, verifySecondFactor, withFlowKept } from './second-factor.ts';
import { newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';
import {
  companyRequiresSecondFactor,
  disableTotp,
  enableTotp,
  findTotp,
  getCompanySecondFactor,
  hasPasskey,
  newRecoveryCodes,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  setCompanyRequiresSecondFactor,
} from './two-factor.queries.ts';

const ENROLMENT_EXPIRED = 'This set-up has expired. Start again to get a new QR code.';
const NOT_ENABLED = 'Two-factor authentication is not on.';

async function statusOf(c: Context<AppEnv>, user: CurrentUser): Promise<TwoFactorStatus> {
  const { db } = c.var.deps;
  const [totp, left, companyRequires, passkey] = await Promise.all([
    findTotp(db, user.id),
    recoveryCodesLeft(db, user.id),
    companyRequiresSecondFactor(db, user.companyId),
    hasPasskey(db, user.id),
  ]);
  const method = c.var.sessionMethod ?? '';
  return {
    totpEnabledAt: totp?.secret ? (totp.enabledAt ?? null) : null,
    recoveryCodesLeft: totp?.secret ? left : 0,
    required: companyRequires && secondFactorApplies(user.role),
    sessionVerified: (SECOND_FACTOR_SESSION_METHODS as readonly string[]).includes(method),
    hasPasskey: passkey,
  };
}

async function requireTotp(c: Context<AppEnv>, userId: string): Promise<void> {
  if (!(await findTotp(c.var.deps.db, userId))?.secret) throw conflict(NOT_ENABLED);
}

/** /api/users/me/two-factor: reachable while the company holds the person to setting up a second factor. */
export const twoFactorRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await statusOf(c, currentUser(c))))

  /** A new secret for the authenticator app, kept sealed in this browser's set-up flow until a code confirms it. */
  .post('/start', requireUser, async (c) => {
    const { db, config } = c.var.deps;
    const user = currentUser(c);
    const key = requireSecretsKey(config.secretsKey);
    if ((await findTotp(db, user.id))?.secret) throw conflict('Two-factor authentication is on already. Turn it off first to move to another app.');
    const secret = newTotpSecret();
    await openAuthFlow(c, 'totp_enrol', { userId: user.id, data: { secret: sealSecret(key, secret), startedAt: Date.now() } });
    const uri = totpUri(secret, user.email);
    return c.json<TotpEnrolment>({ uri, secret, qrSvg: await qrCodeSvg(uri) });
  })

  /** The app's first code turns two-factor on; the session steps up (a new id) and the recovery codes are shown this once. */
  .post('/confirm', requireUser, validate('json', TotpConfirmSchema), async (c) => {
    const { db, config } = c.var.deps;
    const user = currentUser(c);
    const key = requireSecretsKey(config.secretsKey);
    const flow = await takeAuthFlow(c, 'totp_enrol');
    const sealed = flow?.data.secret;
    if (!flow || flow.userId !== user.id || typeof sealed !== 'string') throw badRequest(ENROLMENT_EXPIRED);
    await withFlowKept(c, 'totp_enrol', flow, () => checkTotpCode(c, user.id, openSecret(key, sealed), c.req.valid('json').code));
    const codes = newRecoveryCodes();
    if (!(await enableTotp(db, user.id, sealed, codes))) throw conflict('Two-factor authentication is on already.');
    await completeSignIn(c, user.id, 'second_factor');
    return c.json<RecoveryCodes>({ recoveryCodes: codes.map(formatRecoveryCode) });
  })

  /** Turns two-factor off with a current code or a recovery code; refused while the company requires it and no passkey stands in. */
  .post('/disable', requireUser, validate('json', SecondFactorSchema), async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    await requireTotp(c, user.id);
    if (secondFactorApplies(user.role) && (await companyRequiresSecondFactor(db, user.companyId)) && !(await hasPasskey(db, user.id))) {
      throw conflict('Your company requires a second factor for admins and managers: add a passkey before turning the authenticator app off.');
    }
    await verifySecondFactor(c, user.id, c.req.valid('json'));
    await disableTotp(db, user.id);
    return c.json(await statusOf(c, user));
  })

  /** New recovery codes (the old ones stop working), with a current code. */
  .post('/recovery-codes', requireUser, validate('json', TotpConfirmSchema), async (c) => {
    const user = currentUser(c);
    await requireTotp(c, user.id);
    await verifySecondFactor(c, user.id, c.req.valid('json'));
    const codes = newRecoveryCodes();
    await regenerateRecoveryCodes(c.var.deps.db, user.id, codes);
    return c.json<RecoveryCodes>({ recoveryCodes: codes.map(formatRecoveryCode) });
  })

  /** Confirms this session with a second factor (say, one begun before the company required it): a new session id. */
  .post('/verify', requireUser, validate('json', SecondFactorSchema), async (c) => {
    const user = currentUser(c);
    await requireTotp(c, user.id);
    await verifySecondFactor(c, user.id, c.req.valid('json'));
    return c.json({ user: await completeSignIn(c, user.id, 'second_factor') });
  });

/** /api/auth/second-factor: sign-in's second step, after POST /api/auth/login answered `secondFactor`. */
export const secondFactorSignInRoutes = new Hono<AppEnv>().post('/', validate('json', SecondFactorSchema), async (c) =>
  c.json({ user: await completeSecondFactor(c, c.req.valid('json')) }),
);

/** /api/company/second-factor: the company's rule, for its admins. */
export const companySecondFactorRoutes = new Hono<AppEnv>()
  .get('/', requireRole('admin'), async (c) => c.json<CompanySecondFactor>(await getCompanySecondFactor(c.var.deps.db, currentUser(c).companyId)))

  .put('/', requireRole('admin'), validate('json', CompanySecondFactorSchema), async (c) => {
    const { db } = c.var.deps;
    const { companyId } = currentUser(c);
    await setCompanyRequiresSecondFactor(db, companyId, c.req.valid('json').required);
    return c.json<CompanySecondFactor>(await getCompanySecondFactor(db, companyId));
  });
