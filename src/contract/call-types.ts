import type * as z from 'zod';

/**
 * Which side of the schema a value is on. A request part as a caller writes it and an answer as
 * a handler writes it are before the schema (`written`: zod's input, defaults still optional); the
 * same values as the server's handler and the client's caller receive them went through it
 * (`read`: zod's output, defaults filled in). Client and server name one type at the two sides.
 */
export type Side = 'written' | 'read';

type Part = 'params' | 'query' | 'body' | 'response';

/** The schema an endpoint has for one part; never when it has none. */
type SchemaOf<E, P extends Part> = P extends keyof E ? Exclude<E[P], undefined> : never;

type Shape<S, D extends Side, None> = [S] extends [never] ? None : S extends z.ZodType ? (D extends 'written' ? z.input<S> : z.output<S>) : None;

/** Of no endpoint (`never`), nothing: a handler of an endpoint not known can be called with nothing. */
type Of<E, P extends Part, D extends Side, None> = [E] extends [never] ? never : Shape<SchemaOf<E, P>, D, None>;

/** An endpoint's path parameters (an empty object when it has none). */
export type ParamsOf<E, D extends Side = 'written'> = Of<E, 'params', D, Record<string, never>>;
/** An endpoint's query parameters (an empty object when it has none). */
export type QueryOf<E, D extends Side = 'written'> = Of<E, 'query', D, Record<string, never>>;
/** An endpoint's request body (an empty object when it takes none). */
export type BodyOf<E, D extends Side = 'written'> = Of<E, 'body', D, Record<string, never>>;
/** What an endpoint answers: read by a caller by default, written by a handler; nothing for a 204. */
export type ResultOf<E, D extends Side = 'read'> = Of<E, 'response', D, void>;

/** One part of a call's input: absent when the endpoint has no such part, optional when everything in it is. */
type CallPart<Name extends string, S> = [S] extends [never]
  ? { [K in Name]?: undefined }
  : S extends z.ZodType
    ? Record<never, never> extends z.input<S>
      ? { [K in Name]?: z.input<S> }
      : { [K in Name]: z.input<S> }
    : { [K in Name]?: undefined };

/** What a call of an endpoint is given: its path parameters, query and body as the caller writes them. */
export type CallInput<E> = CallPart<'params', SchemaOf<E, 'params'>> & CallPart<'query', SchemaOf<E, 'query'>> & CallPart<'body', SchemaOf<E, 'body'>>;

/** The arguments after the endpoint in a call: the input, which may be left out when nothing in it is required. */
export type CallArgs<E> = Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
