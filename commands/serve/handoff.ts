import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { usageError } from '../../src/cli/exit-codes.js';
import { writeFileAtomicSync } from '../../src/lib/safe-path.js';

/** What a CI job needs to talk to the server: where, in which organization, as whom. */
export interface Handoff {
  url: string;
  organization: string;
  /** The operator token minted at start-up; absent when no file asks for it. */
  token?: string;
}

/** A ready file whose name ends in .json gets the JSON form; any other, the URL alone. */
export const jsonReadyFile = (path: string) => /\.json$/i.test(path);

/** Whether the files asked for carry a token, so that one must be minted. */
export const needsToken = (o: { writeEnv?: string | undefined; readyFile?: string | undefined }) =>
  !!o.writeEnv || (!!o.readyFile && jsonReadyFile(o.readyFile));

/** Checked before the store is opened: a file that cannot be written is a usage error with nothing started. */
export function checkHandoffPaths(o: { writeEnv?: string | undefined; readyFile?: string | undefined; pidFile?: string | undefined }): void {
  for (const [flag, p] of [
    ['--write-env', o.writeEnv],
    ['--ready-file', o.readyFile],
    ['--pid-file', o.pidFile],
  ] as const) {
    if (p === undefined) continue;
    const dir = dirname(resolve(p));
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw usageError(`${flag}: the folder ${dir} does not exist`);
    if (existsSync(p) && statSync(p).isDirectory()) throw usageError(`${flag}: ${p} is a folder`);
  }
}

/**
 * Written whole under a temporary name and renamed, so a job polling for the file never reads
 * half of it; mode 0600 when it holds a token.
 */
function writeAtomically(path: string, text: string, secret: boolean): void {
  // A random temporary name opened O_EXCL|O_NOFOLLOW: a link planted beside the file is never written through.
  writeFileAtomicSync(path, text, secret ? 0o600 : 0o644);
}

/** `KEY=value` lines for `set -a; . FILE`, `docker --env-file` or `>> $GITHUB_ENV` (values never need quoting). */
export function writeEnvText(h: Handoff & { token: string }): string {
  return `GITBOOK_ENDPOINT=${h.url}\nGITBOOK_TOKEN=${h.token}\nGITBOOK_ORGANIZATION=${h.organization}\n`;
}

export function writeHandoff(o: { writeEnv?: string | undefined; readyFile?: string | undefined; pidFile?: string | undefined }, h: Handoff): void {
  if (o.pidFile) writeAtomically(o.pidFile, `${process.pid}\n`, false);
  if (o.writeEnv) writeAtomically(o.writeEnv, writeEnvText({ ...h, token: h.token as string }), true);
  if (o.readyFile) {
    if (jsonReadyFile(o.readyFile)) writeAtomically(o.readyFile, `${JSON.stringify({ url: h.url, organization: h.organization, token: h.token })}\n`, true);
    else writeAtomically(o.readyFile, `${h.url}\n`, false);
  }
}

/** A pid file names a running server: it goes when the server stops. */
export function removePidFile(o: { pidFile?: string | undefined }): void {
  if (o.pidFile) rmSync(o.pidFile, { force: true });
}
