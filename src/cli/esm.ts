/**
 * The dependencies that are ES modules only. bin/gbctl.js runs the CommonJS bundle through
 * vm.Script with a V8 code cache, and on Node 20 an import() inside such a script fails once
 * cached data is used (the build turns the bundle's other import()s into require()s); so the shim
 * hands in an import() compiled the ordinary way. Elsewhere (tests, the ESM library) it is import().
 */
const loaders = {
  conf: () => import('conf'),
  '@inquirer/prompts': () => import('@inquirer/prompts'),
};

type Loaders = typeof loaders;

/** Set by bin/gbctl.js before it runs the bundle. */
export const SHIM_IMPORT = Symbol.for('gbctl.import');

export function importEsm<K extends keyof Loaders>(id: K): ReturnType<Loaders[K]> {
  const viaShim = (globalThis as { [SHIM_IMPORT]?: (id: string) => Promise<unknown> })[SHIM_IMPORT];
  return (viaShim ? viaShim(id) : loaders[id]()) as ReturnType<Loaders[K]>;
}
