import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/server.js';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: (IForbiddenRuleType & { name: string })[] };
const rule = config.forbidden.find((r) => r.name === 'cli-reaches-server-through-doors') as IForbiddenRuleType & { to: { pathNot: string[] } };
const project = fileURLToPath(new URL('..', import.meta.url));
const tmp = tempDir('gbctl-layers-');
afterAll(() => tmp.cleanup());

/** The rule's violations in a tree of the given files (path -> text), cruised as `npm run lint:layers` cruises the project. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmp.dir, 'tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const out = await cruise(
    ['src', 'commands'],
    { baseDir: root, validate: true, ruleSet: { forbidden: [rule] }, tsPreCompilationDeps: true },
    { extensions: ['.ts'] },
  );
  const result = out.output as { summary: { violations: IViolation[] } };
  return result.summary.violations.map((v) => `${v.from} -> ${v.to}`);
}

describe('the command line reaches the server through its doors', () => {
  it('refuses an import of anything else in src/server from commands, the framework or the client, type-only ones too', async () => {
    const found = await violations({
      'src/server/app.ts': 'export interface App { n: number }\nexport const app = 1;\n',
      'src/server/embedded.ts': "export { app, type App } from './app';\n",
      'commands/probe.ts': "import { app } from '../src/server/app';\nimport { app as door } from '../src/server/embedded';\nexport const x = [app, door];\n",
      'src/cli/probe.ts': "import { app } from '../server/embedded';\nexport const y = app;\n",
      'src/client/probe.ts': "import type { App } from '../server/app';\nexport type Z = App;\n",
      'src/main.ts': "import { app } from './server/app';\nexport const root = app;\n",
    });
    expect(found.sort()).toEqual(['commands/probe.ts -> src/server/app.ts', 'src/client/probe.ts -> src/server/app.ts']);
  });

  it('lets every door through, and each door it names is a module of the server', async () => {
    const doors = rule.to.pathNot.map((p) => p.replace(/^\^/, '').replace(/\\\./g, '.').replace(/\$$/, ''));
    expect(doors.length).toBeGreaterThan(0);
    for (const d of doors) expect(existsSync(join(project, d)), d).toBe(true);
    const files: Record<string, string> = {};
    doors.forEach((d, i) => {
      files[d] = 'export const door = 1;\n';
      files[`commands/probe-${i}.ts`] = `import { door } from '../${d.replace(/\.ts$/, '')}';\nexport const x = door;\n`;
    });
    expect(await violations(files)).toEqual([]);
  });
});
