import * as z from 'zod';

/*
 * The leaves of the platform's rich-text document (rich-text.ts): content references, marks,
 * leaves and text, and the helpers every node is declared with.
 */
export const blockBase = { object: z.literal('block'), key: z.string().optional() };
export const inlineBase = { object: z.literal('inline'), key: z.string().optional() };
export const meta = z.looseObject({ id: z.string() }).optional();
export const isVoid = (v: boolean) => z.literal(v);
export const closed = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);
export const open = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);

export const TextAlignment = z.enum(['start', 'center', 'end']);
export const VerticalAlignment = z.enum(['top', 'middle', 'bottom']);
export const Length = z.union([z.number(), open({ unit: z.string(), value: z.number() })]);
export const Icon = z.string().max(50);

// Content references
export const RefFile = open({ kind: z.literal('file'), file: z.string() });
const RefUrl = open({ kind: z.literal('url'), url: z.string() });
const RefPage = open({ kind: z.literal('page'), page: z.string(), space: z.string().optional() });
const RefAnchor = open({ kind: z.literal('anchor'), anchor: z.string(), space: z.string().optional(), page: z.string().optional() });
const RefUser = open({ kind: z.literal('user'), user: z.string() });
const RefCollection = open({ kind: z.literal('collection'), collection: z.string() });
const RefSpace = open({ kind: z.literal('space'), space: z.string() });
export const RefReusable = open({ kind: z.literal('reusable-content'), reusableContent: z.string(), space: z.string().optional() });
export const RefOpenApi = open({ kind: z.literal('openapi'), spec: z.string() });
export const ContentRef = z.discriminatedUnion('kind', [RefFile, RefUrl, RefPage, RefAnchor, RefUser, RefCollection, RefSpace, RefReusable, RefOpenApi]);
export const ImageRef = z.discriminatedUnion('kind', [RefUrl, RefFile]);

/** Values of the platform's `PlainObject`: nested objects of strings, booleans, numbers and arrays of them. */
export const PlainObject: z.ZodType<Record<string, unknown>> = z.lazy(() =>
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
export const Text = open({ object: z.literal('text'), key: z.string().optional(), leaves: z.array(Leaf) });
