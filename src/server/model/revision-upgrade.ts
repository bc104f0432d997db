import type { Dump, ReadTx, Store, WriteTx } from '../../store/store.js';
import { meta } from './org.js';
import type { RevisionRecord } from './revision.js';
import { getRevision, putRevision, storedRevisions } from './revision-store.js';

/** The meta record saying which form the store's revisions are in. */
export const CONTENT_FORMAT_KEY = 'contentFormat';
/** 2: pages stored by content, page trees as nodes written against the revision before. */
export const CONTENT_FORMAT = 2;

/**
 * Rewrites revisions stored whole (each with its full page tree) into the content-addressed
 * form, once per store: a revision is written against its first parent when that one was
 * rewritten before it. Revisions read the same either way; this only gives back the space.
 * The store's file format does not change: the records do, in one transaction.
 */
export async function upgradeContent(store: Store): Promise<number> {
  if (await store.read(contentUpgraded)) return 0;
  return store.write((tx) => upgradeContentIn(tx));
}

const done = (v: unknown) => typeof v === 'number' && v >= CONTENT_FORMAT;

/** Whether the store's revisions are already in the current form. */
export const contentUpgraded = (tx: ReadTx): boolean => done(tx.get(meta, CONTENT_FORMAT_KEY)?.value);

/** The same inside a transaction under way (the one that seeds a new store, say). */
export function upgradeContentIn(tx: WriteTx): number {
  if (done(tx.get(meta, CONTENT_FORMAT_KEY)?.value)) return 0;
  const rewritten = new Map<string, RevisionRecord>();
  let n = 0;
  for (const s of tx.all(storedRevisions)) {
    if (!s.pages) continue;
    const rev = getRevision(tx, s.id) as RevisionRecord;
    const parent = s.parents[0];
    const base = parent !== undefined ? rewritten.get(parent) : undefined;
    // Written in the new form: a copy of the record, so that this tx's reads see the new one.
    const { pages, ...fields } = rev;
    rewritten.set(s.id, putRevision(tx, { ...fields, pages }, base));
    n++;
  }
  tx.put(meta, { id: CONTENT_FORMAT_KEY, value: CONTENT_FORMAT });
  return n;
}

/**
 * A dataset's tables as a store should be given them (`gbctl store import`): a `contentFormat`
 * record beside a revision that still holds its whole page tree (a dataset made by hand, or an
 * export's meta beside revisions written in the older form) says the rewrite was done when it
 * was not, and every read of that revision would then hash each of its pages again. Without the
 * record, the store's first opening rewrites them.
 */
export function importedTables(tables: Dump['tables']): Dump['tables'] {
  const whole = (tables[storedRevisions.name] ?? []).some((r) => Array.isArray((r as { pages?: unknown }).pages));
  const metaRows = tables[meta.name];
  if (!whole || !metaRows?.some((r) => r.id === CONTENT_FORMAT_KEY)) return tables;
  return { ...tables, [meta.name]: metaRows.filter((r) => r.id !== CONTENT_FORMAT_KEY) };
}
