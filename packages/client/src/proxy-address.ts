/**
 * Whose request it is, for the booking proxy's limits: the browser's address, from the connection
 * unless the partner says how many proxies of its own stand in front, and counted so that one
 * visitor cannot pass for many.
 */

/** What the mounting server knows of the connection a request came on. */
export interface ConnectionInfo {
  /** The connection's remote address (Node: `req.socket.remoteAddress`; Hono: `getConnInfo(c).remote.address`). */
  address?: string | undefined;
}

/**
 * The browser's address. With `trustedProxies` 0 it is the connection's: a browser can put
 * anything in X-Forwarded-For. With n proxies of the partner's own in front (load balancers, a
 * CDN), each appending the address it was reached from, it is the n-th X-Forwarded-For entry from
 * the end; entries before it are the browser's own words. A shorter list ends at its first entry.
 */
export function browserAddress(
  request: Request,
  connection: ConnectionInfo,
  trustedProxies: number,
): string | undefined {
  if (trustedProxies === 0) return connection.address;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Nearest first: the connection, then each hop's entry from the last to the first.
  const chain = [connection.address, ...forwarded.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)];
}

/** The eight 16-bit groups of an IPv6 address, or null when `text` is not one. */
function ipv6Groups(text: string): number[] | null {
  let s = text;
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(2).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    s = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] === '' ? [] : (halves[0] ?? '').split(':');
  const tail = halves.length === 2 && halves[1] !== '' ? (halves[1] ?? '').split(':') : [];
  const gap = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : gap < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? gap : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The key a visitor is counted under. An IPv4 address is itself (a port some load balancers add
 * is dropped); an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address; an IPv6
 * address counts for its /64 network, which one subscriber usually holds whole, so that changing
 * the last 64 bits buys nothing. Anything else (an id from a `clientAddress` callback) is itself.
 */
export function visitorKey(address: string): string {
  const text = address.trim().toLowerCase();
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(text)?.[1];
  if (v4 !== undefined && v4.split('.').every((n) => Number(n) <= 255)) return v4;
  const bare = text.replace(/^\[([^\]]+)\](?::\d+)?$/, '$1').replace(/%.*$/, '');
  const groups = ipv6Groups(bare);
  if (groups === null) return text;
  const [high = 0, low = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
