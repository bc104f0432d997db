import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Client } from '../../src/client/client.js';
import { CliError, exitForStatus, usageError } from '../../src/cli/exit-codes.js';
import { writeFileAtomicSync } from '../../src/lib/safe-path.js';
import { DownloadRefused, fetchDownloadUrl } from '../../src/client/downloads.js';
import type { Io } from '../../src/cli/context.js';

/** gbctl's own download route, served by the embedded store and by `gbctl serve` alike. */
const BLOBS = '/_gbctl/blobs/';
/** What one download may hold: it is kept in memory before it is written whole. */
const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;

/** Refuses, before any byte is fetched, to write over a file the user did not say may go. */
export function checkOutput(out: string, force: boolean): void {
  if (out === '-') return;
  if (existsSync(out) && statSync(out).isDirectory()) throw usageError(`--output: ${out} is a folder`, 'give a file name');
  if (existsSync(out) && !force) throw usageError(`--output: ${out} exists`, 'pass --force to replace it');
}

/**
 * The bytes behind a download URL: through the connection when it is the server gbctl talks to
 * (the embedded store's gbctl://local origin, or the endpoint's), else over public https only.
 */
export async function fetchDownload(url: string, client: Client, what: string, maxBytes = MAX_DOWNLOAD_BYTES): Promise<Uint8Array> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new CliError(`the ${what}'s download URL is not a URL: ${url}`);
  }
  let sameServer = u.protocol === 'gbctl:';
  try {
    sameServer ||= new URL(client.target).origin === u.origin;
  } catch {
    // the target is not a URL (embedded): decided above
  }
  if (sameServer) {
    if (!u.pathname.startsWith(BLOBS)) throw new CliError(`this ${what} has no stored bytes to download (${url} is a page of the app, not a file)`);
    return (await client.download(u.pathname + u.search)).bytes;
  }
  // Another host: only as downloads.ts allows (public https, no token, no redirect elsewhere).
  let got;
  try {
    got = await fetchDownloadUrl(client, url, maxBytes);
  } catch (e) {
    if (e instanceof DownloadRefused) throw new CliError(`cannot download the ${what}: ${e.message}`);
    throw e;
  }
  if (got.status < 200 || got.status > 299)
    throw new CliError(`cannot download the ${what}: ${url} answered HTTP ${got.status}`, exitForStatus(got.status), undefined, { status: got.status });
  return got.bytes;
}

/** Writes the bytes to `out` ("-" for stdout), whole: a temporary name, then a rename. */
export function saveBytes(io: Io, out: string, bytes: Uint8Array): { file: string; bytes: number } | undefined {
  if (out === '-') {
    io.stdout.write(bytes);
    return undefined;
  }
  try {
    writeFileAtomicSync(out, bytes);
  } catch (e) {
    throw new CliError(`cannot write ${out} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return { file: resolve(out), bytes: bytes.length };
}
