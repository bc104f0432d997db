import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a view's text with the project's configuration, as if it stood in src/server/views/. */
async function problems(code: string): Promise<string[]> {
  // The probe is no file of the project, which the rules that need types cannot read: they are off here.
  const eslint = new ESLint({
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: 'src/server/views/probe.ts' });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('views present what services found and authorized', () => {
  it('refuses a view that imports HTTP errors, authorize, roleIn or a service', async () => {
    const found = await problems(
      [
        "import { notFound } from '../http-error.js';",
        "import { authorize, roleIn, roleAtLeast } from '../context.js';",
        "import { spacesService } from '../services/spaces.js';",
        'export const used = [notFound, authorize, roleIn, roleAtLeast, spacesService];',
      ].join('\n'),
    );
    expect(found.filter((p) => p.startsWith('no-restricted-imports'))).toHaveLength(4);
    expect(found.join('\n')).not.toMatch(/roleAtLeast/);
  });

  it('refuses a view that throws, reads the caller or opens a transaction', async () => {
    const found = await problems(
      [
        "import type { Ctx } from '../context.js';",
        'export function probe(c: Ctx) {',
        "  if (!c.caller || c.shareKey || c.access === 'read') throw new Error('not found');",
        '  return c.read(() => 1);',
        '}',
      ].join('\n'),
    );
    expect(found.filter((p) => p.startsWith('no-restricted-syntax'))).toHaveLength(5);
  });

  it('lets a view shape what it is given', async () => {
    const found = await problems(
      [
        "import { roleAtLeast, type Ctx } from '../context.js';",
        "import type { Role } from '../../contract/schemas/common.js';",
        "export const probe = (c: Ctx, role: Role | undefined) => ({ origin: c.origin, admin: roleAtLeast(role, 'admin') });",
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });
});
