// The WebAuthn ceremonies of passkeys (issue 24), through @simplewebauthn/server: registration in the
// profile and sign-in without an email. This site is the relying party: its ID is APP_URL's host name and
// the only origin it accepts is APP_URL's. User verification and discoverable credentials are required,
// so a passkey is a whole multi-factor sign-in by itself. Each challenge lives in an auth flow (used once,
// bound to this browser); the routes stay thin.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Context } from 'hono';
import { PASSKEY_MESSAGES, PASSKEYS_PER_PERSON, type PasskeyView, type PasskeySignInInput, type RegisterPasskeyInput } from '../../shared/passkeys.ts';
import { displayName } from '../../shared/auth.ts';
import { openAuthFlow, takeAuthFlow } from '../auth/auth-flows.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import type { Config } from '../config.ts';
import { type AppError, badRequest, conflict, found, unauthorized } from '../lib/app-error.ts';
import type { AppEnv, CurrentUser } from '../lib/env.ts';
import { assertNotLimited, clientAddress, consume, RateLimiter } from '../middleware/rate-limit.ts';
import { assertPasswordSignInAllowed } from '../sso/require-sso.ts';
import { countPasskeys, credentialsOf, findByCredentialId, insertPasskey, ownerOf, recordPasskeyUse } from './passkeys.queries.ts';

const MINUTE = 60_000;
/** Sign-in ceremonies started per address: each stores a challenge for a few minutes. */
export const passkeyOptionsPerAddress = new RateLimiter('passkey-options/address', 60, 15 * MINUTE);
/** Refused passkey answers per address: made-up or replayed answers cost a lookup and a signature check, and only this many. */
export const passkeyFailuresPerAddress = new RateLimiter('passkey-failures/address', 30, 15 * MINUTE);

/** Ed25519, ES256 (what nearly every authenticator makes) and RS256 (Windows Hello's older keys). */
const ALGORITHMS = [-8, -7, -257];
/** How long the browser waits for the person at their authenticator. */
const CEREMONY_TIMEOUT_MS = 5 * MINUTE;

/** Loopback addresses, which browsers refuse as an RP ID ("This is an invalid domain" in Chromium). */
const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party: this site as APP_URL names it. An APP_URL on a loopback address (development, the
 * browser tests) is served as `localhost` on the same port for passkeys: browsers accept no IP address as
 * an RP ID, and localhost is the same machine and a secure context as well.
 */
export function relyingParty(config: Pick<Config, 'appUrl'>): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  if (LOOPBACK_ADDRESSES.has(url.hostname)) url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

/** The user handle a passkey carries: the person's id, so a discoverable credential names its owner. */
const userHandle = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(userId);

/** POST /api/users/me/passkeys/options: what the browser's navigator.credentials.create needs. */
export async function startRegistration(c: Context<AppEnv>, user: CurrentUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { db, config } = c.var.deps;
  if ((await countPasskeys(db, user.id)) >= PASSKEYS_PER_PERSON) throw conflict(PASSKEY_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: 'Kickoff',
    rpID: relyingParty(config).rpID,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: displayName(user),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    // The person's passkeys already here: an authenticator holding one says so instead of making another.
    excludeCredentials: await credentialsOf(db, user.id),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    // The browser then says whether the credential is discoverable (a passkey), or only a key for a second step.
    extensions: { credProps: true },
  });
  await openAuthFlow(c, 'passkey_register', { userId: user.id, data: { challenge: options.challenge } });
  return options;
}

/** POST /api/users/me/passkeys: checks the authenticator's answer against this browser's challenge and keeps the passkey. */
export async function finishRegistration(c: Context<AppEnv>, user: CurrentUser, input: RegisterPasskeyInput): Promise<PasskeyView> {
  const { db, config } = c.var.deps;
  const flow = await takeAuthFlow(c, 'passkey_register');
  const challenge = flow?.data.challenge;
  if (!flow || flow.userId !== user.id || typeof challenge !== 'string') throw badRequest(PASSKEY_MESSAGES.expired);
  const { rpID, origin } = relyingParty(config);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.failed);
  }
  if (!verified.verified) throw badRequest(PASSKEY_MESSAGES.failed);
  // A credential the browser reports as not discoverable could never sign in without an email.
  if (notDiscoverable(input.response.clientExtensionResults)) throw badRequest(PASSKEY_MESSAGES.notDiscoverable);
  const info = verified.registrationInfo;
  if ((await countPasskeys(db, user.id)) >= PASSKEYS_PER_PERSON) throw conflict(PASSKEY_MESSAGES.tooMany);
  if (await findByCredentialId(db, info.credential.id)) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
  return insertPasskey(db, {
    userId: user.id,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: input.response.response.transports,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: input.name ?? authenticatorName(info.aaguid, info.credentialDeviceType, input.response.authenticatorAttachment),
  });
}

