import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { registerSetResolved } from './set-resolved.js';

export function registerReopen(comments: Command, cli: Cli): void {
  registerSetResolved(comments, cli, 'reopen', 'Reopen a resolved comment');
}
