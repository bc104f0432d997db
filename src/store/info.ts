import { readFileSync, statSync } from 'node:fs';
import { stampOf } from './files.js';
import type { LockHolder } from './lock-holder.js';
import type { State } from './state.js';

/** What `gbctl store info` reports. */
export interface StoreInfo {
  path: string;
  exists: boolean;
  formatVersion: number;
  generation?: string;
  /** Sequence number of the last write applied. */
  seq: number;
  objects: number;
  tables: Record<string, number>;
  snapshotBytes: number;
  journal: { path: string; bytes: number; records: number };
  /** Changed outside gbctl since gbctl last wrote it (shown by read-only opens). */
  edited: boolean;
  lock?: { path: string; since: string; holder?: LockHolder };
  notes: string[];
}

export interface StoreFacts {
  path: string;
  journalFile: string;
  lockFile: string;
  exists: boolean;
  version: number;
  generation: string | undefined;
  seq: number;
  edited: boolean;
  journalLines: number;
  state: State;
  notes: string[];
}

function holderOf(lockFile: string): StoreInfo['lock'] {
  try {
    const text = readFileSync(lockFile, 'utf8');
    const since = statSync(lockFile).ctime.toISOString();
    try {
      return { path: lockFile, since, holder: JSON.parse(text) as LockHolder };
    } catch {
      return { path: lockFile, since };
    }
  } catch {
    return undefined;
  }
}

export function describeStore(f: StoreFacts): StoreInfo {
  const tables: Record<string, number> = {};
  let objects = 0;
  for (const name of f.state.tableNames().sort()) {
    const n = f.state.size(name);
    if (!n) continue;
    tables[name] = n;
    objects += n;
  }
  const lock = holderOf(f.lockFile);
  return {
    path: f.path,
    exists: f.exists,
    formatVersion: f.version,
    ...(f.generation ? { generation: f.generation } : {}),
    seq: f.seq,
    objects,
    tables,
    snapshotBytes: stampOf(f.path)?.size ?? 0,
    journal: { path: f.journalFile, bytes: stampOf(f.journalFile)?.size ?? 0, records: Math.max(0, f.journalLines - 1) },
    edited: f.edited,
    ...(lock ? { lock } : {}),
    notes: [...f.notes],
  };
}
