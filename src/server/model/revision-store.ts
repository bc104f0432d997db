import { createHash } from 'node:crypto';
import { table, type ReadTx, type WriteTx } from '../../store/store.js';
import { LayeredMap } from './layered-map.js';
import type { FileRecord, RevisionRecord } from './revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { frozenCopy } from '../../store/frozen.js';

/** A page without its children: what a content hash names. */
export type PageContent = Omit<PageRecord, 'pages'>;

/** One page's content, stored once however many revisions hold it. Its id is the hash of `page`. */
export interface PageContentRecord {
  id: string;
  page: PageContent;
}

/** A page in a revision's tree: the hash of its content and the ids of its children, in order. */
export type PageNode = [hash: string, children: string[]];

/**
 * A revision as stored: its page tree as nodes by page id, written against the revision it was
 * made from (`base`) as the nodes that changed (0: removed), or whole when it has no base. Files,
 * reusable contents and variables, absent, are the base's. A revision written in the older form
 * holds its whole page tree in `pages`, and is read as such.
 */
export interface StoredRevision {
  id: string;
  space: string;
  changeRequest?: string;
  parents: string[];
  type: RevisionRecord['type'];
  createdAt: string;
  mergedFrom?: string;
  message?: string;
  base?: string;
  /** How many revisions lead back to one written whole (0: this one). */
  depth?: number;
  /** About how many bytes of nodes the revisions since the last one written whole hold, this one's included. */
  weight?: number;
  nodes?: Record<string, PageNode | 0>;
  /** Ids of the top-level pages: always when written whole, else when changed. */
  root?: readonly string[];
  files?: FileRecord[];
  reusableContents?: RevisionRecord['reusableContents'];
  variables?: Record<string, string>;
  pages?: PageRecord[];
}

export const storedRevisions = table<StoredRevision>('revisions');
export const pageContents = table<PageContentRecord>('pageContents');

/** A chain of deltas longer than this is cut by a revision written whole, so that an old one reads in bounded steps. */
const MAX_DEPTH = 400;
/** Revisions kept read by the store (see ReadTx.memo): the latest of a few spaces and change requests. */
const KEEP = 64;

/** A revision read: the record services see, with what the next revision is written against. */
interface Materialized {
  rev: RevisionRecord;
  /** Made over the base's (see LayeredMap), so that a revision costs what it changed. */
  nodes: LayeredMap<PageNode>;
  root: readonly string[];
  /** The page objects of `rev.pages`, by id: unchanged subtrees are shared with the next revision. */
  objects: LayeredMap<PageRecord>;
  depth: number;
  weight: number;
  /** The weight of all its nodes: what writing it whole would cost. */
  whole: number;
}

/**
 * Revisions this process wrote lately, by id, with the stored object (frozen, and the one the
 * store keeps once committed): reading one back is a lookup. Bounded, as the store keeps the
 * records it wrote until its next compaction, and each reading holds its whole tree.
 */
const written = new Map<string, { stored: object; m: Materialized }>();
function rememberWritten(id: string, stored: object, m: Materialized): void {
  written.delete(id);
  written.set(id, { stored, m });
  if (written.size > KEEP) written.delete(written.keys().next().value as string);
}

/**
 * Readings by the record handed out (services pass it back as the base of the next revision):
 * what a new revision written from it is written against. Weak: a reading lives as long as
 * its record is in use.
 */
const byRecord = new WeakMap<RevisionRecord, Materialized>();

export function contentOf(p: PageRecord): PageContent {
  const { pages: _children, ...content } = p;
  return content;
}

export function hashOf(content: PageContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);
}

/** Whether two pages say the same, children aside: field by field, strings by reference first. */
function sameContent(a: PageRecord, b: PageRecord): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (k === 'pages') continue;
    const x = (a as unknown as Record<string, unknown>)[k];
    const y = (b as unknown as Record<string, unknown>)[k];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

function nodeWeight(id: string, n: PageNode | 0): number {
  let w = id.length + 8;
  if (n) {
    w += n[0].length;
    for (const c of n[1]) w += c.length + 3;
  }
  return w;
}

function emptyMaterialized(): Materialized {
  return { rev: undefined as unknown as RevisionRecord, nodes: LayeredMap.of(), root: [], objects: LayeredMap.of(), depth: 0, weight: 0, whole: 0 };
}

/**
 * The record a stored revision reads as: its own fields (any a newer writer added included), files,
 * reusable contents and variables from its base when it did not write them.
 */
function recordOf(s: StoredRevision, pages: PageRecord[], base: Materialized | undefined): RevisionRecord {
  const { base: _base, depth: _depth, weight: _weight, nodes: _nodes, root: _root, pages: _pages, files, reusableContents, variables, ...own } = s;
  return {
    ...own,
    pages,
    files: files ?? base?.rev.files ?? [],
    reusableContents: reusableContents ?? base?.rev.reusableContents ?? [],
    variables: variables ?? base?.rev.variables ?? {},
  };
}

