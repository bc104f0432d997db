import type { BodyOf, ParamsOf, QueryOf, ResultOf } from '../contract/call-types.js';
import type { EndpointId, Endpoints } from '../contract/index.js';
import type { Ctx } from './context.js';

/** A request's parts as the handler gets them: validated by the endpoint's schemas. */
export interface Input<K extends EndpointId> {
  params: ParamsOf<Endpoints[K], 'read'>;
  query: QueryOf<Endpoints[K], 'read'>;
  body: BodyOf<Endpoints[K], 'read'>;
}

/** A request's body as the handler of endpoint `K` gets it. */
export type BodyIn<K extends EndpointId> = BodyOf<Endpoints[K], 'read'>;
/** A request's query as the handler of endpoint `K` gets it. */
export type QueryIn<K extends EndpointId> = QueryOf<Endpoints[K], 'read'>;

/** Serves one endpoint: validated input in, the response body (before its schema) out. */
export type Handler<K extends EndpointId> = (c: Ctx, input: Input<K>) => Promise<ResultOf<Endpoints[K], 'written'>>;

/** The handler of an endpoint not known here: the app gives it the input its endpoint's schemas validated. */
export type AnyHandler = (c: Ctx, input: never) => Promise<unknown>;

/** One handler per endpoint: a missing one does not compile. */
export type Handlers = { [K in EndpointId]: Handler<K> };

/** The handlers for the endpoints whose ids start with a resource name. */
export type HandlersOf<P extends string> = { [K in EndpointId as K extends `${P}.${string}` ? K : never]: Handler<K> };
