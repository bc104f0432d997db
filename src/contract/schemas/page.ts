import * as z from 'zod';
import { DateTime } from './common.js';
import { JsonDocument } from './document.js';

/** Page kinds. The deprecated `kind` mirrors it: sheet (document), group, link; computed has none. */
export const PageType = z.enum(['document', 'group', 'link', 'computed']);

/*
 * Answer shapes only: each is made when first used (z.lazy), as a page's commands parse no
 * answer and making them all cost every content command a few milliseconds.
 */

/** Where a page, file or reusable content lives in the synced Git tree. */
export const GitBlob = z.lazy(() => z.looseObject({ oid: z.string(), path: z.string() }));

/** Variables of a revision or page: name to value. */
export const Variables = z.lazy(() => z.record(z.string(), z.union([z.string().max(256), z.number(), z.boolean()])));

const Props = () => z.record(z.string(), z.unknown());
const IntegrationSource = () =>
  z.looseObject({
    type: z.string().regex(/^integration:[^:]+:[^:]+$/),
    props: Props(),
    dependencies: z.record(z.string(), z.unknown()).optional(),
  });
const OpenApiDeps = () => z.looseObject({ spec: z.looseObject({}) });

/** Source of a computed document (document pages, reusable contents). */
export const ComputedDocumentSource = z.lazy(() =>
  z.union([
    z.looseObject({
      type: z.literal('builtin:openapi'),
      props: z.looseObject({ doc: z.enum(['models', 'operations', 'info']), page: z.string().min(1).optional() }),
      dependencies: OpenApiDeps(),
    }),
    z.looseObject({ type: z.literal('builtin:translation'), props: z.looseObject({ space: z.string(), document: z.string() }) }),
    IntegrationSource(),
  ]),
);

/** Source of computed pages (a computed page of a revision). */
export const ComputedRevisionSource = z.lazy(() =>
  z.union([
    z.looseObject({ type: z.literal('builtin:openapi'), props: z.looseObject({ models: z.boolean() }), dependencies: OpenApiDeps() }),
    z.looseObject({
      type: z.literal('builtin:translation'),
      props: Props(),
      dependencies: z.looseObject({ translation: z.looseObject({}) }),
    }),
    IntegrationSource(),
  ]),
);

export const PageLayout = z.lazy(() =>
  z.looseObject({
    width: z.enum(['default', 'wide']),
    cover: z.boolean(),
    coverSize: z.enum(['hero', 'full']),
    title: z.boolean(),
    description: z.boolean(),
    tableOfContents: z.boolean(),
    outline: z.boolean(),
    pagination: z.boolean(),
    metadata: z.boolean(),
  }),
);

const FileRef = () => z.looseObject({ kind: z.literal('file'), file: z.string() });
const UrlRef = () => z.looseObject({ kind: z.literal('url'), url: z.string() });
const ImageRef = () => z.discriminatedUnion('kind', [FileRef(), UrlRef()]);

/** A content reference as returned (the platform's `ContentRef`): each kind requires its own key. */
export const ContentRefOut = z.lazy(() =>
  z.discriminatedUnion('kind', [
    FileRef(),
    UrlRef(),
    z.looseObject({ kind: z.literal('page'), page: z.string(), space: z.string().optional() }),
    z.looseObject({
      kind: z.literal('anchor'),
      anchor: z.string(),
      space: z.string().optional(),
      page: z.string().optional(),
    }),
    z.looseObject({ kind: z.literal('user'), user: z.string() }),
    z.looseObject({ kind: z.literal('collection'), collection: z.string() }),
    z.looseObject({ kind: z.literal('space'), space: z.string() }),
    z.looseObject({ kind: z.literal('reusable-content'), reusableContent: z.string(), space: z.string().optional() }),
    z.looseObject({ kind: z.literal('openapi'), spec: z.string() }),
  ]),
);
export const PageCover = z.lazy(() => z.looseObject({ ref: ImageRef().optional(), refDark: ImageRef().optional(), yPos: z.number() }));

