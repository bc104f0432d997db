import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isAlive, removeQuietly } from './lock-holder.js';

/**
 * The temp files writeFileDurably makes beside a store's snapshot and journal are named
 * `.<file>.<pid>.<8 hex>.tmp`; a process killed while writing one (mid-compaction) leaves it,
 * snapshot-sized, with nothing to remove it but the next process that opens the store.
 */
const TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes the temp files of the store at `path` (snapshot and journal) whose writer is gone;
 * answers how many and how many bytes. A writer still running keeps its own.
 */
export function sweepLeftoverTemps(path: string): { files: number; bytes: number } {
  const dir = dirname(path);
  const mine = new Set([basename(path), `${basename(path)}.journal`, `${basename(path)}.index`]);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { files: 0, bytes: 0 };
  }
  let files = 0;
  let bytes = 0;
  for (const name of names) {
    const m = TEMP.exec(name);
    if (!m || !mine.has(m[1] as string) || isAlive(Number(m[2]))) continue;
    const file = join(dir, name);
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {
      continue;
    }
    if (removeQuietly(file)) {
      files++;
      bytes += size;
    }
  }
  return { files, bytes };
}

/** How a sweep is reported: a line naming the store and the space freed. */
export function describeSweep(path: string, swept: { files: number; bytes: number }): string {
  const mib = swept.bytes / (1024 * 1024);
  const size = mib >= 0.1 ? `${mib.toFixed(1)} MiB` : `${swept.bytes} bytes`;
  return `gbctl: removed ${swept.files} temp file${swept.files === 1 ? '' : 's'} left beside ${path} by an interrupted write or compaction (${size} freed)`;
}
