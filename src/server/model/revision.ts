import { table } from '../../store/store.js';
import type { PageRecord, RevisionGitSync } from '../../lib/page-record.js';

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** Blob holding the bytes, when the server has them (imported files). */
  blob?: string;
  dimensions?: { width: number; height: number };
  /** Where the file lives in the Git Sync folder, relative to the content root, when not `.gitbook/assets/NAME`. */
  gitPath?: string;
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
  /** How the Git Sync folder the content came from was laid out (gbctl's own); absent for content that came from no folder. */
  gitSync?: RevisionGitSync;
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

export const blobs = table<BlobRecord>('blobs');
