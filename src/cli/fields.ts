import { endpointById } from '../contract/index.js';

/** Whether a field of an endpoint goes in its query or its body. */
export function fieldLocation(endpointId: string, field: string): 'query' | 'body' | undefined {
  const e = endpointById(endpointId);
  if (e?.query?.shape && field in e.query.shape) return 'query';
  if (e?.body?.shape && field in e.body.shape) return 'body';
  return undefined;
}
