import type { z } from 'zod';
import type { EndpointId, Endpoints } from '../contract/index.js';
import type { Ctx } from './context.js';

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type ParamsOf<K extends EndpointId> = Out<Endpoints[K] extends { params: infer P } ? P : undefined>;
export type QueryOf<K extends EndpointId> = Out<Endpoints[K] extends { query: infer Q } ? Q : undefined>;
export type BodyOf<K extends EndpointId> = Out<Endpoints[K] extends { body: infer B } ? B : undefined>;
export type ResultOf<K extends EndpointId> = Endpoints[K] extends { response: infer R extends z.ZodType } ? z.input<R> : void;

export interface Input<K extends EndpointId> {
  params: ParamsOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
}

/** Serves one endpoint: validated input in, the response body (before its schema) out. */
export type Handler<K extends EndpointId> = (c: Ctx, input: Input<K>) => Promise<ResultOf<K>>;

/** One handler per endpoint: a missing one does not compile. */
export type Handlers = { [K in EndpointId]: Handler<K> };

/** The handlers for the endpoints whose ids start with a resource name. */
export type HandlersOf<P extends string> = { [K in EndpointId as K extends `${P}.${string}` ? K : never]: Handler<K> };
