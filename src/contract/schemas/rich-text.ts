import * as z from 'zod';

/*
 * The platform's rich-text document (`JSONDocument` of its published schema) to every depth:
 * each block, inline, text, leaf and mark by its type, with the fields the platform requires,
 * and the children each kind of node may hold. Objects are open where the platform's are (extra
 * keys pass) and closed where it closes them (`additionalProperties: false`).
 */

import { closed, isVoid, open, richTextLeaves } from './rich-text-leaves.js';
import { tableParts } from './rich-text-tables.js';

/** The document's schema, made the first time a document is checked (RichTextDocument). */
function documentSchema() {
  const {
    blockBase,
    ContentRef,
    Icon,
    ImageRef,
    inlineBase,
    Length,
    meta,
    PlainObject,
    RefFile,
    RefOpenApi,
    RefReusable,
    Text,
    TextAlignment,
    VerticalAlignment,
  } = richTextLeaves();

  /** A fragment: a named list of blocks held by a block (captions, expandable parts, table cells). */
  const fragment = <S extends z.ZodRawShape>(shape: S) =>
    open({
      object: z.literal('fragment'),
      key: z.string().optional(),
      fragment: z.string().optional(),
      type: z.string().optional(),
      nodes: z.array(z.lazy((): z.ZodType => AnyBlock)),
      ...shape,
    });

  // Inlines
  const InlineImage = open({
    ...inlineBase,
    type: z.literal('inline-image'),
    isVoid: isVoid(true),
    data: open({
      ref: ImageRef,
      refDark: ImageRef.optional(),
      caption: z.string().optional(),
      alt: z.string().optional(),
      size: z.enum(['original', 'line']).optional(),
    }),
  });
  const InlineExpression = open({ ...inlineBase, type: z.literal('expression'), isVoid: isVoid(true), data: open({ expression: z.string() }) });
  const InlineAnnotation = open({
    ...inlineBase,
    type: z.literal('annotation'),
    isVoid: isVoid(false),
    nodes: z.array(Text),
    data: closed({}).optional(),
    fragments: z.array(fragment({ type: z.literal('annotation-body'), nodes: z.array(z.lazy((): z.ZodType => z.union([Essentials, Code]))).min(1) })),
  });
  const Inline = z.discriminatedUnion('type', [
    open({
      ...inlineBase,
      type: z.literal('link'),
      isVoid: isVoid(false).optional(),
      nodes: z.array(z.union([Text, InlineImage])),
      data: open({ ref: ContentRef }),
    }),
    open({ ...inlineBase, type: z.literal('emoji'), isVoid: isVoid(true), data: open({ code: z.string() }) }),
    open({ ...inlineBase, type: z.literal('icon'), isVoid: isVoid(true), data: open({ icon: z.string() }) }),
    InlineExpression,
    open({ ...inlineBase, type: z.literal('inline-math'), isVoid: isVoid(true), data: open({ formula: z.string() }) }),
    InlineImage,
    InlineAnnotation,
    open({ ...inlineBase, type: z.literal('mention'), isVoid: isVoid(true), data: open({ ref: ContentRef }) }),
    open({
      ...inlineBase,
      type: z.literal('button'),
      isVoid: isVoid(true),
      data: open({ label: z.string(), kind: z.enum(['primary', 'secondary']), icon: Icon.optional(), ref: ContentRef }),
    }),
  ]);
  const TextOrInline = z.union([Text, Inline]);

  // Blocks that hold text
  const Paragraph = open({
    ...blockBase,
    type: z.literal('paragraph'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(TextOrInline),
    data: closed({ align: TextAlignment.optional() }).optional(),
  });
  const Heading = open({
    ...blockBase,
    type: z.enum(['heading-1', 'heading-2', 'heading-3']),
    isVoid: isVoid(false).optional(),
    meta,
    nodes: z.array(TextOrInline),
    data: open({
      id: z
        .string()
        .regex(/^[-a-z0-9.+_]+$/)
        .optional(),
      align: TextAlignment.optional(),
    }),
  });
  const CodeLine = open({
    ...blockBase,
    type: z.literal('code-line'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(z.union([Text, InlineAnnotation, InlineExpression])),
    data: open({ highlighted: z.boolean().optional() }),
  });
  const Code = open({
    ...blockBase,
    type: z.literal('code'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(CodeLine),
    data: open({
      syntax: z.string().optional(),
      title: z.string().optional(),
      overflow: z.enum(['scroll', 'wrap']).optional(),
      lineNumbers: z.boolean().optional(),
      fullWidth: z.boolean().optional(),
    }),
  });

  // Lists
  const listItemChildren = (): z.ZodType => z.union([Essentials, Code, Hint, Quote, MathBlock, Table]);
  const ListItem = open({
    ...blockBase,
    type: z.literal('list-item'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(z.lazy(listItemChildren)),
    data: open({ checked: z.boolean().optional() }).optional(),
  });
  const ListOrdered = open({
    ...blockBase,
    type: z.literal('list-ordered'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(ListItem),
    data: open({ start: z.number().optional() }),
  });
  const ListUnordered = open({
    ...blockBase,
    type: z.literal('list-unordered'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(ListItem),
    data: closed({}).optional(),
  });
  const ListTasks = open({
    ...blockBase,
    type: z.literal('list-tasks'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(ListItem),
    data: closed({}).optional(),
  });
  const Divider = open({ ...blockBase, type: z.literal('divider'), isVoid: isVoid(true), data: closed({}) });

  const ESSENTIALS = [Paragraph, Heading, ListOrdered, ListUnordered, ListTasks, Divider] as const;
  const Essentials = z.discriminatedUnion('type', [...ESSENTIALS]);

  // Media and embeds
  const Image = open({
    ...blockBase,
    type: z.literal('image'),
    isVoid: isVoid(true),
    data: open({ ref: ImageRef, refDark: ImageRef.optional(), width: Length.optional(), height: Length.optional(), alt: z.string().optional() }),
    fragments: z.array(fragment({ fragment: z.literal('caption'), nodes: z.array(Paragraph) })),
  });
  const Images = open({
    ...blockBase,
    type: z.literal('images'),
    isVoid: isVoid(false),
    nodes: z.array(Image),
    data: open({ align: z.enum(['center', 'left', 'right']).optional(), fullWidth: z.boolean().optional(), withFrame: z.boolean().optional() }),
  });
  const File = open({ ...blockBase, type: z.literal('file'), isVoid: isVoid(true), data: open({ ref: RefFile }) });
  const Drawing = open({ ...blockBase, type: z.literal('drawing'), isVoid: isVoid(true), data: open({ ref: RefFile.optional() }) });
  const Embed = open({ ...blockBase, type: z.literal('embed'), isVoid: isVoid(true), data: open({ url: z.string(), fullWidth: z.boolean().optional() }) });
  const MathBlock = open({ ...blockBase, type: z.literal('math'), isVoid: isVoid(true), data: open({ formula: z.string() }) });
  const ContentRefBlock = open({ ...blockBase, type: z.literal('content-ref'), isVoid: isVoid(true), data: open({ ref: ContentRef }) });
  const ContentKitAction = z.looseObject({ action: z.string() });
  const Integration = open({
    ...blockBase,
    type: z.literal('integration'),
    isVoid: isVoid(true),
    data: open({
      integration: z.string(),
      block: z.string(),
      props: PlainObject,
      action: ContentKitAction.optional(),
      url: z.string().optional(),
      fullWidth: z.boolean().optional(),
    }),
  });
  const ReusableContent = open({
    ...blockBase,
    type: z.literal('reusable-content'),
    isVoid: isVoid(true),
    data: open({ ref: RefReusable }),
    meta: open({ token: z.string().optional() }).optional(),
  });
  const openApiBlock = (type: string, pointer: z.ZodRawShape, ref: z.ZodType) =>
    open({ ...blockBase, type: z.literal(type), isVoid: isVoid(true), meta, data: open({ ...pointer, ref }) });
  const OperationPointer = { path: z.string(), method: z.string() };
  const OpenApi = open({
    ...blockBase,
    type: z.literal('swagger'),
    isVoid: isVoid(true),
    meta,
    data: open({ ...OperationPointer, ref: ImageRef, expanded: z.boolean().optional(), fullWidth: z.boolean().optional() }),
  });
  const OpenApiOperation = openApiBlock('openapi-operation', OperationPointer, RefOpenApi);
  const OpenApiSchemas = openApiBlock('openapi-schemas', { grouped: z.boolean().optional(), schemas: z.array(z.string()) }, RefOpenApi);
  const OpenApiWebhook = openApiBlock('openapi-webhook', { name: z.string(), method: z.string() }, RefOpenApi);

  // Containers
  const Quote: z.ZodType = z.lazy(() =>
    open({
      ...blockBase,
      type: z.literal('blockquote'),
      isVoid: isVoid(false).optional(),
      nodes: z.array(z.union([Essentials, Quote])),
      data: closed({}).optional(),
    }),
  );
  const Hint = open({
    ...blockBase,
    type: z.literal('hint'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(Essentials),
    data: open({ style: z.enum(['info', 'warning', 'danger', 'success']) }),
  });
  const containerChildren = (): z.ZodType => z.union([Essentials, ContentRefBlock, Code, Embed, File, Images, Drawing, Hint, Quote, MathBlock, Integration]);
  const TabsItem = open({
    ...blockBase,
    type: z.literal('tabs-item'),
    isVoid: isVoid(false).optional(),
    meta,
    nodes: z.array(z.lazy(containerChildren)),
    data: open({ title: z.string().optional() }),
  });
  const Tabs = open({
    ...blockBase,
    type: z.literal('tabs'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(TabsItem),
    data: closed({ fullWidth: z.boolean().optional() }).optional(),
  });
  const StepperStep = open({
    ...blockBase,
    type: z.literal('stepper-step'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(z.lazy(containerChildren)),
    data: open({ icon: z.string().optional() }),
  });
  const Stepper = open({
    ...blockBase,
    type: z.literal('stepper'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(StepperStep),
    data: closed({}).optional(),
  });
  const Column = open({
    ...blockBase,
    type: z.literal('column'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(
      z.lazy((): z.ZodType => z.union([Essentials, Images, Code, Hint, ContentRefBlock, Drawing, Embed, File, Integration, MathBlock, Quote, Table])),
    ),
    data: closed({ width: Length.optional(), verticalAlignment: VerticalAlignment.optional() }),
  });
  const Columns = open({
    ...blockBase,
    type: z.literal('columns'),
    isVoid: isVoid(false),
    nodes: z.array(Column),
    data: open({ fullWidth: z.boolean().optional() }),
  });
  const Expandable = open({
    ...blockBase,
    type: z.literal('expandable'),
    isVoid: isVoid(true),
    meta,
    data: closed({}),
    fragments: z.array(
      z.union([
        fragment({ fragment: z.literal('expandable-title'), type: z.literal('expandable-title'), nodes: z.array(Paragraph).length(1) }),
        fragment({
          fragment: z.literal('expandable-body'),
          type: z.literal('expandable-body'),
          nodes: z.array(z.lazy((): z.ZodType => z.union([Essentials, Images, Code, Table, Hint, Quote, ReusableContent]))).min(1),
        }),
      ]),
    ),
  });
  const If = open({
    ...blockBase,
    type: z.literal('if'),
    isVoid: isVoid(false).optional(),
    nodes: z.array(z.lazy((): z.ZodType => TopLevel)),
    data: open({ expression: z.string() }),
  });

  // Tables
  const { TableDefinition, TableValue, TableView } = tableParts(VerticalAlignment, ContentRef, ImageRef);
  const Table = open({
    ...blockBase,
    type: z.literal('table'),
    isVoid: isVoid(true),
    data: open({
      view: TableView,
      records: z.record(z.string(), open({ orderIndex: z.string(), values: z.record(z.string(), TableValue) })),
      definition: z.record(z.string(), TableDefinition),
      fullWidth: z.boolean().optional(),
    }),
    fragments: z.array(fragment({})),
  });

  const TOP_LEVEL = [
    ...ESSENTIALS,
    Hint,
    Images,
    File,
    Drawing,
    Embed,
    Code,
    MathBlock,
    Expandable,
    Tabs,
    Table,
    OpenApi,
    OpenApiOperation,
    OpenApiSchemas,
    OpenApiWebhook,
    ContentRefBlock,
    Integration,
    ReusableContent,
    Stepper,
  ] as const;
  /** A block that may stand at the top of a document. */
  const TopLevel: z.ZodType = z.union([z.discriminatedUnion('type', [...TOP_LEVEL]), Quote]);
  /** Any block at all, as a fragment holds (DocumentBlock). */
  const AnyBlock: z.ZodType = z.union([
    z.discriminatedUnion('type', [...TOP_LEVEL, Image, ListItem, If, CodeLine, TabsItem, StepperStep, Columns, Column]),
    Quote,
  ]);

  return z.looseObject({
    object: z.literal('document'),
    data: z.looseObject({ schemaVersion: z.number().int().optional() }),
    nodes: z.array(TopLevel),
  });
}

/**
 * The platform's `JSONDocument`, checked to every depth. Its schemas are made on first use:
 * making them as the module loaded cost every command that loads a page's, a comment's or a
 * change request's endpoints (28M instructions of an embedded page read).
 */
export const RichTextDocument = z.lazy(documentSchema);
