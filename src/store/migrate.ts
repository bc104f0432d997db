import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileDurably } from './files.js';
import { STORE_VERSION } from './format.js';
import type { Row } from './store.js';
import type { StoreDocument } from './validate.js';

/**
 * One function per older format version, turning a document of that version into one of the
 * next. Add one here (and bump STORE_VERSION) whenever the layout of the files changes.
 */
export const migrations: Record<number, { describe: string; up(doc: StoreDocument): StoreDocument }> = {
  1: {
    // Format 1 was the whole dataset in one file, rewritten on every write. Format 2 keeps the
    // tables as they were, adds a generation, sequence number and checksum to the snapshot and
    // moves each write to the journal beside it.
    describe: 'one file rewritten per write → snapshot with checksum plus journal',
    up: (doc) => ({ version: 2, tables: doc.tables }),
  },
  2: {
    // Format 3 keeps the layout; a snapshot's checksum covers its header (generation, seq) too.
    describe: 'snapshot checksum covers the header',
    up: (doc) => ({ ...doc, version: 3 }),
  },
};

/** The document brought to the current version, and the steps that took it there. */
export function migrate(doc: StoreDocument): { doc: StoreDocument; steps: string[] } {
  const steps: string[] = [];
  let d = doc;
  while (d.version < STORE_VERSION) {
    const m = migrations[d.version];
    if (!m) throw new Error(`no migration from store format version ${d.version}`);
    steps.push(`${d.version} → ${d.version + 1} (${m.describe})`);
    d = m.up(d);
  }
  return { doc: d, steps };
}

/*
 * Stores made before tokens were kept hashed held the admin's API token in plaintext, as the
 * meta record `localToken` (the server's accounts turn it into `localUser` on open). A backup
 * taken when an older format is migrated is the file as it was: it is written without that
 * secret, and backups written before this was so are rewritten on open.
 */
const META_TABLE = 'meta';
const TOKENS_TABLE = 'tokens';
const PLAINTEXT_TOKEN_KEY = 'localToken';
const LOCAL_USER_KEY = 'localUser';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The tables without a plaintext admin token: the record goes, and the token's owner (found by
 * the token's hash, which the tokens table keeps) becomes the store's admin where none is named,
 * so that the backup, restored, still opens as that admin and the token still works by its hash.
 * Undefined when there is nothing to remove.
 */
export function withoutPlaintextSecrets(tables: Record<string, Row[]>): Record<string, Row[]> | undefined {
  const meta = tables[META_TABLE];
  const secret = meta?.find((r) => r.id === PLAINTEXT_TOKEN_KEY);
  if (!meta || !secret) return undefined;
  const rest = meta.filter((r) => r !== secret);
  const value = (secret as { value?: unknown }).value;
  const owner = typeof value === 'string' ? (tables[TOKENS_TABLE]?.find((t) => t.id === sha256(value)) as { user?: unknown } | undefined)?.user : undefined;
  if (typeof owner === 'string' && !rest.some((r) => r.id === LOCAL_USER_KEY)) rest.push({ id: LOCAL_USER_KEY, value: owner } as Row);
  return { ...tables, [META_TABLE]: rest };
}

/** A store file's bytes, as a backup keeps them: the same document without plaintext secrets. */
export function backupBytes(buf: Buffer): Buffer {
  if (!buf.includes(`"${PLAINTEXT_TOKEN_KEY}"`)) return buf;
  let data: { tables?: unknown };
  try {
    data = JSON.parse(buf.toString('utf8')) as { tables?: unknown };
  } catch {
    return buf;
  }
  if (!data || typeof data.tables !== 'object' || data.tables === null || Array.isArray(data.tables)) return buf;
  const tables = withoutPlaintextSecrets(data.tables as Record<string, Row[]>);
  return tables ? Buffer.from(JSON.stringify({ ...data, tables })) : buf;
}

/** The backups older formats' migrations leave beside a store (`store.json.v1.bak`, …). */
export const backupPaths = (path: string) => Array.from({ length: STORE_VERSION - 1 }, (_, i) => `${path}.v${i + 1}.bak`);

/** Rewrites the store's backups that still hold a plaintext secret; the paths rewritten. */
export function scrubBackups(path: string): string[] {
  const done: string[] = [];
  for (const p of backupPaths(path)) {
    if (!existsSync(p)) continue;
    const buf = readFileSync(p);
    const out = backupBytes(buf);
    if (out === buf) continue;
    writeFileDurably(p, [out]);
    done.push(p);
  }
  return done;
}