/** The nodes of a page tree given whole, with each page's object. */
function nodesOf(pages: readonly PageRecord[], hash: (p: PageRecord) => string, m: Materialized): void {
  const walk = (ps: readonly PageRecord[]) => {
    for (const p of ps) {
      const n: PageNode = [hash(p), p.pages.map((k) => k.id)];
      m.nodes.set(p.id, n);
      m.whole += nodeWeight(p.id, n);
      m.objects.set(p.id, p);
      walk(p.pages);
    }
  };
  walk(pages);
  m.root = pages.map((p) => p.id);
}

/** The ids of `pages`: `ids` itself when they are the same, so that an unchanged list is shared. */
function idsOf(pages: readonly PageRecord[], ids: readonly string[]): readonly string[] {
  if (pages.length === ids.length && pages.every((p, i) => p.id === ids[i])) return ids;
  return pages.map((p) => p.id);
}

/**
 * The nodes of `pages` as changes to `from`'s, into `m` (whose maps are made over `from`'s): a
 * page that is the same object as in `from` is skipped with its whole subtree, so the work is the
 * pages changed, their ancestors, and a compare per sibling. Pages gone are those taken from a
 * changed parent (or the top level) and found nowhere else, with what was under them.
 */
function diffNodes(pages: readonly PageRecord[], hash: (p: PageRecord) => string, m: Materialized, from: Materialized): Record<string, PageNode | 0> {
  const changed: Record<string, PageNode | 0> = {};
  const dropped: string[] = [];
  const gone = (before: readonly string[], now: readonly string[]) => {
    if (before === now || before.length === 0) return;
    const ids = new Set(now);
    for (const id of before) if (!ids.has(id)) dropped.push(id);
  };
  const walk = (ps: readonly PageRecord[], was: readonly PageRecord[] | undefined, visit?: (id: string) => void) => {
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i] as PageRecord;
      visit?.(p.id);
      // The same object at the same place, or else by id: a page moved keeps its object too.
      if (was?.[i] === p || from.objects.get(p.id) === p) continue;
      if (visit) {
        walk(p.pages, undefined, visit);
        continue;
      }
      const before = from.nodes.get(p.id);
      const h = hash(p);
      const kids = idsOf(p.pages, before?.[1] ?? []);
      const n: PageNode = before && before[0] === h && kids === before[1] ? before : [h, kids as string[]];
      if (n !== before) {
        changed[p.id] = n;
        m.nodes.set(p.id, n);
        m.whole += nodeWeight(p.id, n) - (before ? nodeWeight(p.id, before) : 0);
      }
      m.objects.set(p.id, p);
      if (before) gone(before[1], kids);
      walk(p.pages, from.objects.get(p.id)?.pages);
    }
  };
  walk(pages, from.rev.pages);
  m.root = idsOf(pages, from.root);
  gone(from.root, m.root);
  if (dropped.length === 0) return changed;
  // A page taken from one place may be in another: the pages walked (the unchanged ones skipped
  // could not have gained it) are those still present.
  const present = new Set<string>();
  walk(pages, from.rev.pages, (id) => present.add(id));
  const drop = (id: string) => {
    if (present.has(id) || !m.nodes.has(id)) return;
    const was = m.nodes.get(id) as PageNode;
    m.nodes.delete(id);
    m.objects.delete(id);
    m.whole -= nodeWeight(id, was);
    changed[id] = 0;
    for (const k of was[1]) drop(k);
  };
  for (const id of dropped) drop(id);
  return changed;
}

/** One stored revision read on top of its base's reading (none when written whole). */
function apply(tx: ReadTx, s: StoredRevision, base: Materialized | undefined): Materialized {
  const m = emptyMaterialized();
  if (s.pages) {
    // The older form: the tree is all there; hashes are worked out once, here.
    nodesOf(s.pages, (p) => hashOf(contentOf(p)), m);
    m.rev = recordOf(s, s.pages, undefined);
    return m;
  }
  const from = s.base ? base : undefined;
  if (from) {
    m.nodes = from.nodes.over();
    m.whole = from.whole;
  }
  for (const [id, n] of Object.entries(s.nodes ?? {})) {
    const was = m.nodes.get(id);
    if (was) m.whole -= nodeWeight(id, was);
    if (n) {
      m.nodes.set(id, n);
      m.whole += nodeWeight(id, n);
    } else m.nodes.delete(id);
  }
  m.root = s.root ?? from?.root ?? [];
  m.depth = s.depth ?? 0;
  m.weight = s.weight ?? 0;
  // The contents the base does not share are read together, in runs of the file, not one by one.
  const wanted = new Set<string>();
  for (const [id, n] of m.nodes.entries()) if (from?.nodes.get(id)?.[0] !== n[0]) wanted.add(n[0]);
  const hashes = [...wanted];
  const contents = new Map<string, PageContent>();
  tx.getMany(pageContents, hashes).forEach((r, i) => r && contents.set(hashes[i] as string, r.page));
  const contentOfNode = (id: string, hash: string) => contents.get(hash) ?? tx.get(pageContents, hash)?.page ?? missingPage(id);
  const build = (id: string, seen: Set<string>): PageRecord | undefined => {
    const n = m.nodes.get(id);
    if (!n || seen.has(id)) return undefined;
    seen.add(id);
    const children = n[1].flatMap((k) => build(k, seen) ?? []);
    const had = from?.objects.get(id);
    // The base's page says the same when its hash is the same: only its children may differ.
    const same = had && from?.nodes.get(id)?.[0] === n[0] ? had : undefined;
    const page =
      same && same.pages.length === children.length && same.pages.every((k, i) => k === children[i])
        ? same
        : frozenCopy<PageRecord>(same ?? contentOfNode(id, n[0]), { pages: children });
    m.objects.set(id, page);
    return page;
  };
  const seen = new Set<string>();
  m.rev = recordOf(
    s,
    m.root.flatMap((id) => build(id, seen) ?? []),
    from,
  );
  return m;
}

