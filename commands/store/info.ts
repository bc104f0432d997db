import type { Command } from 'commander';
import { storePath, type GlobalOptions, type JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { kib } from './sizes.js';
import { keysOf, printsJson } from '../../src/cli/output-flags.js';
import type { StoreInfo } from '../../src/store/info.js';

export function registerInfo(store: Command, { io }: Cli): void {
  printsJson(
    store.command('info'),
    keysOf<StoreInfo>({
      path: true,
      exists: true,
      formatVersion: true,
      generation: true,
      seq: true,
      objects: true,
      tables: true,
      snapshotBytes: true,
      journal: true,
      edited: true,
      lock: true,
      notes: true,
    }),
  )
    .description("Show the store's path, format version, object counts, sizes and journal length")
    .addHelpText('after', '\nExamples:\n  $ gbctl store info\n  $ gbctl store info --json')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as GlobalOptions & { json?: JsonFlag; jq?: string };
      const s = JsonFileStore.open(storePath(o, io.env, { dataAlias: true }), { readOnly: true, warn: (m) => io.stderr.write(`${m}\n`) });
      const info = await s.info();
      await s.close();
      await emitOrText(io, o, info, () =>
        [
          `path\t${info.path}${info.exists ? '' : ' (does not exist yet)'}`,
          `format\tversion ${info.formatVersion}`,
          `objects\t${info.objects}`,
          ...Object.entries(info.tables).map(([t, n]) => `  ${t}\t${n}`),
          `snapshot\t${kib(info.snapshotBytes)}`,
          `journal\t${info.journal.records} records, ${kib(info.journal.bytes)} (${info.journal.path})`,
          ...(info.lock
            ? [
                `lock\theld by ${info.lock.holder ? `process ${info.lock.holder.pid} on ${info.lock.holder.host}` : 'an unknown process'} since ${info.lock.since} (${info.lock.path})`,
              ]
            : []),
          ...(info.edited ? ['warning\tchanged outside gbctl since gbctl last wrote it'] : []),
          ...info.notes.map((n) => `note\t${n}`),
        ].join('\n'),
      );
    });
}
