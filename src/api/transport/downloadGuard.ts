// Where a download may go. A link or redirect is data from the network: it may not step down from
// https to http, nor reach this computer, its local network or a cloud's metadata address, unless the
// service itself lives on such an address (then its links pointing there are expected).
import { lookup as systemLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../errors';

export type AddressRange = 'public' | 'loopback' | 'link-local' | 'private' | 'reserved';

export type DownloadRefusal = 'downgrade' | 'address' | 'unresolved';

/** A hop the download would not take; `host` and `range` let the caller word why. */
export class DownloadRefusedError extends ApiError {
  constructor(
    readonly refusal: DownloadRefusal,
    readonly host: string,
    message: string,
    readonly range?: AddressRange,
  ) {
    super('bad-request', message, { problem: refusal });
  }
}

const RANGES: readonly (readonly [AddressRange, BlockList])[] = [
  ['loopback', blockList(['127.0.0.0/8'], ['::1/128'])],
  ['link-local', blockList(['169.254.0.0/16'], ['fe80::/10'])],
  ['private', blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'], ['fc00::/7'])],
  // "This network", multicast and the rest of class E: never a download server.
  ['reserved', blockList(['0.0.0.0/8', '224.0.0.0/4', '240.0.0.0/4'], ['::/128', 'ff00::/8'])],
];

/** The kind of network an IP address is on; IPv4-mapped IPv6 addresses count as their IPv4 address. */
export function addressRange(address: string): AddressRange {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  for (const [range, list] of RANGES) if (list.check(bare, family === 6 ? 'ipv6' : 'ipv4')) return range;
  return 'public';
}

/** Public addresses always; the others only when the service's own address is of the same kind. */
export function addressAllowed(range: AddressRange, serviceRanges: ReadonlySet<AddressRange>): boolean {
  return range === 'public' || (range !== 'reserved' && serviceRanges.has(range));
}

/** A host's addresses: an IP literal as it is, a name as the system resolves it; [] when it does not resolve. */
export async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    // Unresolvable here: the connection (or a proxy, which resolves names itself) reports it.
    return [];
  }
}

/** The kinds of network the service is on; resolved once per download, when a hop leaves its origin. */
export async function serviceRangesOf(baseUrl: string): Promise<Set<AddressRange>> {
  return new Set((await addressesOf(new URL(baseUrl).hostname)).map(addressRange));
}

/** Throws DownloadRefusedError when `next` steps down from https, or (given the service's ranges) resolves to an address not allowed. */
export async function checkHop(
  previous: URL | undefined,
  next: URL,
  serviceRanges?: () => Promise<ReadonlySet<AddressRange>>,
  /** A name that does not resolve here: refused, or left to the connection (or a proxy, which resolves names itself). */
  refuseUnresolved = false,
): Promise<void> {
  if (previous?.protocol === 'https:' && next.protocol === 'http:') {
    throw new DownloadRefusedError(
      'downgrade',
      next.host,
      `The download from ${previous.host} was redirected from https:// to http://${next.host}, which would be unencrypted; refused.`,
    );
  }
  if (!serviceRanges) return;
  const addresses = await addressesOf(next.hostname);
  if (addresses.length === 0 && refuseUnresolved) {
    throw new DownloadRefusedError(
      'unresolved',
      next.host,
      `The download address ${next.host} does not resolve on this computer, so where it leads cannot be checked; over plain http:// it is refused.`,
    );
  }
  if (addresses.length === 0) return;
  const refused = refusal(next.host, addresses, await serviceRanges());
  if (refused) throw refused;
}

/** The refusal of the first of `host`'s addresses the service's ranges do not allow; undefined when all are allowed. */
function refusal(host: string, addresses: readonly string[], allowed: ReadonlySet<AddressRange>): DownloadRefusedError | undefined {
  const address = addresses.find((a) => !addressAllowed(addressRange(a), allowed));
  if (address === undefined) return undefined;
  const range = addressRange(address);
  return new DownloadRefusedError(
    'address',
    host,
    `The download address ${host} is at ${address}, a ${range} address, and the service is not; refused.`,
    range,
  );
}

/**
 * The client's own `lookup` when it connects directly: a host other than the service's is held to the
 * same rule as a download hop with the addresses it resolves to now, so a name that resolved to a
 * public address when the hop was checked cannot lead to this computer or its network when connecting.
 * `resolve` is the system's resolver; a test hands in one that answers as such a name would.
 */
export function guardedLookup(baseUrl: string, resolve: typeof systemLookup = systemLookup): LookupFunction {
  const serviceHost = new URL(baseUrl).hostname;
  return (hostname, options, callback) => {
    // With `all`, the answer is a list of one or more addresses, or an error.
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const answer = () => (options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family));
      if (hostname === serviceHost) return answer();
      // serviceRangesOf never rejects: a service name that does not resolve has no ranges.
      void serviceRangesOf(baseUrl).then((allowed) => {
        const refused = refusal(
          hostname,
          addresses.map((a) => a.address),
          allowed,
        );
        if (refused) callback(refused, '');
        else answer();
      });
    });
  };
}

function blockList(v4: readonly string[], v6: readonly string[]): BlockList {
  const list = new BlockList();
  for (const [family, subnets] of [
    ['ipv4', v4],
    ['ipv6', v6],
  ] as const) {
    for (const subnet of subnets) {
      const [network, prefix] = subnet.split('/');
      list.addSubnet(network, Number(prefix), family);
    }
  }
  return list;
}
