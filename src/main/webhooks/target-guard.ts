/**
 * The SSRF guard of webhook URLs. A URL is resolved (DNS) and every address it resolves to must be public, or, when the
 * user enabled local targets, loopback/private/link-local/CGNAT. Metadata, unspecified, multicast, broadcast and reserved
 * addresses are always refused, and so is this app's own port on any local address. The check runs at registration
 * and again before every delivery, and the delivery connects to the address that was checked (pinned), so a DNS answer
 * that changes between the check and the connection (rebinding) cannot redirect it.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { classifyAddress, LOCAL_CLASSES, type AddressClass } from './address-class.ts';

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

export interface GuardPolicy {
  allowLocal: boolean;
  /** This app's listening port(s): refused on loopback, private and this machine's own addresses even when local targets are allowed. */
  ownPorts: ReadonlySet<number>;
  lookup?: Lookup;
}

export interface PinnedTarget {
  url: URL;
  host: string;
  address: string;
  family: 4 | 6;
  port: number;
}
/** `unresolved`: the host name did not resolve (offline, or no such name); only registration may accept that. */
export type GuardResult =
  { ok: true; target: PinnedTarget } | { ok: false; reason: string; unresolved?: { host: string } };

const LABEL: Record<AddressClass, string> = {
  public: 'public',
  loopback: 'loopback',
  private: 'private-network',
  link_local: 'link-local',
  cgnat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  metadata: 'cloud metadata',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.toLowerCase())),
  );
}

/** Shape checks that need no DNS: scheme, no credentials, a host. */
export function urlProblem(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http:// and https:// URLs are allowed';
  if (url.username || url.password) return 'URLs with credentials (user:password@) are not allowed';
  if (!url.hostname) return 'the URL has no host';
  return null;
}

// RFC 6761/6762/7686/9476 special-use names and the usual private suffixes: never on the public internet.
const LOCAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'test',
];
const NEVER_SUFFIXES = ['invalid', 'onion', 'alt', 'arpa', 'example'];
const LABEL_RE = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * What kind of name an unresolvable host is: `public` (a syntactically valid name under a public top-level domain, such
 * as hooks.example.com, that may resolve once the machine is online), `local` (single-label names and local suffixes,
 * which can only ever mean this machine or its network), or `never` (names that can never resolve, and IP literals).
 */
export function hostNameKind(host: string): 'public' | 'local' | 'never' {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (isIP(name) || name.length > 253) return 'never';
  const labels = name.split('.');
  if (!labels.every((l) => LABEL_RE.test(l))) return 'never';
  const endsWith = (suffixes: string[]) => suffixes.some((s) => name === s || name.endsWith(`.${s}`));
  if (endsWith(LOCAL_SUFFIXES)) return 'local'; // before NEVER: home.arpa is local, the rest of .arpa never resolves to a host
  if (endsWith(NEVER_SUFFIXES)) return 'never';
  if (labels.length < 2) return 'local';
  const tld = labels.at(-1)!;
  return /^[a-z]{2,63}$/.test(tld) || /^xn--[a-z0-9-]+$/.test(tld) ? 'public' : 'never';
}

export async function guardTarget(raw: string, policy: GuardPolicy): Promise<GuardResult> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  const problem = urlProblem(url);
  if (problem) return { ok: false, reason: problem };
  // WHATWG URL parsing has already normalised odd IPv4 spellings (http://2130706433/, http://0x7f.1/) to dotted form.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(host);
    } catch (err) {
      return {
        ok: false,
        reason: `cannot resolve ${host} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        unresolved: { host },
      };
    }
  }
  if (!addresses.length) return { ok: false, reason: `${host} resolves to no address`, unresolved: { host } };
  const mine = policy.ownPorts.has(port) ? ownAddresses() : new Set<string>();
  for (const { address } of addresses) {
    const cls = classifyAddress(address);
    const shown = host === address ? address : `${host} resolves to ${address}, which`;
    if (cls === null) return { ok: false, reason: `${shown} is not an IP address` };
    if (cls !== 'public' && !(policy.allowLocal && LOCAL_CLASSES.has(cls))) {
      const hint = LOCAL_CLASSES.has(cls)
        ? '; enable local webhook targets (PUT /v1/webhooks/settings) to allow it'
        : '';
      return { ok: false, reason: `${shown} is a ${LABEL[cls]} address${hint}` };
    }
    if (policy.ownPorts.has(port) && (cls !== 'public' || mine.has(address.toLowerCase()))) {
      return { ok: false, reason: `port ${port} on ${address} is this app's own API; it is never a webhook target` };
    }
  }
  const first = addresses[0]!;
  return { ok: true, target: { url, host, address: first.address, family: first.family === 6 ? 6 : 4, port } };
}
