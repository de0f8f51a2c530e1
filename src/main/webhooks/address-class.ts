/**
 * What kind of address an IP is, for the webhook SSRF guard. Pure: no DNS, no sockets. IPv4-mapped and
 * IPv4-compatible IPv6 addresses (::ffff:127.0.0.1, ::127.0.0.1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are judged
 * by the IPv4 address they carry, as is SIIT (::ffff:0:0/96); local-use NAT64 (64:ff9b:1::/48) and Teredo (2001::/32)
 * are refused outright; so an IPv6 spelling cannot smuggle a loopback or private target past the guard.
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat' // allowed only when local targets are enabled
  | 'unspecified'
  | 'metadata'
  | 'multicast'
  | 'broadcast'
  | 'reserved'; // never allowed

/** Classes a user may opt into with "allow local targets"; everything else but `public` is always refused. */
export const LOCAL_CLASSES: ReadonlySet<AddressClass> = new Set(['loopback', 'private', 'link_local', 'cgnat']);

/** Cloud instance-metadata services (AWS, GCP, Azure, OpenStack: 169.254.169.254; AWS IPv6; Alibaba). */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);

function v4Bytes(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** 16 bytes of an IPv6 address (with an optional dotted IPv4 tail and no zone), or null. */
export function v6Bytes(ip: string): number[] | null {
  let s = ip.toLowerCase();
  if (s.includes('%')) s = s.slice(0, s.indexOf('%'));
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = v4Bytes(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : fill < 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function classifyV4(bytes: number[]): AddressClass {
  const [a = 0, b = 0, c = 0, d = 0] = bytes;
  const ip = `${a}.${b}.${c}.${d}`;
  if (METADATA_V4.has(ip)) return 'metadata';
  if (a === 0) return 'unspecified'; // 0.0.0.0/8 "this network"; 0.0.0.0 reaches the local host on Linux
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link_local';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
  if (a >= 224 && a <= 239) return 'multicast';
  if (ip === '255.255.255.255') return 'broadcast';
  if (a >= 240) return 'reserved';
  // IETF protocol assignments, documentation ranges, benchmarking (RFC 5735/6890)
  if (
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    (a === 192 && b === 88 && c === 99)
  )
    return 'reserved';
  return 'public';
}

const METADATA_V6_BYTES = v6Bytes('fd00:ec2::254')!;

function classifyV6(bytes: number[]): AddressClass {
  const zeroPrefix = (n: number) => bytes.slice(0, n).every((x) => x === 0);
  const embedded = (from: number) => classifyV4(bytes.slice(from, from + 4));
  if (bytes.every((x) => x === 0)) return 'unspecified';
  if (zeroPrefix(15) && bytes[15] === 1) return 'loopback';
  if (zeroPrefix(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(12); // ::ffff:a.b.c.d
  if (zeroPrefix(12)) return embedded(12); // deprecated IPv4-compatible ::a.b.c.d
  if (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    bytes.slice(4, 12).every((x) => x === 0)
  )
    return embedded(12); // NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(2); // 6to4
  // SIIT (RFC 6052/7915) ::ffff:0:a.b.c.d carries an IPv4 address too.
  if (zeroPrefix(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    return embedded(12);
  // RFC 8215 local-use NAT64 64:ff9b:1::/48: a site's own translator, prefix length and so the IPv4 position chosen
  // by the site; and Teredo 2001::/32, whose client address is obfuscated: neither can be judged, so never allowed.
  if (
    bytes[0] === 0x00 &&
    bytes[1] === 0x64 &&
    bytes[2] === 0xff &&
    bytes[3] === 0x9b &&
    bytes[4] === 0x00 &&
    bytes[5] === 0x01
  )
    return 'reserved';
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x00 && bytes[3] === 0x00) return 'reserved';
  if (bytes.every((x, i) => x === METADATA_V6_BYTES[i])) return 'metadata';
  if (bytes[0] === 0xff) return 'multicast';
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'link_local'; // fe80::/10
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10 (deprecated site-local)
  if ((bytes[0]! & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return 'reserved'; // documentation
  if (bytes[0] === 0x01 && bytes.slice(1, 8).every((x) => x === 0)) return 'reserved'; // discard-only 100::/64
  return 'public';
}

/** The class of an IP literal (IPv4, or IPv6 with or without brackets); null when it is not an IP address. */
export function classifyAddress(ip: string): AddressClass | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = isIP(bare.includes('%') ? bare.slice(0, bare.indexOf('%')) : bare);
  if (family === 4) return classifyV4(v4Bytes(bare)!);
  if (family === 6) {
    const bytes = v6Bytes(bare);
    return bytes ? classifyV6(bytes) : null;
  }
  return null;
}
