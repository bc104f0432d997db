import { readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * Who holds a store's lock, and whether that process is still there: what lets a lock left by a
 * process that is gone be taken over (see FileLock).
 */

/** Who holds a store's lock: written into the lock file by its holder. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The holder's process start time as the kernel counts it (Linux), to tell a reused pid. */
  start: string;
  /** When the holder first took the lock (the lock file's ctime says when it took it this time). */
  at: string;
  nonce: string;
}

/** This process's start time in clock ticks since boot (Linux); empty elsewhere. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** This host's name, as holders record it. */
export const HOST = hostname();
/** This process's start time, as its holder records it. */
export const SELF_START = startTimeOf(process.pid) ?? '';

/** Whether a process of this host with that pid is running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder on this host whose process is gone (or whose pid now belongs to another process). */
export function isStale(h: LockHolder): boolean {
  if (h.host !== HOST) return false;
  if (!isAlive(h.pid)) return true;
  const start = startTimeOf(h.pid);
  return !!h.start && start !== undefined && start !== h.start;
}

/** Removes a file that may already be gone; answers whether this call removed it. */
export function removeQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Removes the files left beside the lock by processes of this host that are gone. */
export function sweepDeadOwners(lockPath: string): void {
  const prefix = `${basename(lockPath)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(lockPath));
  } catch {
    return;
  }
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]{16}$/.exec(name.slice(prefix.length)) : null;
    if (m && !isAlive(Number(m[1]))) removeQuietly(join(dirname(lockPath), name));
  }
}

/** A holder as messages name it. */
export function describeHolder(h: LockHolder | undefined): string {
  if (!h) return 'another process';
  return `process ${h.pid} on host ${h.host}`;
}

/** The holder recorded in a lock file: 'gone' when there is no file, undefined when it cannot be read. */
export function readHolder(path: string): LockHolder | undefined | 'gone' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw e;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}
