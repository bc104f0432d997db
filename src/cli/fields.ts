import type { Endpoint } from '../contract/endpoint.js';
import type { CliResources } from './resources.js';

export type FieldLocation = (endpointId: string, field: string) => 'query' | 'body' | undefined;

/** Whether a field of an endpoint goes in its query or its body. */
export function fieldLocation(e: Endpoint | undefined, field: string): 'query' | 'body' | undefined {
  if (e?.query?.shape && field in e.query.shape) return 'query';
  if (e?.body?.shape && field in e.body.shape) return 'body';
  return undefined;
}

/** Where the fields of these endpoints go, loading only their resources' schemas. */
export async function fieldLocator(resources: CliResources, ids: string[]): Promise<FieldLocation> {
  const loaded = new Map(await Promise.all(ids.map(async (id) => [id, await resources.endpoint(id)] as const)));
  return (id, field) => fieldLocation(loaded.get(id), field);
}
