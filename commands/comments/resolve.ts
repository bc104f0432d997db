import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { registerSetResolved } from './set-resolved.js';

export function registerResolve(comments: Command, cli: Cli): void {
  registerSetResolved(comments, cli, 'resolve', 'Resolve a comment (sets resolvedAt and resolvedBy)');
}
