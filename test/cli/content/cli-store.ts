import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { tempDir } from '../../helpers/server.js';

/**
 * A store and a config folder of their own in a temp folder, made before the file's tests and
 * removed after them, with the CLI run in process against them: `ok` and `json` fail the test
 * on a non-zero exit, `run` answers whatever came.
 */
export function cliStore(prefix: string) {
  let tmp: ReturnType<typeof tempDir> | undefined;
  const s = {
    dir: '',
    env: {} as Record<string, string>,
    run: (...args: string[]) => runCliInProcess(args, { env: s.env }),
    async ok(...args: string[]) {
      const r = await s.run(...args);
      if (r.code !== 0) throw new Error(`gbctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
      return r;
    },
    json: async (...args: string[]) => JSON.parse((await s.ok(...args, '--json')).stdout),
  };
  beforeAll(() => {
    tmp = tempDir(prefix);
    s.dir = tmp.dir;
    s.env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
  });
  afterAll(() => tmp?.cleanup());
  return s;
}
