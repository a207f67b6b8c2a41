// /api/sso: an admin's single sign-on set-up (issue 24); /api/auth/sso: the email-first sign-in and the
// provider's way back. Logic in sso.queries.ts and sso-flow.ts.
import { Hono } from 'hono';
import { SsoConnectionSchema, SsoOptionsSchema, SsoStartSchema, type SsoStartAnswer } from '../../shared/sso.ts';
import { AppError, found } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { currentUser, requireRole } from '../middleware/auth.ts';
import { clientAddress, consume, RateLimiter } from '../middleware/rate-limit.ts';
import { issuerRefusal, allowsPrivateProviders } from './provider-client.ts';
import { finishSsoFlow, SsoFailure, startSsoFlow } from './sso-flow.ts';
import { findSsoForEmail, findSsoRow, getSsoSettings, removeSso, saveSsoConnection, updateSsoOptions } from './sso.queries.ts';

/** Each start looks up a domain and may fetch the provider's discovery document: bounded per address. */
export const ssoStartPerAddress = new RateLimiter('sso-start/address', 300, 15 * 60_000);

/**
 * The provider's authorization URL; a provider that cannot be reached or used is a 502 at sign-in (not the
 * person's doing) and a 400 on the issuer for the admin's test (their issuer URL, most likely), with the reason.
 */
async function redirectTo(start: () => Promise<string>, unavailable: (reason: string) => AppError): Promise<string> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof SsoFailure && error.code === 'unavailable') {
      console.warn(`SSO start failed: ${error.message}`);
      throw unavailable(error.reason);
    }
    throw error;
  }
}

const signInUnavailable = () => new AppError(502, 'Your company’s identity provider could not be reached. Please try again in a moment.');
function testUnavailable(issuer: string) {
  return (reason: string) => {
    const message = `The identity provider at ${issuer} could not be used: ${reason}. Check the issuer URL.`;
    return new AppError(400, message, { issues: [{ path: 'issuer', message }] });
  };
}

export const ssoRoutes = new Hono<AppEnv>()
  .get('/', requireRole('admin'), async (c) => c.json(await getSsoSettings(c.var.deps.db, currentUser(c).companyId)))

  .put('/', requireRole('admin'), validate('json', SsoConnectionSchema), async (c) => {
    const input = c.req.valid('json');
    const refusal = issuerRefusal(input.issuer, allowsPrivateProviders(c.var.deps.config));
    if (refusal) throw new AppError(400, refusal, { issues: [{ path: 'issuer', message: refusal }] });
    return c.json(await saveSsoConnection(c.var.deps.db, currentUser(c), input, c.var.deps.config.secretsKey));
  })

  .patch('/', requireRole('admin'), validate('json', SsoOptionsSchema), async (c) => c.json(await updateSsoOptions(c.var.deps.db, currentUser(c), c.req.valid('json'))))

  .delete('/', requireRole('admin'), async (c) => {
    await removeSso(c.var.deps.db, currentUser(c).companyId);
    return c.body(null, 204);
  })

  /** Test sign-in: the admin goes to the provider and back; success records testedAt (enabling needs it). */
  .post('/test', requireRole('admin'), async (c) => {
    const admin = currentUser(c);
    const row = found(await findSsoRow(c.var.deps.db, admin.companyId), 'Single sign-on');
    return c.json({ redirectUrl: await redirectTo(() => startSsoFlow(c, row, 'sso_test', { userId: admin.id, loginHint: admin.email }), testUnavailable(row.issuer)) });
  });

export const ssoAuthRoutes = new Hono<AppEnv>()
  /** Public: a covered domain of an enabled company answers its provider's URL, anything else `sso: false`. */
  .post('/start', validate('json', SsoStartSchema), async (c) => {
    const { email, next } = c.req.valid('json');
    const { db } = c.var.deps;
    await consume(db, [ssoStartPerAddress, clientAddress(c)]);
    const row = await findSsoForEmail(db, email);
    if (!row) return c.json<SsoStartAnswer>({ sso: false });
    const redirectUrl = await redirectTo(() => startSsoFlow(c, row, 'sso', { userId: null, loginHint: email, next }), signInUnavailable);
    return c.json<SsoStartAnswer>({ sso: true, redirectUrl });
  })

  /** The provider sends the browser back here; the answer is always a redirect into the app. */
  .get('/callback', (c) => finishSsoFlow(c));
