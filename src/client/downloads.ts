import type { Client } from './client.js';
import type { OutboundPolicy } from '../lib/outbound.js';

/**
 * Which download URLs gbctl fetches, when an answer hands one out (a file's `downloadURL`, a
 * PDF's): a URL of the server gbctl talks to is fetched through the connection, with its token
 * (the embedded store's `gbctl:` URLs, gbctl serve's `/_gbctl/blobs/…`, the endpoint's own
 * origin); any other host only over https and only where it resolves to public addresses (the
 * hosted platform keeps file bytes on a host of its own), with no token, and no redirect to
 * anything else. So a server cannot make gbctl read this machine's loopback services, its private
 * network or a cloud metadata address and hand the bytes on into a folder.
 */
export class DownloadRefused extends Error {
  override name = 'DownloadRefused';
}

/** Whether `u` is the server's own: fetched through the connection. */
export function isServerUrl(client: Client, u: URL): boolean {
  if (u.protocol === 'gbctl:') return true;
  try {
    return new URL(client.target).origin === u.origin;
  } catch {
    // an embedded target is no URL: its downloads are gbctl: URLs
    return false;
  }
}

const TIMEOUT_MS = 60_000;

/**
 * The bytes behind a download URL, under the rules above; DownloadRefused says why a URL is not
 * fetched, other errors why it could not be. `policy` is for tests (which addresses count as
 * public).
 */
export async function fetchDownloadUrl(
  client: Client,
  url: string,
  maxBytes: number,
  policy: OutboundPolicy = { privateAddresses: false },
): Promise<{ bytes: Uint8Array; status: number }> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DownloadRefused(`"${url}" is not a URL`);
  }
  if (isServerUrl(client, u)) {
    const got = await client.download(u.pathname + u.search);
    if (got.bytes.length > maxBytes) throw new DownloadRefused(`${u.href} is larger than ${maxBytes / 1024 / 1024} MB`);
    return { bytes: got.bytes, status: 200 };
  }
  if (u.protocol !== 'https:') throw new DownloadRefused(`${u.href} is neither on the server gbctl talks to nor an https URL`);
  const { outboundFetch, OutboundError, TooLarge } = await import('../lib/outbound.js');
  try {
    const got = await outboundFetch(u, policy, { headers: { accept: '*/*' }, timeoutMs: TIMEOUT_MS, maxBytes });
    if (got.status < 200 || got.status > 299) return { bytes: new Uint8Array(), status: got.status };
    return { bytes: got.bytes, status: got.status };
  } catch (e) {
    if (e instanceof TooLarge) throw new DownloadRefused(`${u.href} is larger than ${maxBytes / 1024 / 1024} MB`);
    if (e instanceof OutboundError && e.kind === 'refused') {
      throw new DownloadRefused(e.refusedHost ? `${u.href}: ${e.refusedHost.host} is ${e.refusedHost.rule}, which gbctl does not download from` : e.message);
    }
    throw e;
  }
}