/**
 * gbctl's own (absent from the hosted API): how the page's Git Sync file was written, beyond what
 * the page's fields say, so that an export writes an unchanged page back byte for byte.
 */
export const PageGitSync = z.lazy(() =>
  z.object({
    frontMatter: z.string().optional(),
    heading: z.string().optional(),
    headless: z.boolean().optional(),
    lead: z.string().optional(),
    gap: z.string().optional(),
    end: z.string().optional(),
    line: z.string().optional(),
    before: z.array(z.string()).optional(),
    links: z.record(z.string(), z.array(z.string())).optional(),
  }),
);

const pageBase = () => ({
  id: z.string(),
  title: z.string().min(1),
  emoji: z.string().max(50).optional(),
  icon: z.string().max(50).optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  hidden: z.boolean().optional(),
  gitSync: PageGitSync.optional(),
});
const indexing = () => ({ noIndex: z.boolean().optional(), noRobotsIndex: z.boolean().optional() });

const DocumentPageFields = () =>
  z.looseObject({
    ...pageBase(),
    ...indexing(),
    type: z.literal('document'),
    kind: z.literal('sheet'),
    urls: z.looseObject({ app: z.string() }),
    slug: z.string(),
    path: z.string(),
    description: z.string().optional(),
    git: GitBlob.optional(),
    layout: PageLayout,
    cover: PageCover.optional(),
    variables: Variables.optional(),
    /** The content: `markdown` (format=markdown) or `document`; one of the two is always present. */
    markdown: z.string().optional(),
    document: JsonDocument.optional(),
    documentId: z.string().optional(),
    computed: ComputedDocumentSource.optional(),
    computedSeed: z.string().optional(),
  });
const GroupPageFields = () =>
  z.looseObject({
    ...pageBase(),
    ...indexing(),
    type: z.literal('group'),
    kind: z.literal('group'),
    slug: z.string(),
    path: z.string(),
  });
const LinkPage = () =>
  z.looseObject({
    ...pageBase(),
    type: z.literal('link'),
    kind: z.literal('link'),
    target: ContentRefOut,
    href: z.string().optional(),
  });
const ComputedPage = () =>
  z.looseObject({
    ...pageBase(),
    type: z.literal('computed'),
    computed: ComputedRevisionSource,
  });

export type DocumentPage = z.infer<ReturnType<typeof DocumentPageFields>> & { pages: ChildPage[] };
export type GroupPage = z.infer<ReturnType<typeof GroupPageFields>> & { pages: ChildPage[] };
export type LinkPage = z.infer<ReturnType<typeof LinkPage>>;
export type ComputedPage = z.infer<ReturnType<typeof ComputedPage>>;
/** Pages that may sit under a document or group page (groups only at the top level). */
export type ChildPage = DocumentPage | LinkPage | ComputedPage;
export type Page = ChildPage | GroupPage;

/** The page schemas, made once when first used (ChildPage, Page). */
let tree: ReturnType<typeof pageTree> | undefined;
function pageTree() {
  const childPages = z.array(z.lazy((): z.ZodType<ChildPage> => ChildPage));
  /** 0.143.2 requires a document page to carry its content as `markdown` or as `document`. */
  const DocumentPage = DocumentPageFields()
    .extend({ pages: childPages })
    .refine((p) => p.markdown !== undefined || p.document !== undefined, {
      message: 'a document page carries markdown or document',
      path: ['markdown'],
    });
  const GroupPage = GroupPageFields().extend({ pages: childPages });
  const Link = LinkPage();
  const Computed = ComputedPage();
  return {
    ChildPage: z.discriminatedUnion('type', [DocumentPage, Link, Computed]),
    Page: z.discriminatedUnion('type', [DocumentPage, GroupPage, Link, Computed]),
  };
}
const pages = () => (tree ??= pageTree());

export const ChildPage = z.lazy(() => pages().ChildPage);

/** A page of a revision, with its child pages. */
export const Page = z.lazy(() => pages().Page);
