// Passkeys (issue 24): WebAuthn credentials a person adds in their profile and signs in with, without an
// email (discoverable credentials) and without a second step (user verification is required, so the
// passkey is something they have and something they are or know). The contract of /api/users/me/passkeys
// and /api/auth/passkey; the ceremonies themselves are @simplewebauthn/server and /browser.
import * as v from 'valibot';
import { describeUserAgent, UNKNOWN_DEVICE } from './sessions.ts';

export const PASSKEY_NAME_MAX = 80;
/** How many passkeys one person may keep: more than anyone needs, few enough that a list stays a list. */
export const PASSKEYS_PER_PERSON = 20;

/** A passkey as the profile lists it: never its key or credential id. Times are ISO. */
export type PasskeyView = {
  id: string;
  name: string;
  /** 'multiDevice': synced by a password manager (iCloud Keychain, Google Password Manager...); 'singleDevice': bound to one device or key. */
  deviceType: 'singleDevice' | 'multiDevice' | null;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
};

export const PASSKEY_NAME_MESSAGE = 'Please enter a name for the passkey';

const NameSchema = v.pipe(
  v.string(PASSKEY_NAME_MESSAGE),
  v.trim(),
  v.minLength(1, PASSKEY_NAME_MESSAGE),
  v.maxLength(PASSKEY_NAME_MAX, `The name may be at most ${PASSKEY_NAME_MAX} characters`),
);

/** PATCH /api/users/me/passkeys/:id */
export const RenamePasskeySchema = v.strictObject({ name: NameSchema });
export type RenamePasskeyInput = v.InferInput<typeof RenamePasskeySchema>;

// What a browser answers (PublicKeyCredential.toJSON(), as @simplewebauthn/browser sends it): base64url
// strings, bounded so a made-up answer costs nothing to refuse. The signature and every byte inside
// are checked by @simplewebauthn/server; these schemas only keep the shape honest.
const INVALID_PASSKEY_ANSWER = 'The passkey’s answer is not valid. Please try again.';
const Base64Url = (max: number) => v.pipe(v.string(INVALID_PASSKEY_ANSWER), v.regex(/^[A-Za-z0-9_-]+$/, INVALID_PASSKEY_ANSWER), v.maxLength(max, INVALID_PASSKEY_ANSWER));
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const CredentialBase = {
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: v.literal('public-key', INVALID_PASSKEY_ANSWER),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'], INVALID_PASSKEY_ANSWER)),
  clientExtensionResults: v.looseObject({}),
};

const RegistrationResponseSchema = v.object({
  ...CredentialBase,
  response: v.looseObject({
    clientDataJSON: Base64Url(8000),
    attestationObject: Base64Url(40_000),
    transports: v.optional(v.pipe(v.array(v.picklist(TRANSPORTS, INVALID_PASSKEY_ANSWER)), v.maxLength(TRANSPORTS.length, INVALID_PASSKEY_ANSWER))),
  }),
});

const AuthenticationResponseSchema = v.object({
  ...CredentialBase,
  response: v.looseObject({
    clientDataJSON: Base64Url(8000),
    authenticatorData: Base64Url(8000),
    signature: Base64Url(2000),
    userHandle: v.optional(Base64Url(200)),
  }),
});

/** POST /api/users/me/passkeys: the browser's answer to the options, and what to call the passkey (left out: the authenticator's own name). */
export const RegisterPasskeySchema = v.strictObject({
  name: v.optional(NameSchema),
  response: RegistrationResponseSchema,
});
export type RegisterPasskeyInput = v.InferInput<typeof RegisterPasskeySchema>;

/** POST /api/auth/passkey: the browser's signed answer to the sign-in options. */
export const PasskeySignInSchema = v.strictObject({ response: AuthenticationResponseSchema });
export type PasskeySignInInput = v.InferInput<typeof PasskeySignInSchema>;

export const PASSKEY_MESSAGES = {
  unknown: 'This passkey is not registered with Kickoff. Sign in another way, then add it in your profile.',
  failed: 'This passkey could not be verified. Please try again.',
  expired: 'This passkey request has expired. Please try again.',
  tooMany: `You can keep at most ${PASSKEYS_PER_PERSON} passkeys. Remove one you no longer use first.`,
  alreadyAdded: 'This passkey is already registered.',
  notDiscoverable: 'This security key cannot keep a passkey that signs you in without your email. Use your device’s passkeys, a password manager or a newer key.',
} as const;

/**
 * A default name for a new passkey from the browser's user agent ("Chrome on macOS", read as the active
 * sessions list reads it). Only a suggestion the person can change; the server names a passkey after its
 * authenticator when no name is sent.
 */
export function deviceNameFromUserAgent(userAgent: string): string {
  const { description } = describeUserAgent(userAgent);
  return description === UNKNOWN_DEVICE ? 'Passkey' : description;
}
