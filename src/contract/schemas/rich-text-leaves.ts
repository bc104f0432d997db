import * as z from 'zod';

/*
 * The leaves of the platform's rich-text document (rich-text.ts): content references, marks,
 * leaves and text, and the helpers every node is declared with.
 */
export const isVoid = (v: boolean) => z.literal(v);
export const closed = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);
export const open = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

/**
 * The leaves' schemas, made when the document's schema is first used (rich-text.ts): zod's
 * schemas are slow to make, and most commands never check a document.
 */
export function richTextLeaves() {
  const blockBase = { object: z.literal('block'), key: z.string().optional() };
  const inlineBase = { object: z.literal('inline'), key: z.string().optional() };
  const meta = z.looseObject({ id: z.string() }).optional();

  const TextAlignment = z.enum(['start', 'center', 'end']);
  const VerticalAlignment = z.enum(['top', 'middle', 'bottom']);
  const Length = z.union([z.number(), open({ unit: z.string(), value: z.number() })]);
  const Icon = z.string().max(50);

  // Content references
  const RefFile = open({ kind: z.literal('file'), file: z.string() });
  const RefUrl = open({ kind: z.literal('url'), url: z.string() });
  const RefPage = open({ kind: z.literal('page'), page: z.string(), space: z.string().optional() });
  const RefAnchor = open({ kind: z.literal('anchor'), anchor: z.string(), space: z.string().optional(), page: z.string().optional() });
  const RefUser = open({ kind: z.literal('user'), user: z.string() });
  const RefCollection = open({ kind: z.literal('collection'), collection: z.string() });
  const RefSpace = open({ kind: z.literal('space'), space: z.string() });
  const RefReusable = open({ kind: z.literal('reusable-content'), reusableContent: z.string(), space: z.string().optional() });
  const RefOpenApi = open({ kind: z.literal('openapi'), spec: z.string() });
  const ContentRef = z.discriminatedUnion('kind', [RefFile, RefUrl, RefPage, RefAnchor, RefUser, RefCollection, RefSpace, RefReusable, RefOpenApi]);
  const ImageRef = z.discriminatedUnion('kind', [RefUrl, RefFile]);

  /** Values of the platform's `PlainObject`: nested objects of strings, booleans, numbers and arrays of them. */
  const PlainObject: z.ZodType<Record<string, unknown>> = z.lazy(() =>
    z.record(z.string(), z.union([PlainObject, z.string(), z.boolean(), z.number(), z.array(z.union([z.string(), z.boolean(), z.number(), PlainObject]))])),
  );

  // Text
  const Color = z.enum(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', '$primary', '$info', '$success', '$warning', '$danger']);
  const simpleMark = (type: string) => open({ object: z.literal('mark'), type: z.literal(type) });
  const Mark = z.discriminatedUnion('type', [
    simpleMark('bold'),
    simpleMark('italic'),
    simpleMark('code'),
    simpleMark('keyboard'),
    simpleMark('strikethrough'),
    simpleMark('superscript'),
    simpleMark('subscript'),
    open({ object: z.literal('mark'), type: z.literal('color'), data: open({ text: Color, background: Color }) }),
  ]);
  const Leaf = open({ object: z.literal('leaf'), text: z.string(), marks: z.array(Mark) });
  const Text = open({ object: z.literal('text'), key: z.string().optional(), leaves: z.array(Leaf) });
  return {
    blockBase,
    inlineBase,
    meta,
    TextAlignment,
    VerticalAlignment,
    Length,
    Icon,
    RefFile,
    RefReusable,
    RefOpenApi,
    ContentRef,
    ImageRef,
    PlainObject,
    Text,
  };
}