/** What a page whose content is missing from the store reads as: its id and nothing else. */
function missingPage(id: string): PageContent {
  return { id, title: '', type: 'document', markdown: '', createdAt: '', updatedAt: '' };
}

/**
 * Reads a stored revision on top of its base's reading, kept by the store until the record
 * changes (which a revision does not): a chain of deltas is applied once, then each revision
 * made from a kept one reads in a step.
 */
function reading(tx: ReadTx, id: string): Materialized | undefined {
  return tx.memo(
    storedRevisions,
    id,
    (s) => {
      const mine = written.get(s.id);
      if (mine?.stored === s) return mine.m;
      const base = s.pages || !s.base ? undefined : reading(tx, s.base);
      const m = apply(tx, s, base);
      byRecord.set(m.rev, m);
      return m;
    },
    KEEP,
  );
}

/**
 * The hash a page's content is stored under in a revision read or written here (see hashOf):
 * pages with the same hash say the same. Undefined for a record that did not come from here.
 */
export function contentHashes(rev: RevisionRecord): ((pageId: string) => string | undefined) | undefined {
  const m = byRecord.get(rev);
  return m && ((id) => m.nodes.get(id)?.[0]);
}

/** A revision with its whole page tree, or undefined when there is none by that id. */
export function getRevision(tx: ReadTx, id: string): RevisionRecord | undefined {
  return reading(tx, id)?.rev;
}

/**
 * Stores `rev`, written against `base` (the revision it was made from) when given: the pages it
 * changed are stored by content, once; the tree as the nodes that changed. Unchanged pages are
 * known by reference or by comparing their fields, so a change costs the pages it touched, plus
 * a compare per page. Now and then (when the changes since the last revision written whole
 * outweigh one), a revision is written whole so that an old one reads in bounded steps.
 */
export function putRevision(tx: WriteTx, rev: RevisionRecord, base?: RevisionRecord): RevisionRecord {
  const from = base ? (byRecord.get(base) ?? reading(tx, base.id)) : undefined;
  const m = emptyMaterialized();
  m.rev = rev;
  const hash = (p: PageRecord): string => {
    const had = from?.objects.get(p.id);
    const known = had && from?.nodes.get(p.id);
    if (had && known && sameContent(had, p)) return known[0];
    const content = contentOf(p);
    const h = hashOf(content);
    if (!tx.get(pageContents, h)) tx.put(pageContents, { id: h, page: content });
    return h;
  };
  let changed: Record<string, PageNode | 0> = {};
  if (from) {
    m.nodes = from.nodes.over();
    m.objects = from.objects.over();
    m.whole = from.whole;
    changed = diffNodes(rev.pages, hash, m, from);
  } else {
    nodesOf(rev.pages, hash, m);
  }
  const { pages: _pages, files, reusableContents, variables, ...head } = rev;
  let weight = 0;
  for (const [id, n] of Object.entries(changed)) weight += nodeWeight(id, n);
  const rootChanged = !from || from.root !== m.root;
  if (rootChanged) weight += m.root.reduce((w, id) => w + id.length + 3, 0);
  const delta = !!from && from.depth + 1 < MAX_DEPTH && from.weight + weight < m.whole;
  let stored: StoredRevision;
  if (delta && from) {
    m.depth = from.depth + 1;
    m.weight = from.weight + weight;
    stored = {
      ...head,
      base: from.rev.id,
      depth: m.depth,
      weight: m.weight,
      nodes: changed,
      ...(rootChanged ? { root: m.root } : {}),
      ...(files === from.rev.files || JSON.stringify(files) === JSON.stringify(from.rev.files) ? {} : { files }),
      ...(reusableContents === from.rev.reusableContents || JSON.stringify(reusableContents) === JSON.stringify(from.rev.reusableContents)
        ? {}
        : { reusableContents }),
      ...(variables === from.rev.variables || JSON.stringify(variables) === JSON.stringify(from.rev.variables) ? {} : { variables }),
    };
  } else {
    stored = { ...head, depth: 0, weight: 0, nodes: Object.fromEntries(m.nodes), root: m.root, files, reusableContents, variables };
  }
  const put = tx.put(storedRevisions, stored);
  rememberWritten(put.id, put, m);
  byRecord.set(rev, m);
  return rev;
}
