import * as z from 'zod';
import { DateTime } from './common.js';
import { ChangeRequest } from './change-request.js';
import { ContentFormat } from './document.js';
import { ComputedDocumentSource, GitBlob, Page, Variables } from './page.js';

export { ContentFormat };
export { ChildPage, Page, PageType } from './page.js';

export const RevisionType = z.enum(['edits', 'merge', 'rollback', 'update', 'computed']);

/** A file of a revision. */
export const File = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    downloadURL: z.string(),
    size: z.number(),
    dimensions: z.looseObject({ width: z.number(), height: z.number() }).optional(),
    git: GitBlob.optional(),
  }),
);
export type File = z.infer<typeof File>;

export const ReusableContent = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    git: GitBlob.optional(),
    document: z.string().optional(),
    computed: ComputedDocumentSource.optional(),
    computedSeed: z.string().optional(),
  }),
);

export const GitCommit = z.lazy(() =>
  z.looseObject({
    oid: z.string(),
    message: z.string(),
    createdByGitBook: z.boolean(),
    url: z.string().optional(),
    ref: z.string().optional(),
  }),
);

/**
 * gbctl's own (absent from the hosted API, where export writes the platform's defaults): how the
 * Git Sync folder the content came from was laid out, and its own files.
 */
export const RevisionGitSync = z.lazy(() =>
  z.object({
    root: z.string(),
    readme: z.string(),
    summary: z.string(),
    config: z.string().optional(),
    summaryHeader: z.string().optional(),
    summaryIndent: z.string().optional(),
    summaryBullet: z.string().optional(),
    summaryEnd: z.string().optional(),
    files: z.record(z.string(), z.string()).optional(),
  }),
);

const revisionFields = () => ({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()),
  pages: z.array(Page),
  files: z.array(File),
  reusableContents: z.array(ReusableContent),
  variables: Variables.optional(),
  createdAt: DateTime,
  git: GitCommit.optional(),
  urls: z.looseObject({ app: z.string(), published: z.string().optional(), public: z.string().optional() }),
  /** gbctl's own: the Git Sync folder's redirects (`.gitbook.yaml`), old path to the file it now is. */
  redirects: z.record(z.string(), z.string()).optional(),
  gitSync: RevisionGitSync.optional(),
});

/** A revision of a space's content; a merge revision names the change request it came from. */
export const Revision = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.looseObject({ ...revisionFields(), type: z.enum(['edits', 'rollback', 'update', 'computed']) }),
    z.looseObject({ ...revisionFields(), type: z.literal('merge'), mergedFrom: ChangeRequest }),
  ]),
);
export type Revision = z.infer<typeof Revision>;

/** `GET …/content/pages`: not a list envelope. */
export const PageList = z.lazy(() => z.looseObject({ pages: z.array(Page) }));

const SearchSection = () =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    body: z.string(),
    urls: z.looseObject({ app: z.string() }),
  });
/** A page matching a search, with its matching sections. */
export const SearchResult = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    sections: z.array(SearchSection()).optional(),
    urls: z.looseObject({ app: z.string() }),
  }),
);

export const ImportSource = z.enum(['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'notion', 'google-docs']);
export const ImportResult = z.lazy(() =>
  z.looseObject({
    revision: z.string(),
    importedResources: z.number(),
    totalResources: z.number(),
    /** gbctl's own: the files the import left out, and why. */
    skipped: z.array(z.object({ path: z.string(), reason: z.string() })).optional(),
    /** gbctl's own: what did not stop the import but was not as it should be. */
    warnings: z.array(z.string()).optional(),
  }),
);

// ---- request parts, shared by the space and change-request content endpoints ----

/** `metadata` and `computed` queries of the content reads. */
export const contentQuery = {
  metadata: z.boolean().optional().describe('include git metadata (default true)'),
  computed: z.boolean().optional().describe('compute computed content (default true)'),
};

/** Query of the single-page read. */
export const pageContentQuery = {
  format: ContentFormat.optional().describe('return the page content as document or markdown'),
  evaluated: z.boolean().optional().describe('evaluate expressions in the content (default false)'),
  ...contentQuery,
};

export const ImportBody = z.object({
  url: z.url().describe('url of the content to import'),
  source: ImportSource.describe('kind of content at the url'),
});
