/**
 * The content of a revision as both sides read it: its pages, and how the Git Sync folder it came
 * from was laid out. The server stores them (server/model/revision.ts); the Git Sync code of the command
 * line and of the server reads and writes them.
 */

/** Source of a computed page (pages generated from an OpenAPI spec, an integration, a translation). */
export type ComputedSourceRecord = {
  type: string;
  props: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
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
  /** Navigation label (SUMMARY.md's quoted link title): the sidebar and the pager show it instead of the title. */
  linkTitle?: string;
  /** Kept out of search engines (front matter `noIndex`). */
  noIndex?: boolean;
  /** Cover image (front matter `cover`, `coverY`): a file of the revision by id. */
  cover?: { file: string; yPos?: number };
  /** A group's own slug (the `id` of the anchor its SUMMARY.md heading carries), when not the slug of its title. */
  slug?: string;
  /** The file the page was imported from, relative to the content root; its path and URL follow it, export writes it back there. */
  gitPath?: string;
  /** What export needs to write the page's file as it was read (gbctl's own). */
  gitSync?: PageGitSync;
  /** Target of a link page to a URL. */
  href?: string;
  /** Target of a link page to a page of the revision (a SUMMARY.md entry to an anchor, or to a page listed already). */
  target?: { page: string; anchor?: string };
  /** Source of a computed page. */
  computed?: ComputedSourceRecord;
  createdAt: string;
  updatedAt: string;
  pages: PageRecord[];
}

/**
 * How a page's file was written, beyond what the page's fields say: export writes these back
 * while they still describe the page, so an unchanged page gives back the same bytes.
 */
export interface PageGitSync {
  /** Front matter as written (the YAML between the `---` lines): keys gbctl does not know, spacing and quoting kept. */
  frontMatter?: string;
  /** The file's own `# heading` when it is not the title. */
  heading?: string;
  /** The file has no `# heading` line. */
  headless?: boolean;
  /** Whitespace between the front matter and the heading, after the heading, and at the end, when not the usual. */
  lead?: string;
  gap?: string;
  end?: string;
  /** The SUMMARY.md entry as written (without its indentation), when export would write it otherwise. */
  line?: string;
  /** Lines of SUMMARY.md before the entry (blank lines, `***`), when not those export writes. */
  before?: string[];
  /** Links, images and `src`/`href`/`url` attributes as written, by the reference they became, in order of appearance, when export would write one otherwise. */
  links?: Record<string, string[]>;
}

/** The Git Sync folder's own files and layout, so that export writes them back as they were. */
export interface RevisionGitSync {
  /** The content's folder in the repository (`root` of `.gitbook.yaml`), '' for the top. */
  root: string;
  /** `structure.readme` and `structure.summary`, relative to the root. */
  readme: string;
  summary: string;
  /** `.gitbook.yaml` as written; absent when the folder had none. */
  config?: string;
  /** SUMMARY.md's first line (`# Table of contents`), its indentation step, bullet and ending, when not the usual. */
  summaryHeader?: string;
  summaryIndent?: string;
  summaryBullet?: string;
  summaryEnd?: string;
  /** Settings files under `.gitbook/` other than assets (`tags.yaml`, `vars.yaml`), by path from the root, as written. */
  files?: Record<string, string>;
}
