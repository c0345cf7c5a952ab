import { BlockList, isIP } from 'node:net';
import os from 'node:os';

/**
 * Which addresses the server may call out to: iCal feeds and partners' event endpoints. Such a
 * URL is typed by someone else but called by the server, so without this check it could read the
 * cloud metadata service (169.254.169.254), the database port or any internal page. Unless
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS=true (or its older name ICAL_ALLOW_PRIVATE_NETWORKS), only
 * public unicast addresses pass, and none of the server's own: the documentation and
 * benchmarking ranges, multicast and broadcast are refused too, and so is every address of the
 * server's network interfaces (a public address of the server itself reaches its own ports).
 */

// Two lists: BlockList also matches an IPv4 address against IPv4-mapped IPv6 rules.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const) {
  refusedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // IPv4-compatible (deprecated, RFC 4291): ::a.b.c.d, and with it the unspecified :: and the
  // loopback ::1. Such an address reaches its IPv4 address past the IPv4 rules.
  ['::', 96],
  ['::ffff:0:0', 96], // IPv4-mapped: would reach an IPv4 address past the IPv4 rules
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // NAT64, local use
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: tunnels to an embedded IPv4 address
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: tunnels to an embedded IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(net, prefix, 'ipv6');
}

/**
 * The addresses of the server's network interfaces, read at each check (an interface may come
 * and go while the process runs); an IPv6 zone (`%eth0`) is left out.
 */
function ownAddresses(): BlockList {
  const own = new BlockList();
  for (const entries of Object.values(os.networkInterfaces()))
    for (const entry of entries ?? []) {
      const address = entry.address.replace(/%.*$/, '');
      if (entry.family === 'IPv4') own.addAddress(address, 'ipv4');
      else own.addAddress(address, 'ipv6');
    }
  return own;
}

/** True when the address (an IP literal) must not be fetched from. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, 'ipv4') || ownAddresses().check(address, 'ipv4');
  if (family === 6) return refusedV6.check(address, 'ipv6') || ownAddresses().check(address, 'ipv6');
  return true;
}

export type UrlRefusal = 'invalid_url' | 'unsupported_scheme' | 'private_address';

export class RefusedUrlError extends Error {
  override readonly name = 'RefusedUrlError';
  readonly reason: UrlRefusal;
  constructor(reason: UrlRefusal, message: string) {
    super(message);
    this.reason = reason;
  }
}

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

/**
 * Checks a URL before any lookup. WHATWG URL parsing already turns decimal, hex and octal IPv4
 * forms (http://2130706433/, http://0x7f.1/, http://0177.0.0.1/) into dotted form, so they meet
 * the same rules as 127.0.0.1. Names are checked again after DNS resolution by the fetcher.
 */
export function checkFeedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrlError('invalid_url', 'url must be an absolute http:// or https:// URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedUrlError('unsupported_scheme', 'url must be an absolute http:// or https:// URL.');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 ? isRefusedAddress(host) : LOCAL_NAMES.test(host)) {
    throw new RefusedUrlError(
      'private_address',
      'url points to a loopback, private, link-local or otherwise internal address; ' +
        'set OUTBOUND_ALLOW_PRIVATE_NETWORKS=true to allow it.',
    );
  }
  return url;
}

/**
 * An event endpoint's URL as shown (to its key, the host, the console and the host's mail): a
 * password in it reads `***`, the user name stays. The password is sent with each delivery
 * (src/endpoints/send-event.ts) and shown nowhere once given.
 */
export function maskUrlPassword(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password === '') return raw;
    url.password = '***';
    return url.href;
  } catch {
    return raw;
  }
}

/** A feed URL as shown back: without user name or password. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.username === '' && url.password === '') return raw;
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return raw;
  }
}
