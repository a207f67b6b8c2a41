// A push service on 127.0.0.1 for tests, and a "browser" to subscribe with: the service records each
// request and answers with the status a test sets; the browser's keys decrypt what arrived (RFC 8291)
// and the VAPID JWT is checked (RFC 8292) with node:crypto alone, independently of web-push.
// web-push speaks only https, so the service serves TLS with a certificate for 127.0.0.1 made for these
// tests (valid 2024-2124; its key protects nothing else) and `agent` trusts it.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const TEST_CERTIFICATE = `
-----BEGIN CERTIFICATE-----
MIIBfTCCASKgAwIBAgIBATAKBggqhkjOPQQDAjAkMSIwIAYDVQQDDBlLaWNrb2Zm
IHRlc3QgcHVzaCBzZXJ2aWNlMCAXDTI0MDEwMTAwMDAwMFoYDzIxMjQwMTAxMDAw
MDAwWjAkMSIwIAYDVQQDDBlLaWNrb2ZmIHRlc3QgcHVzaCBzZXJ2aWNlMFkwEwYH
KoZIzj0CAQYIKoZIzj0DAQcDQgAEyWWNi2prEbrq8B0GQ1xnD3Gii5Mo2glXONH7
Dk2HVRhWl+g67+qVGu3V+ZQyZqI3m4VF3nCBXbwXskVc0/rVRaNDMEEwDwYDVR0R
BAgwBocEfwAAATAPBgNVHRMBAf8EBTADAQH/MB0GA1UdDgQWBBQS7jqSeiWWfu/1
DoVg1qOC56gupDAKBggqhkjOPQQDAgNJADBGAiEAni1F96nt2V4kt3iyHQWXJVk4
MolMORip3w68aJARLCECIQDZy4IbzLeRyUMfDizR8sU2F0cUx1ER/C2I7w95wmOI
hg==
-----END CERTIFICATE-----
`;

const TEST_PRIVATE_KEY = `
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4q6S0Ddt1aAQyy5D
aWqDyVHM7RpA4VSLF4uDd5wCmjihRANCAATJZY2LamsRuurwHQZDXGcPcaKLkyja
CVc40fsOTYdVGFaX6Drv6pUa7dX5lDJmojebhUXecIFdvBeyRVzT+tVF
-----END PRIVATE KEY-----
`;

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** Starts the service; `respondWith` sets the status of the answers from then on (201 at first). */
export async function startTestPushService() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = createServer({ cert: TEST_CERTIFICATE, key: TEST_PRIVATE_KEY }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end(status >= 300 ? 'push service says no' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: TEST_CERTIFICATE });
  return {
    origin,
    received,
    agent,
    respondWith(next: number) {
      status = next;
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (what pushManager.subscribe makes). */
export function testBrowser() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    /** The plaintext of an aes128gcm body (RFC 8188 framing, RFC 8291 keys): one record, padding removed. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const sharedSecret = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
      const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 followed by zero or more 0x00.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * The claims of `Authorization: vapid t=<JWT>, k=<key>` once its ES256 signature verified with the
 * application server key `publicKey` (which `k` must be); throws otherwise.
 */
export function verifiedVapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('signed with another key');
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (alg !== 'ES256') throw new Error(`JWT alg ${alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}