/** Whether the browser's credProps says the new credential is not discoverable (left out: trusted, as resident keys were required). */
function notDiscoverable(results: Record<string, unknown>): boolean {
  const credProps = results.credProps;
  return typeof credProps === 'object' && credProps !== null && (credProps as { rk?: unknown }).rk === false;
}

/** Well-known authenticators by AAGUID (the passkey providers people actually use), for a default name. */
const AUTHENTICATOR_NAMES: Record<string, string> = {
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
};

/** A passkey's default name: its provider when known, else what kind of authenticator made it. */
export function authenticatorName(aaguid: string, deviceType: string, attachment: string | undefined): string {
  const known = AUTHENTICATOR_NAMES[aaguid.toLowerCase()];
  if (known) return known;
  if (attachment === 'cross-platform' && deviceType === 'singleDevice') return 'Security key';
  return deviceType === 'multiDevice' ? 'Synced passkey' : 'Passkey';
}

/** POST /api/auth/passkey/options: a challenge for any of this site's passkeys (no email: the passkey names its person). */
export async function startSignIn(c: Context<AppEnv>): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { db, config } = c.var.deps;
  await consume(db, [passkeyOptionsPerAddress, clientAddress(c)]);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await openAuthFlow(c, 'passkey_sign_in', { userId: null, data: { challenge: options.challenge } });
  return options;
}

/**
 * POST /api/auth/passkey: the signed answer to this browser's challenge. The credential names the person;
 * the signature, origin, RP ID, user verification and counter decide; then the one completeSignIn.
 */
export async function finishSignIn(c: Context<AppEnv>, input: PasskeySignInInput) {
  const { db, config } = c.var.deps;
  const address = clientAddress(c);
  await assertNotLimited(db, [passkeyFailuresPerAddress, address]);
  const refuse = async (error: AppError) => {
    await passkeyFailuresPerAddress.hit(db, address);
    return error;
  };

  const flow = await takeAuthFlow(c, 'passkey_sign_in');
  const challenge = flow?.data.challenge;
  if (!flow || typeof challenge !== 'string') throw await refuse(badRequest(PASSKEY_MESSAGES.expired));
  const passkey = await findByCredentialId(db, input.response.id);
  if (!passkey) throw await refuse(unauthorized(PASSKEY_MESSAGES.unknown));
  // A discoverable credential's user handle is its owner's id: one that names anyone else is not this passkey's answer.
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandle(passkey.userId))) throw await refuse(unauthorized(PASSKEY_MESSAGES.failed));

  const { rpID, origin } = relyingParty(config);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      // The library refuses a counter that does not grow past a stored non-zero one: a cloned authenticator.
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: (passkey.transports ?? undefined) as AuthenticatorTransportFuture[] | undefined,
      },
    });
  } catch {
    throw await refuse(unauthorized(PASSKEY_MESSAGES.failed));
  }
  if (!verified.verified) throw await refuse(unauthorized(PASSKEY_MESSAGES.failed));
  // "Require SSO" leaves the company's identity provider the only way in (so leaving it locks a person out),
  // but for its break-glass admin: the same rule as passwords, told only to someone who proved the passkey.
  await assertPasswordSignInAllowed(db, found(await ownerOf(db, passkey.userId), 'User'));
  if (!(await recordPasskeyUse(db, passkey.id, passkey.counter, verified.authenticationInfo.newCounter))) throw await refuse(unauthorized(PASSKEY_MESSAGES.failed));
  return completeSignIn(c, passkey.userId, 'passkey');
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
