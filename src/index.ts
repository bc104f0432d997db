import { serverResources } from './registry.js';
import { seedSpaces as seed } from './server/seed.js';
export { catalogue, endpoints, endpointById } from './contract/index.js';
export type { Endpoint, EndpointSpec } from './contract/endpoint.js';
export { Client } from './client/client.js';
export { httpTransport, inProcessTransport } from './client/transport.js';
export { ApiError, NetworkError, InputError } from './client/errors.js';
export { createApp } from './server/app.js';
export { listen } from './server/http.js';
export { MemoryStore } from './store/memory-store.js';
export { JsonFileStore } from './store/json-file-store.js';
export { openEmbedded } from './server/embedded.js';
export { serverResources };

/** Fills a store file with `count` spaces (benchmarks and large fixtures). */
export const seedSpaces = (path: string, count: number): Promise<void> => seed(serverResources, path, count);
export { routeTableSource } from './contract/route-table.js';
