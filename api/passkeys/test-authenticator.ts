// A software authenticator for the tests (no browser): a P-256 key made with node:crypto that answers
// WebAuthn registration and sign-in options as a real passkey would (attestation 'none', CBOR authenticator
// data, an ECDSA signature over authenticator data and the client data's hash). Each answer can be bent
// (another origin or RP ID, a counter that does not move, no user verification) to show what the server refuses.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeySignInInput, RegisterPasskeyInput } from '../../shared/passkeys.ts';
import { AUTH_FLOW_TTL_MS } from '../auth/auth-flows.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { authFlows, passkeys } from '../db/schema.ts';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** All zeros: an authenticator that does not say what it is (as attestation 'none' allows). */
const AAGUID = new Uint8Array(16);

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array): string => isoBase64URL.fromBuffer(new Uint8Array(bytes));

export type Bend = {
  /** The page's origin the browser would report (default: the options' RP as http(s)://rpID). */
  origin?: string;
  /** The RP ID whose hash the authenticator data carries (default: the options' rpId). */
  rpID?: string;
  /** The counter the authenticator reports (default: one more than last time). */
  counter?: number;
  /** Leave the user-verified flag off. */
  unverified?: boolean;
  /** Sign a different challenge than the options'. */
  challenge?: string;
  /** Report this user handle instead of the registered one. */
  userHandle?: string;
  /** What the browser's client extension results say (credProps: whether the credential is discoverable). */
  clientExtensionResults?: Record<string, unknown>;
};

export class TestAuthenticator {
  readonly credentialId = b64url(randomBytes(32));
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  private userHandle: string | undefined;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an ES256 key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  /** The COSE public key as the passkeys table keeps it (base64url). */
  get publicKey(): string {
    return b64url(this.cosePublicKey);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
    return b64url(new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  private authenticatorData(rpID: string, bend: Bend, attested?: Uint8Array): Uint8Array {
    const flags = FLAG_USER_PRESENT | (bend.unverified ? 0 : FLAG_USER_VERIFIED) | (attested ? FLAG_ATTESTED_CREDENTIAL : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(bend.counter ?? this.counter);
    return new Uint8Array(Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]));
  }

  /** The answer to POST /api/users/me/passkeys/options, as navigator.credentials.create gives it. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, bend: Bend = {}): RegisterPasskeyInput['response'] {
    const rpID = bend.rpID ?? options.rp.id ?? '';
    this.userHandle = options.user.id;
    const idBytes = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const attested = new Uint8Array(Buffer.concat([AAGUID, idLength, idBytes, this.cosePublicKey]));
    const authData = this.authenticatorData(rpID, bend, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: bend.clientExtensionResults ?? { credProps: { rk: true } },
      response: {
        clientDataJSON: this.clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? this.origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to POST /api/auth/passkey/options, as navigator.credentials.get gives it (the counter moves on by one). */
  signIn(options: { challenge: string; rpId?: string }, bend: Bend = {}): PasskeySignInInput['response'] {
    if (bend.counter === undefined) this.counter += 1;
    const authData = this.authenticatorData(bend.rpID ?? options.rpId ?? '', bend);
    const clientDataJSON = this.clientData('webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey);
    const userHandle = bend.userHandle ?? this.userHandle;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }
}

/** A passkey of this authenticator for the person, stored as a registration would (the matrix's worlds). */
export async function storeTestPasskey(db: Db, userId: string, authenticator: TestAuthenticator, name = 'Test passkey'): Promise<string> {
  const [row] = await db
    .insert(passkeys)
    .values({ userId, credentialId: authenticator.credentialId, publicKey: authenticator.publicKey, counter: 0, transports: ['internal'], deviceType: 'singleDevice', name })
    .returning({ id: passkeys.id });
  if (!row) throw new Error('no passkey stored');
  return row.id;
}

/** A passkey sign-in ceremony in progress with this challenge, for a browser whose flow cookie holds `token`. */
export async function openTestSignInFlow(db: Db, token: string, challenge: string): Promise<void> {
  const expiresAt = new Date(Date.now() + AUTH_FLOW_TTL_MS).toISOString();
  await db.insert(authFlows).values({ id: hashToken(token), purpose: 'passkey_sign_in', userId: null, data: { challenge }, expiresAt });
}
