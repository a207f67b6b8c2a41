// SSRF guard for webhook endpoints (issue 21): in production a delivery may only reach public addresses.
// Checked when an endpoint is saved (a clear 400) and again on every connection (DNS rebinding): the
// delivery resolves the host through `guardedLookup`, which refuses a private answer, and connects to the
// very address it checked.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isHttpUrl } from '../../shared/webhooks.ts';

const blocked = new BlockList();
// IPv4: "this" network, private (RFC 1918), CGNAT, loopback, link-local (cloud metadata), IETF protocol
// assignments, documentation, benchmarking, multicast and reserved, broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, unique local (fc00::/7), link-local, site-local (deprecated), multicast, documentation.
blocked.addAddress('::', 'ipv6');
blocked.addAddress('::1', 'ipv6');
for (const [network, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d), in any notation; else undefined. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const head = groups.slice(0, 6);
  const mapped = head.slice(0, 5).every((group) => group === 0) && (head[5] === 0xffff || head[5] === 0);
  const nat64 = head[0] === 0x64 && head[1] === 0xff9b && head.slice(2).every((group) => group === 0);
  if (!mapped && !nat64) return undefined;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined when it is not one. */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const left = part(halves[0]);
  const right = part(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...right];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

/** Whether a delivery may connect to this IP address: not private, loopback, link-local, unspecified or otherwise special. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined) return !blocked.check(v4, 'ipv4');
  return !blocked.check(bare.split('%')[0] ?? bare, 'ipv6');
}

export const PRIVATE_ADDRESS_MESSAGE = 'This URL points to a private, loopback or link-local address, which webhooks may not reach.';
export const UNRESOLVED_HOST_MESSAGE = 'The host of this URL could not be found.';

export class RefusedAddressError extends Error {}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true } satisfies LookupAllOptions, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * Refuses a URL a delivery may not go to: not http(s), or (unless `allowPrivate`) a host that is or
 * resolves to a non-public address. Throws RefusedAddressError with a message for the person.
 */
export async function assertDeliverableUrl(text: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<void> {
  if (!isHttpUrl(text)) throw new RefusedAddressError('Only http:// and https:// URLs can receive webhooks.');
  if (allowPrivate) return;
  const host = new URL(text).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new RefusedAddressError(UNRESOLVED_HOST_MESSAGE);
  }
  if (addresses.length === 0) throw new RefusedAddressError(UNRESOLVED_HOST_MESSAGE);
  if (addresses.some((answer) => !isPublicAddress(answer.address))) throw new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE);
}

/**
 * The `lookup` of a delivery's connection: resolves the host and refuses the connection when any answer
 * is not public, so the address checked is the address connected to (no second lookup to rebind).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((answer) => !isPublicAddress(answer.address));
    if (refused || addresses.length === 0) return callback(new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE), '', 4);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [answer] = addresses;
    return callback(null, answer!.address, answer!.family);
  });
};
