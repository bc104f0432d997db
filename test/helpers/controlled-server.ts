import { join } from 'node:path';
import { VERSION } from '../../src/cli/version.js';
import type { Controls } from '../../src/server/controls/routes.js';
import type { App } from '../../src/server/app.js';
import { startServer } from '../../src/server/serve.js';
import { serverResources } from '../../src/registry.js';
import { tempDir } from './server.js';

export interface ControlledServer {
  url: string;
  token: string;
  org: string;
  controls: Controls;
  /** The app, to serve on another socket as well. */
  app: App;
  /** GITBOOK_ENDPOINT, GITBOOK_TOKEN and GITBOOK_ORGANIZATION for gbctl run against it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** What `gbctl serve` runs (src/server/serve.ts), in this process: a store file, the test controls and a socket on port 0. */
export async function startControlled(): Promise<ControlledServer> {
  const tmp = tempDir('gbctl-controls-');
  const running = await startServer(serverResources, {
    path: join(tmp.dir, 'store.json'),
    host: '127.0.0.1',
    port: 0,
    // On loopback, as gbctl serve there: file:// URLs and this machine's addresses may be read.
    fileUrls: true,
    privateUrls: true,
    controls: { version: VERSION, jit: false },
    warn: () => {},
  });
  const e = running.embedded;
  return {
    url: running.url,
    token: e.token,
    org: e.organization,
    controls: running.controls as Controls,
    app: e.app,
    env: { GITBOOK_ENDPOINT: running.url, GITBOOK_TOKEN: e.token, GITBOOK_ORGANIZATION: e.organization },
    stop: async () => {
      await running.stop(0);
      tmp.cleanup();
    },
  };
}
