import { table } from '../../store/store.js';

export interface PageRecord {
  id: string;
  title: string;
  emoji?: string;
  type: 'document' | 'group' | 'link';
  /** Markdown body of a document page. */
  markdown: string;
  description?: string;
  /** Target of a link page. */
  href?: string;
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
}

export const revisions = table<RevisionRecord>('revisions');
