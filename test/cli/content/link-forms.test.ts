import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, PNG, writeTree } from '../../helpers/sync-folder.js';
import { cliStore } from './cli-store.js';

/**
 * Links as public Git Sync repositories hold them: climbing above the folder's root, as Git Sync
 * leaves them when it moves a page's file up a folder (`../../../.gitbook/assets/…`, a narrow
 * no-break space in a screenshot's name; `../../../tools/`), and with backslash escapes in the
 * destination, as GitBook wrote them in 2018 (`2018-10-09\_1141.png`); and into `.gitbook/assets/` a
 * folder too low, left so when a page moved down. SUMMARY.md's entries hold such escapes too.
 */
const FOLDER: Record<string, string | Buffer> = {
  'SUMMARY.md':
    '# Table of contents\n\n* [Welcome](README.md)\n* [Tools](tools/README.md)\n* [Runbooks](runbooks/README.md)\n  * [Stacked](runbooks/guides/stacked.md)\n  * [Radix](runbooks/radix.md)\n  * [Compliance](runbooks/guides/compliance.md)\n* [Create](cli/ctl\\_create.md)\n',
  'cli/ctl_create.md': '# Create\n',
  'README.md': '# Welcome\n',
  'tools/README.md': '# Tools\n',
  'runbooks/README.md': '# Runbooks\n',
  'runbooks/guides/stacked.md':
    '# Stacked\n\nUse the [CLI](../../../tools/) for it.\n\n<figure><img src="../../../.gitbook/assets/Shot 8.44.59\u202fAM.png" alt=""><figcaption></figcaption></figure>\n',
  '.gitbook/assets/Shot 8.44.59\u202fAM.png': PNG,
  'runbooks/radix.md':
    '# Radix\n\n![Data in binary](../.gitbook/assets/2018-10-09\\_1141.png)\n\n![ The \\`migration\\` tag was added](../.gitbook/assets/tags.png)\n',
  '.gitbook/assets/tags.png': Buffer.concat([PNG, Buffer.from([2])]),
  '.gitbook/assets/2018-10-09_1141.png': Buffer.concat([PNG, Buffer.from([1])]),
  // Moved a folder down, its file block kept `../`: the upload is still the root's.
  'runbooks/guides/compliance.md': '# Compliance\n\n{% file src="../.gitbook/assets/rohs_declaration.pdf" caption="RoHS Declaration" %}\n',
  '.gitbook/assets/rohs_declaration.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
};

const cli = cliStore('gbctl-link-forms-');
const gb = cli.ok;

describe('links in the forms real Git Sync folders hold', () => {
  it('resolve (above the root at the root, escapes undone): the images come in, no link is broken, and export writes them as they were', async () => {
    const folder = join(cli.dir, 'repo');
    writeTree(folder, FOLDER);
    const space = JSON.parse((await gb('spaces', 'create', '--title', 'Docs', '--json', 'id')).stdout).id as string;
    const imported = JSON.parse((await gb('content', 'import', space, '--path', folder, '--json')).stdout) as {
      importedResources: number;
      totalResources: number;
      skipped?: unknown[];
    };
    expect(imported.skipped ?? []).toEqual([]);
    expect(imported.importedResources).toBe(imported.totalResources);
    expect((await gb('spaces', 'links', space, '--status', 'broken', '--all')).stdout).toBe('');
    const rows = (await gb('spaces', 'links', space, '--all')).stdout;
    expect(rows).toContain('ok\tpage\ttools\trunbooks/guides/stacked\n');
    expect(rows).toContain('ok\tfile\tShot 8.44.59\u202fAM.png\trunbooks/guides/stacked\n');
    expect(rows).toContain('ok\tfile\t2018-10-09_1141.png\trunbooks/radix\n');
    expect(rows).toContain('ok\tfile\ttags.png\trunbooks/radix\n');
    expect(rows).toContain('ok\tfile\trohs_declaration.pdf\trunbooks/guides/compliance\n');
    const out = join(cli.dir, 'out');
    await gb('content', 'export', space, out);
    const back = listFiles(out);
    for (const [path, bytes] of Object.entries(FOLDER)) expect(back.get(path)?.equals(Buffer.from(bytes)), path).toBe(true);
    expect(readFileSync(join(out, 'runbooks/guides/stacked.md'), 'utf8')).toContain('](../../../tools/)');
  });
});
