import { join } from 'node:path';
import { VERSION } from '../../src/cli/version.js';
import { createControls, rememberInitial, type Controls } from '../../src/server/controls/routes.js';
import { openEmbedded } from '../../src/server/embedded.js';
import { listen } from '../../src/server/http.js';
import type { App } from '../../src/server/app.js';
import { serverResources } from '../../src/registry.js';
import { releaseSavepoint, type Savepoint } from '../../src/store/savepoint.js';
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

/** What `gbctl serve` runs, in this process: a store file, the test controls and a socket on port 0. */
export async function startControlled(): Promise<ControlledServer> {
  const tmp = tempDir('gbctl-controls-');
  // The controls snapshot the store, which opens after them (as in serve).
  const opened: { store?: Awaited<ReturnType<typeof openEmbedded>>['store'] } = {};
  const store = () => opened.store as NonNullable<typeof opened.store>;
  const controls = createControls({
    version: VERSION,
    dataset: {
      snapshot: () => store().savepoint(),
      restore: (s) => store().restoreSavepoint(s as Savepoint),
      release: (s) => releaseSavepoint(s as Savepoint),
    },
  });
  const e = await openEmbedded(serverResources, { path: join(tmp.dir, 'store.json'), origin: '', clock: controls.clock, app: { controls } });
  opened.store = e.store;
  await rememberInitial(controls);
  const { server, url } = await listen(e.app, { port: 0, faults: controls.faults, log: controls.log });
  e.env.origin = url;
  return {
    url,
    token: e.token,
    org: e.organization,
    controls,
    app: e.app,
    env: { GITBOOK_ENDPOINT: url, GITBOOK_TOKEN: e.token, GITBOOK_ORGANIZATION: e.organization },
    stop: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await e.close();
      tmp.cleanup();
    },
  };
}
