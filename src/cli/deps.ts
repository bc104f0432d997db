import type { Command } from 'commander';
import type { ServerResources } from '../server/embedded.js';
import { connect, type Connection, type GlobalOptions, type Io, type OpenEmbedded } from './context.js';
import type { ManifestReader } from './manifest-reader.js';
import type { CliResources } from './resources.js';

export type { CliResources } from './resources.js';

/** A bespoke command module: a new top-level name, or verbs added to a catalogue noun. */
export interface BespokeModule {
  /** One line for `gbctl --help`, for a new top-level name; absent when it extends a catalogue noun. */
  summary?: string;
  register(program: Command, cli: Cli): void;
  /** Opens an object's web address (`--web` on get commands), for the module that serves them. */
  showWeb?: ShowWeb;
}

/** Prints (and on a terminal opens) an object's web address; from the embedded store by serving it. */
export type ShowWeb = (io: Io, deps: CliDeps, g: GlobalOptions, mode: 'embedded' | 'http', url: string) => Promise<void>;

/** One entry of the table of bespoke commands: the top-level name it adds or extends. */
export interface Bespoke {
  name: string;
  load(): Promise<BespokeModule>;
}

/** Everything the framework is handed by the composition root (src/main.ts). */
export interface CliDeps {
  manifest: ManifestReader;
  bespoke: readonly Bespoke[];
  resources: CliResources;
  /** For the commands that run the server in this process (`serve`, `local`, `store import`). */
  serverResources: ServerResources;
  openEmbedded: OpenEmbedded;
  /** The `--web` of get commands, loaded with the command that serves web pages. */
  showWeb: ShowWeb;
}

/** What a command runs with: the process's streams, the program's parts, and a way to connect. */
export interface Cli {
  io: Io;
  deps: CliDeps;
  connect(g: GlobalOptions): Promise<Connection>;
}

export function makeCli(io: Io, deps: CliDeps): Cli {
  return { io, deps, connect: (g) => connect(g, io, deps.openEmbedded) };
}
