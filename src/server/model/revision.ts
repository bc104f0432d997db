import { table } from '../../store/store.js';

/** Source of a computed page (e.g. pages generated from an OpenAPI spec). */
export type ComputedSourceRecord = {
  type: 'builtin:openapi';
  props: { models: boolean };
  dependencies: { spec: { ref: { kind: 'openapi'; spec: string } } };
};

export interface PageRecord {
  id: string;
  title: string;
  emoji?: string;
  type: 'document' | 'group' | 'link' | 'computed';
  /** Markdown body of a document page. */
  markdown: string;
  description?: string;
  /** Icon name (front matter `icon`). */
  icon?: string;
  hidden?: boolean;
  /** Layout settings that differ from the default (front matter `layout`). */
  layout?: Record<string, boolean | string>;
  /** The file the page was imported from, relative to the content root; export writes it back there. */
  gitPath?: string;
  /** Target of a link page. */
  href?: string;
  /** Source of a computed page. */
  computed?: ComputedSourceRecord;
  createdAt: string;
  updatedAt: string;
  pages: PageRecord[];
}

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** Blob holding the bytes, when the server has them (imported files). */
  blob?: string;
  dimensions?: { width: number; height: number };
}

/** An immutable snapshot of a space's (or change request's) content. */
export interface RevisionRecord {
  id: string;
  space: string;
  /** Set on revisions made inside a change request. */
  changeRequest?: string;
  parents: string[];
  type: 'edits' | 'merge' | 'rollback' | 'update' | 'computed';
  createdAt: string;
  pages: PageRecord[];
  files: FileRecord[];
  reusableContents: { id: string; title: string }[];
  variables: Record<string, string>;
  /** Change request merged by a `merge` revision. */
  mergedFrom?: string;
  /** Why the revision was made, shown as its commit message. */
  message?: string;
  /** Redirects of the Git Sync folder (`.gitbook.yaml`): old path to the file it now is. */
  redirects?: Record<string, string>;
}

/** Bytes the server hands out by URL: imported files and generated PDFs. */
export interface BlobRecord {
  id: string;
  contentType: string;
  /** The bytes, base64. */
  data: string;
  createdAt: string;
  /** After this the blob is gone (temporary downloads); absent for content files. */
  expiresAt?: string;
}

export const revisions = table<RevisionRecord>('revisions');
export const blobs = table<BlobRecord>('blobs');
