import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Fetches a server makes on a caller's behalf (content imports, OpenAPI sources). A caller who can
 * name a URL must not make the server read what only the server can reach: this machine's
 * loopback services, the private network behind it, link-local metadata services. So, unless
 * allowed, every address a host resolves to is checked at the moment of connecting (no second,
 * different answer from DNS), each redirect is followed by hand and checked again, and failures
 * say only that the URL could not be read, never how (refused, reset, filtered): that would map
 * which ports are open.
 */

/** Whether addresses other than public unicast ones may be fetched. */
/** Why a `file://` source is refused on a server reachable from other machines (serve --host without --allow-file-urls). */
export const fileUrlsOff = (field: string) =>
  `${field}: file:// URLs are off on a server reachable from other machines; start gbctl serve with --allow-file-urls to read files of the server`;

export interface OutboundPolicy {
  privateAddresses: boolean;
  /** Which addresses are refused and by what rule; refusedRange unless given (tests). */
  classify?: (address: string) => string | undefined;
}

/** Why an address is refused, in words for the error message. */
const RULES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  carrierGradeNat: 'a private address',
  linkLocal: 'a link-local address',
  unspecified: 'an unspecified address',
};

/** The rule that refuses `address` (IPv4 or IPv6, mapped forms unwrapped), or undefined for a public unicast address. */
export function refusedRange(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'an address that cannot be read';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return undefined;
  return RULES[range] ?? 'a reserved or special-purpose address';
}

/** A fetch that failed: `refused` by the policy (the message names the rule), or `failed` with no detail. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly kind: 'refused' | 'failed' | 'timeout',
    message: string,
    /** For a refusal by address: the host and the rule that refused it, for callers that word it their own way. */
    readonly refusedHost?: { host: string; rule: string },
  ) {
    super(message);
  }
}

const refusal = (href: string, host: string, rule: string) =>
  new OutboundError('refused', `${href}: ${host} is ${rule}, which this server does not fetch from (gbctl serve --allow-private-urls allows it)`, {
    host,
    rule,
  });

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for the connection itself that refuses any non-public answer. */
function guardedLookup(href: () => string, classify: (address: string) => string | undefined) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const rule = classify(a.address);
        if (rule) return callback(Object.assign(refusal(href(), hostname, rule), { code: 'GBCTL_REFUSED' }), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The policy's refusal of an http(s) URL's host, found by resolving it now, for a 400 at request
 * time where the fetch itself comes later (OpenAPI processing); undefined when allowed or when
 * the host does not resolve (the fetch then fails as any other). The check at connect time,
 * in outboundFetch, still decides.
 */
export async function refusalOf(url: URL, policy: OutboundPolicy): Promise<OutboundError | undefined> {
  if (policy.privateAddresses || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  const classify = policy.classify ?? refusedRange;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    const { lookup } = await import('node:dns/promises');
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return undefined;
    }
  }
  for (const a of addresses) {
    const rule = classify(a);
    if (rule) return refusal(url.href, host, rule);
  }
  return undefined;
}

const MAX_REDIRECTS = 5;

/** What a fetch answered, read whole: status, headers, body, and the URL it came from after redirects. */
export interface Fetched {
  status: number;
  headers: Headers | import('undici').Headers;
  bytes: Uint8Array;
  url: string;
}

/** The body is larger than the caller allows: said before it is read, when declared. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

function refusedCause(e: unknown): OutboundError | undefined {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    if (c instanceof OutboundError) return c;
  }
  return undefined;
}

/**
 * GETs an http(s) URL under the policy, following up to five redirects, each checked, and reads
 * the body (TooLarge past `maxBytes`). Throws OutboundError: `refused` (naming the rule),
 * `timeout`, or `failed` (no detail, on purpose).
 */
export async function outboundFetch(
  start: URL,
  policy: OutboundPolicy,
  init: { headers?: Record<string, string>; timeoutMs: number; maxBytes: number },
): Promise<Fetched> {
  const { fetch, Agent } = await import('undici');
  let current = start;
  const classify = policy.classify ?? refusedRange;
  const agent = policy.privateAddresses ? undefined : new Agent({ connect: { lookup: guardedLookup(() => current.href, classify) } });
  const signal = AbortSignal.timeout(init.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:')
        throw new OutboundError('refused', `${start.href} redirects to a ${current.protocol} URL; only http and https are followed`);
      const host = current.hostname.replace(/^\[|\]$/g, '');
      if (!policy.privateAddresses && isIP(host)) {
        const rule = classify(host);
        if (rule) throw refusal(current.href, host, rule);
      }
      let res: import('undici').Response;
      try {
        res = await fetch(current, { redirect: 'manual', signal, headers: init.headers, ...(agent ? { dispatcher: agent } : {}) });
      } catch (e) {
        const refused = refusedCause(e);
        if (refused) throw refused;
        const name = (e as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new OutboundError('timeout', `${start.href} did not answer within ${init.timeoutMs} ms`);
        throw new OutboundError('failed', `cannot reach ${start.href}`);
      }
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (!location)
        return { status: res.status, headers: res.headers, bytes: await readBody(res, init.maxBytes, start.href, init.timeoutMs), url: current.href };
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new OutboundError('failed', `${start.href} redirects more than ${MAX_REDIRECTS} times`);
      try {
        current = new URL(location, current);
      } catch {
        throw new OutboundError('failed', `${start.href} redirects to a URL that cannot be read`);
      }
    }
  } finally {
    void agent?.close();
  }
}

async function readBody(res: import('undici').Response, maxBytes: number, href: string, timeoutMs: number): Promise<Uint8Array> {
  if (!res.ok) {
    await res.body?.cancel();
    return new Uint8Array();
  }
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw new TooLarge(`${href} is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      const c = chunk as Uint8Array;
      size += c.length;
      if (size > maxBytes) throw new TooLarge(`${href} is larger than ${maxBytes} bytes`);
      chunks.push(c);
    }
  } catch (e) {
    if (e instanceof TooLarge) throw e;
    const name = (e as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new OutboundError('timeout', `${href} did not answer within ${timeoutMs} ms`);
    throw new OutboundError('failed', `cannot read ${href}`);
  }
  return Buffer.concat(chunks);
}
