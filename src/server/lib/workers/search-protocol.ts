import type { PageText, PageVersion } from '../search-index.js';

/**
 * The search thread's jobs. An index is named by `key` (a store of this process and a space)
 * and stands for one revision, known by its fingerprint (`fp`, of its pages' ids and versions).
 */

/** Makes the key's index that of the revision: `need` names the pages whose text it lacks. */
export interface SyncJob {
  kind: 'search';
  op: 'sync';
  key: string;
  /** Where the indexes of the store are kept on disk; none for a store in memory. */
  dir?: string;
  space: string;
  revision: string;
  fp: string;
  order: PageVersion[];
  /** The text of the pages a previous `sync` said it needed. */
  texts?: PageText[];
  /** Search once when done (a server's start-up): the first real search runs compiled code. */
  warm?: boolean;
}

export interface QueryJob {
  kind: 'search';
  op: 'query';
  key: string;
  fp: string;
  query: string;
}

/** The text of sections found by a query, by their ids. */
export interface BodiesJob {
  kind: 'search';
  op: 'bodies';
  key: string;
  fp: string;
  docs: string[];
}

/** The indexes kept on disk in `dir`, the most recently used first. */
export interface KeptJob {
  kind: 'search';
  op: 'kept';
  dir: string;
}

/** Writes every index not yet written. */
export interface FlushJob {
  kind: 'search';
  op: 'flush';
}

export type SearchJob = SyncJob | QueryJob | BodiesJob | KeptJob | FlushJob;

/** A page found: its sections that matched, by id, without their text. */
export interface Hit {
  pageId: string;
  score: number;
  sections: { doc: string; sectionId: string; title: string }[];
}

/** `stale`: the thread holds no index of that revision (sync it first). */
export type SyncResult = { state: 'ok' } | { state: 'need'; ids: string[] };
export type QueryResult = { state: 'ok'; hits: Hit[] } | { state: 'stale' };
export type BodiesResult = { state: 'ok'; bodies: string[] } | { state: 'stale' };
export type KeptResult = { space: string; revision: string }[];

export type SearchJobResult<J extends SearchJob> = J extends SyncJob
  ? SyncResult
  : J extends QueryJob
    ? QueryResult
    : J extends BodiesJob
      ? BodiesResult
      : J extends KeptJob
        ? KeptResult
        : void;
