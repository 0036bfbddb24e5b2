// The SSRF guard of webhook endpoints (issue #31 item 3, architecture §23): deployed, an endpoint's
// host must resolve only to public unicast addresses — never private, loopback, link-local (the
// instance metadata address 169.254.169.254 among them), CGNAT, documentation, multicast or
// reserved ranges, in IPv4 or IPv6, nor an IPv4 address wrapped in IPv6 (mapped, compatible, NAT64,
// 6to4, Teredo) — checked when the endpoint is saved and again at every delivery, where the
// connection goes to the very address that was checked (no second resolution a DNS rebinding could
// answer differently). The local cloud allows loopback (and http) by configuration only.
import { isIP } from 'node:net';

/** What a check may allow besides public addresses. */
export interface AddressPolicy {
  /** Loopback (127.0.0.0/8, ::1): the local cloud's receivers. Never set deployed. */
  readonly allowLoopback: boolean;
}

export const DEPLOYED_POLICY: AddressPolicy = { allowLoopback: false };

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'sharedAddressSpace'
  | 'uniqueLocal'
  | 'multicast'
  | 'reserved'
  | 'unspecified'
  | 'documentation'
  | 'embeddedIpv4'
  | 'invalid';

function ipv4Octets(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const out = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return out.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? out : null;
}

function classifyIpv4(o: readonly number[]): AddressClass {
  const [a, b, c] = o as [number, number, number, number];
  if (a === 0) return 'unspecified'; // 0.0.0.0/8 ("this network")
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'linkLocal'; // incl. 169.254.169.254, the metadata service
  if (a === 100 && b >= 64 && b <= 127) return 'sharedAddressSpace'; // CGNAT 100.64.0.0/10
  if (a === 192 && b === 0 && c === 0) return 'reserved'; // IETF protocol assignments
  if (
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  )
    return 'documentation';
  if (a === 198 && (b === 18 || b === 19)) return 'reserved'; // benchmarking
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved'; // incl. 255.255.255.255
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0]!;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // `::ffff:10.0.0.1` → `::ffff:a00:1`
    const v4 = ipv4Octets(last);
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some((g) => Number.isNaN(g))) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...rest];
}

function classifyIpv6(g: readonly number[]): AddressClass {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): refused whatever the IPv4 address (a resolver
  // never needs them for a public host, and some stacks connect to the IPv4 address they wrap).
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return 'embeddedIpv4';
  const first = g[0]!;
  if (first === 0x64 && g[1] === 0xff9b) return 'embeddedIpv4'; // NAT64 64:ff9b::/96 and /48
  if (first === 0x2002) return 'embeddedIpv4'; // 6to4
  if (first === 0x2001 && g[1] === 0) return 'embeddedIpv4'; // Teredo 2001::/32
  if (first === 0x2001 && g[1] === 0xdb8) return 'documentation';
  if (first === 0x3fff && g[1]! <= 0x0fff) return 'documentation'; // 3fff::/20
  if (first === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // discard 100::/64
  if ((first & 0xfe00) === 0xfc00) return 'uniqueLocal'; // fc00::/7
  if ((first & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // site-local fec0::/10 (deprecated)
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if ((first & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3
  return 'public';
}

/** The class of an IP address (IPv4 or IPv6, any spelling node's resolver returns). */
export function classifyAddress(ip: string): AddressClass {
  const family = isIP(ip.split('%')[0]!);
  if (family === 4) {
    const o = ipv4Octets(ip);
    return o ? classifyIpv4(o) : 'invalid';
  }
  if (family === 6) {
    const g = ipv6Groups(ip);
    return g ? classifyIpv6(g) : 'invalid';
  }
  return 'invalid';
}

/** Whether a delivery may connect to this address under the policy. */
export function addressAllowed(ip: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(ip);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}
