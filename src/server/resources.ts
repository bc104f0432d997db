import type { Endpoint } from '../contract/endpoint.js';
import type { AnyHandler } from './types.js';

/** An endpoint of the catalogue with the handler that serves it. */
export interface Route {
  endpoint: Endpoint;
  handler: AnyHandler;
}

/**
 * What the app needs of the catalogue beyond its route table, handed to it by the composition
 * root, which decides when each resource's schemas and services load.
 */
export interface ServerResources {
  route(id: string): Promise<Route | undefined>;
}
