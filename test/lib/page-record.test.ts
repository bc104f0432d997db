import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod';
import type { PageGitSync, RevisionGitSync } from '../../src/lib/page-record.js';
import type { PageGitSync as PageGitSyncSchema } from '../../src/contract/schemas/page.js';
import type { RevisionGitSync as RevisionGitSyncSchema } from '../../src/contract/schemas/revision.js';

// Checked by the type checker (npm run typecheck): the records the server keeps and the fields
// its answers carry for export are one shape, so an export reads back what an import stored.
describe('the Git Sync fields of the page records and of the API answers', () => {
  it('are the same shape', () => {
    expectTypeOf<z.output<typeof PageGitSyncSchema>>().toEqualTypeOf<PageGitSync>();
    expectTypeOf<z.output<typeof RevisionGitSyncSchema>>().toEqualTypeOf<RevisionGitSync>();
  });
});
