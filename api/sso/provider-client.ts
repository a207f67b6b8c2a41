// The server's side of talking to a company's identity provider (issue 24): openid-client's Configuration
// from discovery at the issuer URL, over a fetch that keeps the webhooks' SSRF rule. An admin types the
// issuer, so in production every request (discovery, token, keys, userinfo) may reach public addresses only,
// checked on the connection itself (api/webhooks/address-guard.ts); http:// issuers only where private
// targets are allowed (WEBHOOKS_ALLOW_PRIVATE, on outside production), and only then allowInsecureRequests.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { guardedLookup, isPublicAddress, PRIVATE_ADDRESS_MESSAGE, RefusedAddressError } from '../webhooks/address-guard.ts';

export const PROVIDER_TIMEOUT_MS = 10_000;
/** Discovery documents, key sets and token answers are small; a provider answering more is refused. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

/** Whether this server may talk to identity providers on private addresses and over plain http://. */
export const allowsPrivateProviders = (config: Pick<Config, 'webhooks'>): boolean => config.webhooks.allowPrivate;

/** Why an issuer URL cannot be used here, or null when it can. */
export function issuerRefusal(issuer: string, allowPrivate: boolean): string | null {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowPrivate) return null;
  return 'The issuer must be an https:// URL.';
}

/** fetch for openid-client over node:http(s), so a lookup hook can refuse private addresses per connection. */
function guardedFetch(allowPrivate: boolean): client.CustomFetch {
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (!allowPrivate && isIP(host) && !isPublicAddress(host)) return reject(new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE));
      const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' && allowPrivate ? httpRequest : undefined;
      if (!send) return reject(new RefusedAddressError('Identity providers are reached over https:// only.'));
      const body = options.body === undefined || options.body === null ? undefined : typeof options.body === 'string' ? options.body : String(options.body);
      const headers: Record<string, string> = { ...options.headers };
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const outgoing = send(
        target,
        {
          method: options.method,
          headers,
          agent: false,
          lookup: allowPrivate ? undefined : guardedLookup,
          signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)]) : AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              response.destroy();
              reject(new Error('The identity provider’s answer is too large.'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, one);
            }
            const status = response.statusCode ?? 502;
            const noBody = status === 204 || status === 304 || options.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}

/**
 * The provider's Configuration, discovered from `${issuer}/.well-known/openid-configuration`; openid-client
 * refuses a document whose `issuer` is not the configured one. The client authenticates with its secret
 * (client_secret_basic, which every provider supports).
 */
export async function discoverProvider(settings: ProviderSettings, allowPrivate: boolean): Promise<client.Configuration> {
  const refusal = issuerRefusal(settings.issuer, allowPrivate);
  if (refusal) throw new RefusedAddressError(refusal);
  const customFetch = guardedFetch(allowPrivate);
  const configuration = await client.discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
    [client.customFetch]: customFetch,
    execute: allowPrivate && new URL(settings.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_MS / 1000,
  });
  configuration[client.customFetch] = customFetch;
  return configuration;
}
