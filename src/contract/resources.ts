import type { EndpointId } from './index.js';

type ResourceOf<K> = K extends `${infer R}.${string}` ? R : never;

/** The first part of an endpoint id: `spaces` in `spaces.list`. */
export type Resource = ResourceOf<EndpointId>;

/** The ids of one resource's endpoints. */
export type IdsOf<R extends Resource> = Extract<EndpointId, `${R}.${string}`>;
