import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { it } from 'vitest';

/** Set by .ci/run, which installs every program the tests use: there a missing one is a failure, not a skip. */
export const REQUIRE_TOOLS = 'GBCTL_TEST_REQUIRE_TOOLS';

/** Whether `program` (a name on PATH, or an absolute path) can be run here. */
export function installed(program: string): boolean {
  const candidates = program.includes('/')
    ? [program]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, program));
  return candidates.some((p) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether the tests that need `program` can run. When it is absent they are skipped with the
 * reason printed (`npm test` on a machine set up as the README says needs none of them); under
 * GBCTL_TEST_REQUIRE_TOOLS=1 a failing test says which program is missing instead.
 * Call it at the top level of a test file, and skip with `describe.skipIf(!ok)` / `it.skipIf(!ok)`.
 */
export function needs(program: string, install: string): boolean {
  if (installed(program)) return true;
  const why = `${program} is not installed (${install})`;
  if (process.env[REQUIRE_TOOLS] === '1') {
    it(`has ${program}, which the tests beside this one need`, () => {
      throw new Error(`${why}; ${REQUIRE_TOOLS}=1 makes a missing program a failure`);
    });
  } else {
    console.warn(`skipped: the tests that need ${program}, since ${why}`);
  }
  return false;
}
