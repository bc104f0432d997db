import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import { registerApi } from './api.js';
import { registerEditing } from './editing.js';
import { registerSites } from './sites.js';
import { registerLocal } from './local.js';
import { registerServe } from './serve.js';

/** Commands that are not one catalogue endpoint each. */
export function registerHandWritten(program: Command, io: Io): void {
  registerServe(program, io);
  registerApi(program, io);
  registerLocal(program, io);
  registerEditing(program, io);
  registerSites(program, io);
}
