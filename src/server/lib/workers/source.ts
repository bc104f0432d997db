import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What a worker thread runs. The build writes the worker's entry (server/worker.ts) as `worker.cjs`
 * beside the bundles that start it (dist/). Run from source (the tests), there is no such file:
 * the entry is bundled once per process with esbuild, the bundler the build uses, its packages
 * left to be required from the project's node_modules.
 */
export interface WorkerSource {
  code: string | URL;
  eval: boolean;
  /** Where the evaluated code's packages are required from. */
  requireFrom?: string;
}

let fromSource: Promise<WorkerSource> | undefined;

export function workerSource(): Promise<WorkerSource> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    const built = new URL('./worker.cjs', here);
    if (!existsSync(built)) throw new Error(`this copy of gbctl is incomplete: ${fileURLToPath(built)} is missing (rebuild it with "npm run build")`);
    return Promise.resolve({ code: built, eval: false });
  }
  fromSource ??= bundleFromSource(here);
  return fromSource;
}

async function bundleFromSource(here: string): Promise<WorkerSource> {
  // Named at run time: the build never bundles the bundler, which only this path (source) uses.
  const bundler = 'esbuild';
  const { build } = (await import(bundler)) as typeof import('esbuild');
  const out = await build({
    entryPoints: [fileURLToPath(new URL('../../worker.ts', here))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const root = fileURLToPath(new URL('../../../../package.json', here));
  // The bundle's require() calls resolve from the project, not from the evaluating thread's cwd.
  const code = `(function (require) {\n${out.outputFiles[0]?.text ?? ''}\n})(require('node:module').createRequire(require('node:worker_threads').workerData.require));`;
  return { code, eval: true, requireFrom: root };
}
