import type { PageGitSync, RevisionGitSync } from '../page-record.js';
import type { PageMeta } from './frontmatter.js';

/** One file of the folder: its path from the folder's top, its size, and its bytes once read. */
export interface SourceEntry {
  path: string;
  /** Bytes on disk; known before the bytes are read, so that a large folder is read only where pages need it. */
  size?: number;
  bytes?: Uint8Array;
}

/** A page read from the folder, before it has an id. */
export interface SyncPage {
  kind: 'document' | 'group' | 'link' | 'computed';
  title: string;
  /** Source of computed pages (a SUMMARY.md entry that is a code block). */
  computed?: { type: string; props: Record<string, unknown>; dependencies?: Record<string, unknown> };
  /** The page's file, from the content root; `group:SLUG` for a group; `link:…` for a link page. */
  path: string;
  /** Target of a link page to a URL. */
  href?: string;
  /** Target of a link page to a page of the import: its file, and the anchor. */
  target?: { path: string; anchor?: string };
  /** Navigation label (SUMMARY.md's quoted link title). */
  linkTitle?: string;
  /** A group's own slug, from its heading's anchor. */
  slug?: string;
  meta: PageMeta;
  /** The cover's file, from the content root. */
  coverFile?: string;
  /** What export needs to write the file back as it was. */
  git?: PageGitSync;
  /** A page from no Git Sync file (an HTML import): matched and exported by its place and title. */
  sourceless?: boolean;
  /** Links to pages are `gitbook-page:PATH#fragment` until the pages have ids (apply.ts). */
  markdown: string;
  pages: SyncPage[];
}

/** A file pages use: its name in the revision, its place in the folder, and where its bytes are. */
export interface SyncFile {
  name: string;
  /** From the content root. */
  path: string;
  contentType: string;
  entry: SourceEntry;
}

export interface Skipped {
  path: string;
  reason: string;
}

export interface SyncRead {
  pages: SyncPage[];
  files: SyncFile[];
  skipped: Skipped[];
  /** Things that did not stop the import but were not as they should be. */
  warnings: string[];
  redirects: Record<string, string>;
  /** How the folder was laid out, for export. */
  gitSync: RevisionGitSync;
  /** Every file of the source. */
  total: number;
}

/** Marks a link to a page of the import until it has an id. */
export const PAGE_MARK = 'gitbook-page:';
export const ASSETS = '.gitbook/assets/';

/**
 * How a page's markdown refers to a file of the revision: `.gitbook/assets/` and its name,
 * encoded so that no reader of markdown stops at a space or a parenthesis.
 */
export const fileRef = (name: string) => `${ASSETS}${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
/** The platform's limit for one file of a Git Sync repository. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The platform's limit of pages in a space. */
export const MAX_PAGES = 5000;
