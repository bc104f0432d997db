import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('gbctl local orgs add', () => {
  it("makes its creator, the store's admin, an admin of the new organization", async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'store.json') };
    const added = await runCli(['local', 'orgs', 'add', '--title', 'Acme'], { env });
    expect(added.code, added.stderr).toBe(0);
    const org = added.stdout.trim();
    const members = await runCli(['local', 'members', 'list', '--org', org, '--json'], { env });
    const me = JSON.parse((await runCli(['whoami', '--json'], { env })).stdout) as { user: { id: string } };
    expect(JSON.parse(members.stdout)).toEqual([expect.objectContaining({ user: me.user.id, role: 'admin' })]);
    // …so the embedded CLI can act in it at once.
    const space = await runCli(['spaces', 'create', '--org', org, '--title', 'Handbook', '--json', 'id'], { env });
    expect(space.code, space.stderr).toBe(0);
  });
});
